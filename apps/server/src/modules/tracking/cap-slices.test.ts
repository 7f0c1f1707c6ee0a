// Click cap slices on their own (docs/decisions/032-several-processes.md): what is leased never passes the cap,
// unused clicks go back at close, and a database that cannot be reached makes the cap count as full, never an error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { connectDb } from '../../db/client.ts';
import { clickCapCounters } from '../../db/schema.ts';
import type { CapRow } from '../offers/index.ts';
import { CapSlices, type CapAt } from './cap-slices.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const capOf = (limit: number): CapAt => {
  const cap: CapRow = {
    id: randomUUID(),
    offerId: randomUUID(),
    metric: 'clicks',
    period: 'total',
    limit,
    geo: null,
    device: null,
    os: null,
    affiliateId: null,
  };
  return { cap, key: `${cap.id}|total`, timeZone: 'UTC' };
};

/** Takes clicks as the click route does (wait for `need`, then take while the slice has one) until the cap is full. */
const takeAll = async (slices: CapSlices, at: CapAt, most: number) => {
  let taken = 0;
  while (taken < most) {
    for (let lease = slices.need([at]); lease; lease = slices.need([at])) await lease;
    if (slices.left(at.key) <= 0) break;
    slices.take(at);
    taken += 1;
  }
  return taken;
};

const counter = async (at: CapAt) =>
  (
    await t.db
      .select()
      .from(clickCapCounters)
      .where(and(eq(clickCapCounters.capId, at.cap.id), eq(clickCapCounters.periodKey, 'total')))
  )[0]?.taken;

describe('click cap slices', () => {
  it('three holders of one cap of 130 take exactly 130 together, and what one did not use goes back at close', async () => {
    const at = capOf(130);
    const [a, b, c] = [new CapSlices(t.db), new CapSlices(t.db), new CapSlices(t.db)];
    try {
      // c takes its 10 first: run beside the others, on a busy machine they could fill the cap before c's first lease.
      const first = await takeAll(c, at, 10);
      const taken = [...(await Promise.all([takeAll(a, at, 1000), takeAll(b, at, 1000)])), first];
      // c stopped after 10 with part of its slice unused: the others could not have it yet.
      expect(taken[2]).toBe(10);
      expect(taken[0] + taken[1] + taken[2]).toBeLessThanOrEqual(130);
      await c.close();
      // a and b found the cap full and ask again only after a second; a newcomer gets what c gave back at once.
      const d = new CapSlices(t.db);
      expect(await takeAll(d, at, 1000)).toBe(130 - taken[0] - taken[1] - taken[2]);
      expect(await counter(at)).toBe(130);
      await d.close();
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
    expect(await counter(at)).toBe(130);
  });

  it('with the database unreachable the cap counts as full and the error is reported, never thrown', async () => {
    const dead = connectDb('postgres://nobody:x@127.0.0.1:1/none', 1);
    const errors: unknown[] = [];
    const slices = new CapSlices(dead, (err) => errors.push(err));
    try {
      const at = capOf(100);
      await expect(takeAll(slices, at, 5)).resolves.toBe(0);
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      await slices.close();
      await dead.$client.end();
    }
  });
});
