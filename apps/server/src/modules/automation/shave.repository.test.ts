import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorld, type TestApp } from '#test/harness.ts';
import { hourlyShaveHistory, insertShaveHistory, shaveWorld, type ShaveWorld } from './shave.fixtures.ts';
import { findShaveSuspects, readShaveBuckets } from './shave.repository.ts';
import type { ShaveBucket } from './shave.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = new Date(Math.floor(Date.now() / HOUR) * HOUR);
const START = NOW.getTime() - 70 * DAY;
const SHAVE_FROM = NOW.getTime() - 20 * DAY;

let t: TestApp;
let w: ShaveWorld;
let shaved: ShaveBucket[];
let clean: ShaveBucket[];

beforeAll(async () => {
  ({ t, w } = await createTestWorld((app) => shaveWorld(app.db, ['Hides deposits', 'Honest buyer'])));
  shaved = hourlyShaveHistory(w, w.products[0]!, true, NOW.getTime());
  clean = hourlyShaveHistory(w, w.products[1]!, false, NOW.getTime());
  await insertShaveHistory(t.db, w, [...shaved, ...clean]);
});
afterAll(() => t?.close());

describe('shave suspects from stored leads', () => {
  it('reads back per product, affiliate, geo and hour what was stored', async () => {
    const buckets = await readShaveBuckets(t.db, new Date(START), 3);
    const sum = (bs: ShaveBucket[], k: 'sent' | 'accepted' | 'leads' | 'ftd' | 'fraudSum') =>
      bs.reduce((s, b) => s + b[k], 0);
    for (const [id, stored] of [
      [w.products[0]!, shaved],
      [w.products[1]!, clean],
    ] as const) {
      const read = buckets.filter((b) => b.productId === id);
      expect(read).toHaveLength(stored.length);
      for (const k of ['sent', 'accepted', 'leads', 'ftd', 'fraudSum'] as const)
        expect(sum(read, k)).toBe(sum(stored, k));
    }
  });

  it('finds the product that hides deposits and not the honest one', async () => {
    const suspects = await findShaveSuspects(t.db, NOW);
    expect(suspects).toHaveLength(1);
    const [s] = suspects;
    expect(s).toMatchObject({
      product_id: w.products[0],
      product_name: 'Hides deposits',
      affiliate_id: null,
      geo: null,
    });
    expect(s!.baseline_rate).toBeCloseTo(0.2, 5);
    expect(s!.recent_rate).toBeLessThan(0.16);
    expect(s!.statistic).toBeGreaterThanOrEqual(s!.threshold);
    expect(Math.abs(Date.parse(s!.since) - SHAVE_FROM)).toBeLessThanOrEqual(DAY);
  });

  it('finds nothing before the shave began', async () => {
    expect(await findShaveSuspects(t.db, new Date(SHAVE_FROM))).toEqual([]);
  });
});
