import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { clicks, offers } from '../../db/schema.ts';
import { ClickWriter, type ClickRow } from './click-writer.ts';

let t: TestApp;
let offerId: string;
beforeAll(async () => {
  t = await createTestApp();
  [{ id: offerId }] = await t.db.insert(offers).values({ type: 'direct_link', title: 'Writer test', vertical: 'gambling' }).returning();
});
afterAll(async () => { await t?.close(); });

const row = (): ClickRow => ({ id: randomUUID(), createdAt: new Date(), offerId, ip: '81.2.69.142', country: 'GB' });
const stored = async () => (await t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(clicks).where(eq(clicks.offerId, offerId)))[0].n;

describe('click writer', () => {
  it('holds clicks while the table cannot be written and stores them when it can again', async () => {
    const writer = new ClickWriter(t.db, t.app.log);
    const before = await stored();
    // A real failure of the database write: the table is away for a moment.
    await t.db.execute(sql`alter table clicks rename to clicks_away`);
    try {
      for (let i = 0; i < 50; i++) writer.add(row());
      await writer.flush();
      expect(writer.pending).toBe(50);
      expect(writer.lost).toBe(0);
    } finally {
      await t.db.execute(sql`alter table clicks_away rename to clicks`);
    }
    await writer.drain();
    expect(await stored()).toBe(before + 50);
    expect(writer.written).toBe(50);
  });

  it('beyond its bound it counts the clicks it cannot keep instead of growing without end', async () => {
    const writer = new ClickWriter(t.db, t.app.log, { maxBuffered: 10 });
    for (let i = 0; i < 25; i++) writer.add(row());
    expect(writer.pending).toBe(10);
    expect(writer.lost).toBe(15);
    await writer.drain();
  });

  it('close() stores what is still buffered (shutdown)', async () => {
    const writer = new ClickWriter(t.db, t.app.log, { intervalMs: 60_000 });
    writer.start();
    const before = await stored();
    for (let i = 0; i < 7; i++) writer.add(row());
    await writer.close();
    expect(await stored()).toBe(before + 7);
  });

  it('a click id already stored is skipped, not retried forever, and not rolled up twice', async () => {
    const writer = new ClickWriter(t.db, t.app.log);
    const one = row();
    const before = await stored();
    writer.add(one);
    await writer.drain();
    writer.add({ ...one });
    writer.add(row());
    await writer.drain();
    expect(await stored()).toBe(before + 2);
    const [roll] = await t.db.execute<{ n: string }>(sql`select coalesce(sum(clicks), 0) as n from stats_daily where offer_id = ${offerId}`).then((r) => r.rows);
    expect(Number(roll.n)).toBe(await stored());
  });
});
