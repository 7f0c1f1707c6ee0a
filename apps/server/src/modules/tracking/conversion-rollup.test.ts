import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { NO_ID, offers, rejectedRows, rollupDeltas, statsDaily, statsHourly } from '../../db/schema.ts';
import { foldRollups, rollUpConversion, rollUpConversions, statusDelta } from './conversion-rollup.ts';

let t: TestApp;
let offerId: string;
const affiliateId = randomUUID();
beforeAll(async () => {
  t = await createTestApp();
  [{ id: offerId }] = await t.db
    .insert(offers)
    .values({ type: 'direct_link', title: 'Rollup test', vertical: 'gambling' })
    .returning();
});
afterAll(async () => {
  await t?.close();
});

const key = (at: string) => ({
  at: new Date(at),
  offerId,
  affiliateId,
  landingId: null,
  country: 'DE',
  device: 'mobile',
  os: 'android',
  productId: null,
  currency: 'EUR',
});
const hourly = () => t.db.select().from(statsHourly).where(eq(statsHourly.offerId, offerId)).orderBy(statsHourly.hour);
const daily = () => t.db.select().from(statsDaily).where(eq(statsDaily.offerId, offerId)).orderBy(statsDaily.day);

describe('conversion rollups', () => {
  it('are queued, then folded into the UTC hour and day of each conversion, with status moves netting out', async () => {
    // Queued inside a transaction so the server's own fold timer cannot move them before the first look.
    await t.db.transaction(async (tx) => {
      const db = tx as unknown as typeof t.db;
      await rollUpConversions(db, [
        { key: key('2026-03-01T23:40:00Z'), delta: statusDelta(null, 'pending', 500, 900) },
        { key: key('2026-03-01T23:10:00Z'), delta: statusDelta(null, 'approved', 500, 900) },
        { key: key('2026-03-02T00:05:00Z'), delta: statusDelta(null, 'pending', 500, 900) },
      ]);
      // The first one is approved, then rejected: it stays one conversion and loses its money.
      await rollUpConversion(db, key('2026-03-01T23:40:00Z'), statusDelta('pending', 'approved', 500, 900));
      await rollUpConversion(db, key('2026-03-01T23:40:00Z'), statusDelta('approved', 'rejected', 500, 900));
      expect((await db.select().from(rollupDeltas).where(eq(rollupDeltas.offerId, offerId))).length).toBe(5);
      expect(await db.select().from(statsHourly).where(eq(statsHourly.offerId, offerId))).toEqual([]);
    });

    await foldRollups(t.db, { wait: true });
    expect(
      (await hourly()).map((r) => [
        r.hour.toISOString(),
        r.conversions,
        r.pending,
        r.approved,
        r.rejected,
        r.payout,
        r.revenue,
      ]),
    ).toEqual([
      ['2026-03-01T23:00:00.000Z', 2, 0, 1, 1, 500, 900],
      ['2026-03-02T00:00:00.000Z', 1, 1, 0, 0, 500, 900],
    ]);
    expect((await daily()).map((r) => [r.day, r.conversions, r.payout])).toEqual([
      ['2026-03-01', 2, 500],
      ['2026-03-02', 1, 500],
    ]);
    expect((await t.db.select().from(rollupDeltas).where(eq(rollupDeltas.offerId, offerId))).length).toBe(0);
  });

  it('folds every queued change exactly once when folds run at the same time', async () => {
    const items = Array.from({ length: 200 }, () => ({
      key: key('2026-04-01T10:00:00Z'),
      delta: statusDelta(null, 'approved', 100, 250),
    }));
    await Promise.all(Array.from({ length: 10 }, (_, i) => rollUpConversions(t.db, items.slice(i * 20, i * 20 + 20))));
    const moved = await Promise.all([
      foldRollups(t.db, { wait: true }),
      foldRollups(t.db),
      foldRollups(t.db, { wait: true }),
      foldRollups(t.db),
    ]);
    // The server's own fold timer may have taken some; none is moved twice.
    expect(moved.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(200);
    const [row] = await t.db
      .select({ n: sql<number>`sum(conversions)`.mapWith(Number), payout: sql<number>`sum(payout)`.mapWith(Number) })
      .from(statsHourly)
      .where(sql`${statsHourly.offerId} = ${offerId} and ${statsHourly.hour} = '2026-04-01T10:00:00Z'`);
    expect(row).toEqual({ n: 200, payout: 20_000 });
  });

  it('sets aside a change the rollups refuse, folds the ones around it and keeps folding later ones', async () => {
    const at = '2026-05-01T10:00:00Z';
    // The hour holds the most conversions its column can: one more cannot be added.
    await t.db.insert(statsHourly).values({
      hour: new Date(at),
      offerId,
      affiliateId,
      landingId: NO_ID,
      country: 'PL',
      device: 'mobile',
      os: 'android',
      currency: 'EUR',
      conversions: 2_147_483_647,
    });
    const poisoned = { ...key(at), country: 'PL' };
    await t.db.transaction(async (tx) => {
      const db = tx as unknown as typeof t.db;
      await rollUpConversions(
        db,
        Array.from({ length: 9 }, (_, i) => ({ key: key(at), delta: statusDelta(null, 'approved', 100 * (i + 1), 0) })),
      );
      await rollUpConversion(db, poisoned, statusDelta(null, 'approved', 7, 0));
      await rollUpConversions(
        db,
        Array.from({ length: 6 }, () => ({ key: key(at), delta: statusDelta(null, 'pending', 10, 0) })),
      );
    });
    await foldRollups(t.db, { wait: true });
    const de = await t.db
      .select()
      .from(statsHourly)
      .where(and(eq(statsHourly.offerId, offerId), eq(statsHourly.hour, new Date(at)), eq(statsHourly.country, 'DE')));
    expect(de.map((r) => [r.conversions, r.approved, r.pending, r.payout])).toEqual([[15, 9, 6, 4560]]);
    expect(await t.db.select().from(rollupDeltas).where(eq(rollupDeltas.offerId, offerId))).toEqual([]);
    const aside = (await t.db.select().from(rejectedRows).where(eq(rejectedRows.writer, 'rollup_deltas'))).filter((r) =>
      r.row.includes(offerId),
    );
    expect(aside).toHaveLength(1);
    expect(aside[0].reason).toMatch(/^22003: integer out of range/);
    expect(JSON.parse(aside[0].row)).toMatchObject({ country: 'PL', payout: 7, conversions: 1 });

    await rollUpConversion(t.db, key(at), statusDelta(null, 'approved', 1, 0));
    await foldRollups(t.db, { wait: true });
    const [after] = await t.db
      .select()
      .from(statsHourly)
      .where(and(eq(statsHourly.offerId, offerId), eq(statsHourly.hour, new Date(at)), eq(statsHourly.country, 'DE')));
    expect(after.conversions).toBe(16);
  });
});
