import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { auditLog, news } from '../../db/schema.ts';
import { api } from '../managers/staff.fixtures.ts';
import { newsCalls, publish, startNewsWorld, type NewsWorld } from './news.fixtures.ts';

let t: TestApp;
let w: NewsWorld;
let n: ReturnType<typeof newsCalls>;
beforeAll(async () => {
  ({ t, w } = await startNewsWorld());
  n = newsCalls(t.app);
});
afterAll(async () => {
  await t?.close();
});

const HOSTILE = [
  '# Bonus week',
  '<script>alert("s")</script>',
  '<img src="https://cdn.example/a.png" onerror="alert(1)">',
  '[win](javascript:alert(2)) and [docs](https://docs.example)',
  '<svg onload="alert(3)"></svg>',
].join('\n\n');

const auditOf = (uuid: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.details}->>'news_uuid' = ${uuid}`)
    .orderBy(auditLog.createdAt);

describe('news for admin and head', () => {
  it('keeps the Markdown as written and returns safe HTML beside it, audited', async () => {
    const res = await n.create(w.admin, { title: 'Bonus', body: HOSTILE, audience: 'affiliates', pinned: true });
    expect(res.status, res.body).toBe(200);
    const item = res.json.data;
    expect(item).toMatchObject({
      title: 'Bonus',
      body: HOSTILE,
      audience: 'affiliates',
      pinned: true,
      published: true,
    });
    expect(item.author).toMatchObject({ uuid: w.admin.id, email: w.admin.email });
    expect(item.body_html).toContain('<h1>Bonus week</h1>');
    expect(item.body_html).toContain('<a href="https://docs.example" rel="noopener noreferrer" target="_blank">');
    expect(item.body_html).not.toMatch(/<script|onerror|onload|javascript:|<svg/i);
    const rows = await auditOf(item.uuid);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'news_change', actorId: w.admin.id });
    expect(rows[0].details).toMatchObject({ change: 'create', title: 'Bonus', audience: 'affiliates' });
  });

  it('lets head edit and delete; read marks go with the item', async () => {
    const uuid = await publish(t.app, w.admin, { audience: 'affiliates' });
    expect((await n.read(w.affiliate, uuid)).status).toBe(200);
    const edited = await n.update(w.head, uuid, { title: 'Changed', body: '*new*', audience: 'all' });
    expect(edited.status, edited.body).toBe(200);
    expect(edited.json.data).toMatchObject({ title: 'Changed', body_html: '<p><em>new</em></p>', audience: 'all' });
    expect((await n.get(w.head, uuid)).json.data.title).toBe('Changed');
    const gone = await n.remove(w.head, uuid);
    expect(gone.status, gone.body).toBe(200);
    const missing = await n.get(w.admin, uuid);
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ status: 'error', data: null, error: { not_found: 'News item not found' } });
    expect((await n.remove(w.admin, uuid)).status).toBe(404);
    expect((await auditOf(uuid)).map((r) => r.details.change)).toEqual(['create', 'update', 'delete']);
  });

  it('refuses an empty title or text and an unknown audience, naming the field', async () => {
    const res = await n.create(w.admin, { title: ' ', body: '  ', audience: 'staff' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.error!)).toEqual(expect.arrayContaining(['title', 'body', 'audience']));
  });

  it('is for admin and head only; partners have only their feed', async () => {
    for (const m of [w.managerA, w.lead, w.affiliate, w.advertiser]) {
      expect((await n.create(m)).status).toBe(403);
      expect((await n.list(m)).status).toBe(403);
    }
    for (const m of [w.admin, w.head, w.managerA, w.lead]) {
      expect((await api(t.app, 'GET', '/api/news/v1/feed', m.token)).status).toBe(403);
    }
  });

  it('previews Markdown through the same sanitiser', async () => {
    const res = await api(t.app, 'POST', '/api/news/v1/preview', w.head.token, { body: HOSTILE });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data.html).toContain('<h1>Bonus week</h1>');
    expect(res.json.data.html).not.toMatch(/<script|onerror|onload|javascript:|<svg/i);
  });
});

describe('the partner feed', () => {
  it('shows each partner the news of their audience and never the other side', async () => {
    const forAffiliates = await publish(t.app, w.admin, { title: 'Aff only', audience: 'affiliates' });
    const forAdvertisers = await publish(t.app, w.admin, { title: 'Adv only', audience: 'advertisers' });
    const forAll = await publish(t.app, w.admin, { title: 'Everyone', audience: 'all' });
    const affiliateSees = (await n.feed(w.affiliate)).list.map((i) => i.uuid);
    expect(affiliateSees).toEqual(expect.arrayContaining([forAffiliates, forAll]));
    expect(affiliateSees).not.toContain(forAdvertisers);
    const advertiserSees = (await n.feed(w.advertiser)).list.map((i) => i.uuid);
    expect(advertiserSees).toEqual(expect.arrayContaining([forAdvertisers, forAll]));
    expect(advertiserSees).not.toContain(forAffiliates);
    // Marking what the feed does not show is "not found", not a way to learn that the item exists.
    expect((await n.read(w.advertiser, forAffiliates)).status).toBe(404);
    expect((await n.read(w.affiliate, forAdvertisers)).status).toBe(404);
  });

  it('hides an item with a future publish date until that moment', async () => {
    const later = new Date(Date.now() + 24 * 3600_000).toISOString();
    const uuid = await publish(t.app, w.admin, { title: 'Tomorrow', audience: 'all', publish_at: later });
    expect((await n.get(w.admin, uuid)).json.data).toMatchObject({ published: false, publish_at: later });
    const scheduled = (await n.list(w.admin, '?state=scheduled&count=100')).json.data.list.map((i: any) => i.uuid);
    expect(scheduled).toContain(uuid);
    expect((await n.feed(w.affiliate)).list.map((i) => i.uuid)).not.toContain(uuid);
    expect((await n.feed(w.advertiser)).list.map((i) => i.uuid)).not.toContain(uuid);
    expect((await n.read(w.affiliate, uuid)).status).toBe(404);
    // The moment comes: the row's date is moved instead of the clock.
    await t.db
      .update(news)
      .set({ publishAt: sql`now() - interval '1 second'` })
      .where(eq(news.id, uuid));
    expect((await n.feed(w.affiliate)).list.map((i) => i.uuid)).toContain(uuid);
    expect((await n.list(w.admin, '?state=published&count=100')).json.data.list.map((i: any) => i.uuid)).toContain(
      uuid,
    );
  });

  it('puts pinned items first, then the newest', async () => {
    const old = await publish(t.app, w.admin, { title: 'Old', publish_at: '2026-01-01T00:00:00.000Z' });
    const pinnedOld = await publish(t.app, w.admin, {
      title: 'Pinned old',
      pinned: true,
      publish_at: '2025-06-01T00:00:00.000Z',
    });
    const fresh = await publish(t.app, w.admin, { title: 'Fresh', publish_at: new Date().toISOString() });
    const order = (await n.feed(w.advertiser2)).list
      .map((i) => i.uuid)
      .filter((u) => [old, pinnedOld, fresh].includes(u));
    expect(order).toEqual([pinnedOld, fresh, old]);
  });

  it('marks items unread until the partner reads them, for that partner only', async () => {
    const uuid = await publish(t.app, w.admin, { title: 'Read me', audience: 'affiliates', body: HOSTILE });
    const before = await n.feed(w.affiliate);
    const item = before.list.find((i) => i.uuid === uuid)!;
    expect(item.read).toBe(false);
    expect(item.body_html).not.toMatch(/<script|onerror|javascript:/i);
    expect(before.unread).toBeGreaterThanOrEqual(1);
    expect((await n.read(w.affiliate, uuid)).json.data).toEqual({ read: true });
    expect((await n.read(w.affiliate, uuid)).status).toBe(200);
    const after = await n.feed(w.affiliate);
    expect(after.list.find((i) => i.uuid === uuid)!.read).toBe(true);
    expect(after.unread).toBe(before.unread - 1);
    expect((await n.feed(w.affiliate2)).list.find((i) => i.uuid === uuid)!.read).toBe(false);
  });
});
