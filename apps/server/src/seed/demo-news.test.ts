import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { createUser } from '#test/factories.ts';
import { news, newsReads } from '../db/schema.ts';
import { seedDemoNews } from './demo-news.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the demo news', () => {
  it('has items for each audience, a pinned one, a scheduled one and one the demo affiliate read; once', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const affiliate = await createUser(t.db, { role: 'affiliate' });
    const ids = new Map([
      ['admin', admin.id],
      ['affiliate', affiliate.id],
    ]);
    await seedDemoNews(t.db, ids);
    await seedDemoNews(t.db, ids);
    const rows = await t.db.select().from(news);
    expect(rows.length).toBe(5);
    expect(new Set(rows.map((r) => r.audience))).toEqual(new Set(['affiliates', 'advertisers', 'all']));
    expect(rows.some((r) => r.pinned)).toBe(true);
    expect(rows.filter((r) => r.publishAt.getTime() > Date.now())).toHaveLength(1);
    expect(rows.every((r) => r.authorId === admin.id)).toBe(true);
    expect(await t.db.select().from(newsReads).where(eq(newsReads.userId, affiliate.id))).toHaveLength(1);
  });
});
