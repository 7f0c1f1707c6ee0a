import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, inArray, like, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { clicks, offers, rejectedRows } from '../../db/schema.ts';
import { rejectedCounts } from '../../db/isolate-batch.ts';
import { ClickWriter, type ClickRow } from './click-writer.ts';

let t: TestApp;
let offerId: string;
beforeAll(async () => {
  t = await createTestApp();
  [{ id: offerId }] = await t.db
    .insert(offers)
    .values({ type: 'direct_link', title: 'Writer test', vertical: 'gambling' })
    .returning();
});
afterAll(async () => {
  await t?.close();
});

const row = (): ClickRow => ({ id: randomUUID(), createdAt: new Date(), offerId, ip: '81.2.69.142', country: 'GB' });
/** Statements of this database waiting for a lock right now. */
const blockedWrites = async () =>
  (
    await t.db.execute<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity
  where datname = current_database() and wait_event_type = 'Lock'`)
  ).rows[0].n;
const waitFor = async (ok: () => Promise<boolean> | boolean, ms = 60_000) => {
  for (const end = Date.now() + ms; !(await ok());) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};
const stored = async () =>
  (
    await t.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(clicks)
      .where(eq(clicks.offerId, offerId))
  )[0].n;

describe('click writer', () => {
  it('holds clicks while the table cannot be written and stores them when it can again (a bad row among them is not blamed for it)', async () => {
    const writer = new ClickWriter(t.db, t.app.log);
    const before = await stored();
    const bad = { ...row(), sub1: 'nul\u0000x' };
    // A real failure of the database write: the table is away for a moment.
    await t.db.execute(sql`alter table clicks rename to clicks_away`);
    try {
      for (let i = 0; i < 50; i++) await writer.add(i === 25 ? bad : row());
      await writer.flush();
      expect(writer.pending).toBe(50);
      expect(writer.rejected).toBe(0);
    } finally {
      await t.db.execute(sql`alter table clicks_away rename to clicks`);
    }
    await writer.drain();
    expect(await stored()).toBe(before + 49);
    expect(writer.written).toBe(49);
    expect(writer.rejected).toBe(1);
  });

  it('a row the database refuses is set aside with its reason; the rows around it and every later one are stored', async () => {
    const writer = new ClickWriter(t.db, t.app.log);
    const counted = rejectedCounts.clicks ?? 0;
    const good = Array.from({ length: 40 }, row);
    // Straight into the writer, past the route's cleaning: the writer alone must keep the batch going.
    const bad = { ...row(), sub1: 'nul\u0000x' };
    for (const r of [...good.slice(0, 17), bad, ...good.slice(17)]) await writer.add(r);
    await writer.drain();
    const ids = (
      await t.db
        .select({ id: clicks.id })
        .from(clicks)
        .where(
          inArray(
            clicks.id,
            [...good, bad].map((r) => r.id),
          ),
        )
    ).map((r) => r.id);
    expect(ids.sort()).toEqual(good.map((r) => r.id).sort());
    expect(writer.rejected).toBe(1);
    expect(rejectedCounts.clicks).toBe(counted + 1);
    const aside = await t.db
      .select()
      .from(rejectedRows)
      .where(like(rejectedRows.row, `%${bad.id}%`));
    expect(aside).toHaveLength(1);
    expect(aside[0].writer).toBe('clicks');
    expect(aside[0].reason).toMatch(/^22021: invalid byte sequence for encoding "UTF8": 0x00/);
    expect(JSON.parse(aside[0].row).sub1).toBe('nul\u0000x');

    const later = row();
    await writer.add(later);
    await writer.drain();
    expect(await t.db.select({ id: clicks.id }).from(clicks).where(eq(clicks.id, later.id))).toHaveLength(1);
    expect(writer.written).toBe(41);
  });

  it('never holds more than its bound of unstored clicks: past it, adding waits until a write makes room', async () => {
    const writer = new ClickWriter(t.db, t.app.log, { maxPending: 10, batchSize: 5 });
    const before = await stored();
    // The database is slow: another connection keeps the clicks table from being written.
    const blocker = await t.db.$client.connect();
    await blocker.query('begin');
    await blocker.query('lock table clicks in share mode');
    let answered = 0;
    const adds: Promise<void>[] = [];
    try {
      // A full batch starts a write at once; it waits on the lock.
      for (let i = 0; i < 30; i++)
        adds.push(
          writer.add(row()).then(() => {
            answered += 1;
          }),
        );
      await waitFor(async () => (await blockedWrites()) > 0);
      for (let i = 0; i < 30; i++)
        adds.push(
          writer.add(row()).then(() => {
            answered += 1;
          }),
        );
      await waitFor(async () => writer.waiting === 50);
      expect(answered).toBe(10);
      expect(writer.pending).toBe(10);
      expect(writer.peak).toBe(10);
      expect(await blockedWrites()).toBeGreaterThan(0);
    } finally {
      await blocker.query('commit');
      blocker.release();
    }
    await Promise.all(adds);
    await writer.drain();
    expect(answered).toBe(60);
    expect(await stored()).toBe(before + 60);
    expect(writer.peak).toBe(10);
  });

  it('close() stores what is still buffered (shutdown)', async () => {
    const writer = new ClickWriter(t.db, t.app.log, { intervalMs: 60_000 });
    writer.start();
    const before = await stored();
    for (let i = 0; i < 7; i++) await writer.add(row());
    await writer.close();
    expect(await stored()).toBe(before + 7);
  });

  it('a click id already stored is skipped, not retried forever, and not rolled up twice', async () => {
    const writer = new ClickWriter(t.db, t.app.log);
    const one = row();
    const before = await stored();
    await writer.add(one);
    await writer.drain();
    await writer.add({ ...one });
    await writer.add(row());
    await writer.drain();
    expect(await stored()).toBe(before + 2);
    const [roll] = await t.db
      .execute<{ n: string }>(sql`select coalesce(sum(clicks), 0) as n from stats_daily where offer_id = ${offerId}`)
      .then((r) => r.rows);
    expect(Number(roll.n)).toBe(await stored());
  });
});
