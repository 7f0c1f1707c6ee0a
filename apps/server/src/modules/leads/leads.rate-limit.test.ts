// The lead API's per-key rate limit held across processes: two apps on one database (and a real child server
// process) admit together exactly the limit, and the window slides on the database clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { like, sql } from 'drizzle-orm';
import { createTestWorld, type TestApp } from '#test/harness.ts';
import { childServer } from '#test/child-server.ts';
import { rateLimits } from '../../db/schema.ts';
import { appOnSameDatabase, createLeadWorld, type LeadWorld } from './leads.fixtures.ts';
import { leaseBudget } from './rate-limiter.ts';

const LIMIT = 40;
const env = { LEAD_API_RATE_PER_MINUTE: String(LIMIT) };

let t: TestApp, w: LeadWorld, other: TestApp;
beforeAll(async () => {
  ({ t, w } = await createTestWorld(createLeadWorld, env));
  other = await appOnSameDatabase(t.db, env);
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

/** Waits (polling the database clock) until a burst started now cannot straddle the end of a minute. */
const awayFromMinuteEnd = async (db: TestApp['db']) => {
  for (const deadline = Date.now() + 30_000; ;) {
    const { rows } = await db.execute<{ s: number }>(sql`select extract(second from now())::float as s`);
    if (Number(rows[0].s) < 45) return;
    if (Date.now() > deadline) throw new Error('the database clock did not move');
    await new Promise((r) => setTimeout(r, 200));
  }
};

const statuses = (app: TestApp['app'], key: string) =>
  app.inject({ method: 'GET', url: '/api/lead/v1/statuses', headers: { 'x-api-key': key } });

describe('lead API rate limit across processes', () => {
  it('two apps on one database admit together exactly the limit; the rest is 429 rate_limited with Retry-After', async () => {
    const key = await w.keyOf(w.affB);
    await awayFromMinuteEnd(t.db);
    const both = await Promise.all(
      Array.from({ length: 35 }, () => [statuses(t.app, key), statuses(other.app, key)]).flat(),
    );
    const admitted = both.filter((r) => r.statusCode === 200);
    const refused = both.filter((r) => r.statusCode === 429);
    expect(admitted.length + refused.length).toBe(70);
    expect(admitted).toHaveLength(LIMIT);
    expect(refused[0].json().error).toMatchObject({
      reason: 'rate_limited',
      message: expect.stringContaining(`at most ${LIMIT} a minute`),
    });
    expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(0);
    // Each app admitted some: the limit is shared, not served by one of them alone.
    const byApp = [0, 1].map((side) => both.filter((r, i) => i % 2 === side && r.statusCode === 200).length);
    expect(byApp.every((n) => n > 0)).toBe(true);
    // Another key is not affected, on either app.
    const keyA = w.keyA;
    expect([(await statuses(t.app, keyA)).statusCode, (await statuses(other.app, keyA)).statusCode]).toEqual([
      200, 200,
    ]);
  });

  it('a real server process and this one share the limit too', async () => {
    const child = await childServer('rate-limit', env);
    try {
      const here = await appOnSameDatabase(child.db, env);
      try {
        const lw = await createLeadWorld(here);
        await child.start();
        await awayFromMinuteEnd(child.db);
        const remote = () =>
          fetch(`${child.url}/api/lead/v1/statuses`, { headers: { 'x-api-key': lw.keyA } }).then((r) => r.status);
        const local = async () => (await statuses(here.app, lw.keyA)).statusCode;
        const codes = await Promise.all(Array.from({ length: 35 }, () => [remote(), local()]).flat());
        expect(codes.filter((c) => c === 200)).toHaveLength(LIMIT);
        expect(codes.filter((c) => c !== 200).every((c) => c === 429)).toBe(true);
      } finally {
        await here.close();
      }
    } finally {
      await child.stop();
    }
  });
});

describe('leases', () => {
  const key = 'lease-test';
  const start = 1_800_000_000_000 - (1_800_000_000_000 % 60_000);
  const at = (ms: number) => new Date(start + ms);
  const o = (ms: number, slice = 100) => ({ max: 10, slice, windowSec: 60, at: at(ms) });

  it('slides: the previous minute weighs in by how much of it still overlaps', async () => {
    expect((await leaseBudget(t.db, key, o(50_000, 4))).granted).toBe(4);
    expect((await leaseBudget(t.db, key, o(51_000))).granted).toBe(6);
    expect((await leaseBudget(t.db, key, o(59_000))).granted).toBe(0);
    // 15 s into the next minute three quarters of the last one still count: 7.5 of 10 used, two more fit (not three).
    expect((await leaseBudget(t.db, key, o(75_000, 1))).granted).toBe(1);
    expect((await leaseBudget(t.db, key, o(75_000))).granted).toBe(1);
    expect((await leaseBudget(t.db, key, o(75_000))).granted).toBe(0);
    // Later in that minute less of the previous one overlaps: 45 s in, a quarter (2.5) of it and this one's 2.
    expect((await leaseBudget(t.db, key, o(105_000))).granted).toBe(5);
    const later = await leaseBudget(t.db, key, o(180_000));
    expect(later).toMatchObject({ granted: 10, msLeft: 60_000 });
    // Two rows per key, one per window parity, reused.
    const rows = await t.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `lead-api:${key}:%`));
    expect(rows).toHaveLength(2);
  });

  it('a burst across the end of a minute gets no more than the limit', async () => {
    const edge = (ms: number) => ({ max: 3, slice: 1, windowSec: 60, at: at(ms) });
    const grants = [];
    for (const ms of [59_000, 59_500, 61_000, 61_500])
      grants.push((await leaseBudget(t.db, 'lease-edge', edge(ms))).granted);
    expect(grants).toEqual([1, 1, 1, 0]);
  });

  it('grants at most the allowance to many leases at once', async () => {
    const grants = await Promise.all(
      Array.from({ length: 12 }, () => leaseBudget(t.db, 'lease-race', { max: 25, slice: 3, windowSec: 3600 })),
    );
    expect(grants.reduce((sum, g) => sum + g.granted, 0)).toBe(25);
    const rows = await t.db.select().from(rateLimits).where(like(rateLimits.key, 'lead-api:lease-race:%'));
    expect(rows.map((r) => r.hits)).toEqual([25]);
  });
});
