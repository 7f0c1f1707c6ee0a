import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import {
  affiliatePostbacks,
  conversionHistory,
  conversions,
  inboundPostbacks,
  outboundPostbacks,
  statsHourly,
  users,
} from '../../db/schema.ts';
import { foldRollups } from './conversion-rollup.ts';
import { click, clickIdOf, storedClick, startClickWorld, type ClickWorld } from './click.fixtures.ts';
import { recordPostback } from './conversions.service.ts';
import { readPostbackContext } from './postback-sql.ts';
import { goalsForm, REVENUE } from '../offers/offers.fixtures.ts';
import { parseAmount } from './postback.routes.ts';
import { postbackTokenColumns } from '../advertisers/index.ts';

let t: TestApp;
let w: ClickWorld;
let token: string;
let otherToken: string;
beforeAll(async () => {
  ({ t, w } = await startClickWorld());
  token = 'adv-a-token-0123456789';
  otherToken = 'adv-b-token-0123456789';
  await t.db.update(users).set(postbackTokenColumns(token)).where(eq(users.id, w.advA.id));
  await t.db.update(users).set(postbackTokenColumns(otherToken)).where(eq(users.id, w.advB.id));
});
afterAll(async () => {
  await t?.close();
});

/** A click on a fresh offer of advertiser A, from Germany (the goals have a German registration rate). */
const freshClick = async (
  offerOver: Record<string, unknown> = {},
  sections: Record<string, Record<string, unknown>> = {},
) => {
  const o = await w.offer(offerOver, sections);
  const res = await click(t.app, `/click/${o.id}?aff=${w.affA.id}`, { ip: '46.4.0.1' });
  return { offer: o, clickId: clickIdOf(res.headers.location as string)! };
};
const postback = (query: string, method: 'GET' | 'POST' = 'GET', payload?: string) =>
  t.app.inject({
    method,
    url: method === 'GET' ? `/postback?${query}` : '/postback',
    payload,
    headers: method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
  });
const history = async (id: string) =>
  (
    await t.db
      .select()
      .from(conversionHistory)
      .where(eq(conversionHistory.conversionId, id))
      .orderBy(conversionHistory.createdAt)
  ).map((h) => `${h.fromStatus ?? '-'}>${h.toStatus}:${h.source}`);

describe('inbound postback', () => {
  it("creates a conversion at once (click still buffered) with payout and revenue from the goal table for the click's country", async () => {
    const { offer, clickId } = await freshClick();
    const res = await postback(`click_id=${clickId}&goal=registration&token=${token}`);
    expect(res.statusCode, res.body).toBe(200);
    const { conversion_id, status, flow, created } = res.json().data;
    expect({ status, flow, created }).toEqual({ status: 'pending', flow: 'accepted', created: true });
    const [conv] = await t.db.select().from(conversions).where(eq(conversions.id, conversion_id));
    expect(conv).toMatchObject({
      offerId: offer.uuid,
      affiliateId: w.affA.id,
      country: 'DE',
      revenue: REVENUE.de,
      payout: 1500,
      currency: 'EUR',
    });
    await foldRollups(t.db, { wait: true });
    const [roll] = await t.db
      .select()
      .from(statsHourly)
      .where(and(eq(statsHourly.offerId, offer.uuid), ne(statsHourly.currency, '')));
    expect(roll).toMatchObject({ conversions: 1, pending: 1, payout: 1500, revenue: REVENUE.de });
  });

  it('is idempotent on (click, goal, txid) and moves the status with a history entry; rejected takes the money out of the rollups', async () => {
    const { offer, clickId } = await freshClick();
    const q = `click_id=${clickId}&goal=ftd&txid=T-1&token=${token}`;
    const first = (await postback(q)).json().data;
    const again = (await postback(q)).json().data;
    expect(again).toMatchObject({ conversion_id: first.conversion_id, created: false, status: 'pending' });
    expect((await postback(`${q}&status=approved`)).json().data.status).toBe('approved');
    const posted = await postback('', 'POST', `click_id=${clickId}&goal=ftd&txid=T-1&status=rejected&token=${token}`);
    expect(posted.json().data.status).toBe('rejected');
    expect(await history(first.conversion_id)).toEqual([
      '->pending:postback',
      'pending>approved:postback',
      'approved>rejected:postback',
    ]);
    expect(await t.db.select().from(conversions).where(eq(conversions.clickId, clickId))).toHaveLength(1);
    await foldRollups(t.db, { wait: true });
    const [roll] = await t.db
      .select()
      .from(statsHourly)
      .where(and(eq(statsHourly.offerId, offer.uuid), ne(statsHourly.currency, '')));
    expect(roll).toMatchObject({ conversions: 1, pending: 0, approved: 0, rejected: 1, payout: 0, revenue: 0 });
    // Another txid is another conversion.
    expect((await postback(`click_id=${clickId}&goal=ftd&txid=T-2&token=${token}`)).json().data.created).toBe(true);
  });

  it("takes the revenue of the postback and pays RevShare from it, with the affiliate's override", async () => {
    const goals = {
      hold_days: 0,
      goals: [{ goal: 'deposit', payment_type: 'revshare', revenue: 0, payout: 0, payout_percent: 30 }],
      overrides: [{ affiliate_uuid: w.affA.id, goal: 'deposit', payout: 0, payout_percent: 40 }],
      confirm_payout_over_revenue: true,
    };
    const { clickId } = await freshClick({}, { goals });
    const res = await postback(`click_id=${clickId}&goal=deposit&revenue=250.50&token=${token}`);
    const [conv] = await t.db.select().from(conversions).where(eq(conversions.id, res.json().data.conversion_id));
    expect(conv).toMatchObject({ revenue: 25050, payout: 10020 });
  });

  it('a full conversion cap turns the next conversion into flow trafficback with no payout', async () => {
    const { offer, clickId } = await freshClick(
      {},
      { caps: { caps: [{ metric: 'conversions', period: 'day', limit: 1 }] } },
    );
    const second = await click(t.app, `/click/${offer.id}?aff=${w.affA.id}`, { ip: '46.4.0.2' });
    expect((await postback(`click_id=${clickId}&token=${token}`)).json().data.flow).toBe('accepted');
    const res = await postback(`click_id=${clickIdOf(second.headers.location as string)}&token=${token}`);
    expect(res.json().data.flow).toBe('trafficback');
    const [conv] = await t.db.select().from(conversions).where(eq(conversions.id, res.json().data.conversion_id));
    expect(conv.payout).toBe(0);
  });

  it('under concurrency: the same postback ten times at once is one conversion; a cap of 3 takes exactly 3 of 10', async () => {
    const { clickId } = await freshClick();
    const same = await Promise.all(
      Array.from({ length: 10 }, () => postback(`click_id=${clickId}&goal=ftd&txid=SAME&token=${token}`)),
    );
    expect(same.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(same.map((r) => r.json().data.conversion_id)).size).toBe(1);
    const { offer, clickId: capped } = await freshClick(
      {},
      { caps: { caps: [{ metric: 'conversions', period: 'total', limit: 3 }] } },
    );
    // A NOTIFY or the TTL can empty the click cache at any moment; with it cold, ten postbacks (more than the pool holds)
    // still finish: the time zone a cap needs is not read while a transaction holds a connection.
    t.services.clicks.cache.clear();
    const flows = await Promise.all(
      Array.from({ length: 10 }, (_, i) => postback(`click_id=${capped}&goal=ftd&txid=C${i}&token=${token}`)),
    );
    expect(flows.filter((r) => r.json().data.flow === 'accepted')).toHaveLength(3);
    await foldRollups(t.db, { wait: true });
    const [roll] = await t.db
      .select()
      .from(statsHourly)
      .where(and(eq(statsHourly.offerId, offer.uuid), ne(statsHourly.currency, '')));
    expect(roll.conversions).toBe(3);
  });

  it("logs each 200 with the answer and the conversion, in the conversion's own transaction, the token masked", async () => {
    const { offer, clickId } = await freshClick();
    const q = `click_id=${clickId}&goal=ftd&txid=L-1&token=${token}`;
    const first = await postback(q);
    const again = await postback(`${q}&status=approved`);
    const id = first.json().data.conversion_id;
    const logged = await t.db
      .select()
      .from(inboundPostbacks)
      .where(eq(inboundPostbacks.clickId, clickId))
      .orderBy(inboundPostbacks.createdAt);
    expect(logged.map((l) => [l.statusCode, l.conversionId, l.response])).toEqual([
      [200, id, first.json()],
      [200, id, again.json()],
    ]);
    expect(logged[0]).toMatchObject({
      advertiserId: w.advA.id,
      offerId: offer.uuid,
      affiliateId: w.affA.id,
      method: 'GET',
      params: { click_id: clickId, goal: 'ftd', txid: 'L-1', token: 'adv-…' },
    });
  });

  it('reads the token, the goal table and the overrides at each postback: a change applies to the very next one', async () => {
    const { offer, clickId } = await freshClick();
    const send = (tok: string, txid: string) =>
      postback(`click_id=${clickId}&goal=registration&txid=${txid}&token=${tok}`);
    const payoutOf = async (res: Awaited<ReturnType<typeof postback>>) =>
      (await t.db.select().from(conversions).where(eq(conversions.id, res.json().data.conversion_id)))[0].payout;
    const goals = (payout: number, overrides: unknown[] = []) =>
      w.calls.section(
        w.admin,
        offer.uuid,
        'goals',
        goalsForm({
          overrides,
          goals: [
            {
              goal: 'registration',
              payment_type: 'cpa',
              revenue: REVENUE.registration,
              payout: 1000,
              geo_rates: [{ geo: 'DE', revenue: REVENUE.de, payout }],
            },
          ],
        }),
      );
    expect(await payoutOf(await send(token, 'A'))).toBe(1500);
    expect((await goals(1700)).status).toBe(200);
    expect(await payoutOf(await send(token, 'B'))).toBe(1700);
    expect(
      (await goals(1700, [{ affiliate_uuid: w.affA.id, goal: 'registration', payout: 2100, payout_percent: 0 }]))
        .status,
    ).toBe(200);
    expect(await payoutOf(await send(token, 'C'))).toBe(2100);
    const rotated = 'adv-a-token-rotated-0123';
    await t.db.update(users).set(postbackTokenColumns(rotated)).where(eq(users.id, w.advA.id));
    try {
      expect((await send(token, 'D')).json().error).toEqual({ token: 'Invalid token' });
      expect((await send(rotated, 'D')).statusCode).toBe(200);
    } finally {
      await t.db.update(users).set(postbackTokenColumns(token)).where(eq(users.id, w.advA.id));
    }
  });

  it("queues the affiliate's postback also when its URL was saved after the postback read the click", async () => {
    const { offer, clickId } = await freshClick();
    await storedClick(t, t.db, clickId);
    const ctx = await readPostbackContext(t.db, token, clickId);
    expect(ctx.conversionUrl).toBeNull();
    await t.db.insert(affiliatePostbacks).values({
      affiliateId: w.affA.id,
      event: 'conversion',
      offerId: offer.uuid,
      url: 'http://127.0.0.1:9/pb?c={click_id}',
    });
    const log = {
      advertiserId: w.advA.id,
      offerId: offer.uuid,
      affiliateId: w.affA.id,
      clickId,
      method: 'GET',
      params: {},
      ip: '127.0.0.1',
    };
    const { conversion } = await recordPostback(t.db, {
      ctx,
      goal: undefined,
      status: 'pending',
      revenue: undefined,
      txid: '',
      timeZone: async () => 'UTC',
      answer: (c) => ({ id: c.id }),
      log,
    });
    const queued = await t.db.select().from(outboundPostbacks).where(eq(outboundPostbacks.conversionId, conversion.id));
    expect(queued.map((q) => q.url)).toEqual([`http://127.0.0.1:9/pb?c=${clickId}`]);
  });

  it('negative: every error is clear, logged, and changes nothing', async () => {
    const { clickId } = await freshClick();
    const count = async () => (await t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(conversions))[0].n;
    const before = await count();
    const cases: [string, number, Record<string, string>][] = [
      [`click_id=${clickId}`, 400, { token: 'The advertiser token is required' }],
      [`click_id=${clickId}&token=wrong-token`, 403, { token: 'Invalid token' }],
      [`click_id=${clickId}&token=${otherToken}`, 403, { click_id: 'This click is not on one of your offers' }],
      [`click_id=00000000-0000-4000-8000-000000000000&token=${token}`, 404, { click_id: 'Unknown click_id' }],
      [`click_id=nope&token=${token}`, 400, { click_id: 'Unknown click_id' }],
      [`click_id=${clickId}&revenue=12,5&token=${token}`, 400, { revenue: 'Use an amount such as 12.50' }],
      [`click_id=${clickId}&revenue=-3&token=${token}`, 400, { revenue: 'Use an amount such as 12.50' }],
      [
        `click_id=${clickId}&status=paid&token=${token}`,
        400,
        { status: 'Use one of pending, approved, rejected, hold' },
      ],
      [`click_id=${clickId}&goal=sale&token=${token}`, 400, { goal: 'The offer has no goal "sale"' }],
    ];
    for (const [q, status, error] of cases) {
      const res = await postback(q);
      expect(res.statusCode, q).toBe(status);
      expect(res.json(), q).toMatchObject({ status: 'error', data: null, error });
    }
    expect(await count()).toBe(before);
    const logged = await t.db.select().from(inboundPostbacks).where(eq(inboundPostbacks.clickId, clickId));
    expect(logged.length).toBeGreaterThanOrEqual(cases.length - 2);
    expect(JSON.stringify(logged)).not.toContain(token);
  });

  it('reads amounts strictly', () => {
    expect([parseAmount('12'), parseAmount('12.5'), parseAmount('12.50'), parseAmount('0.01')]).toEqual([
      1200, 1250, 1250, 1,
    ]);
    expect([parseAmount('12.505'), parseAmount('1e3'), parseAmount(' 5'), parseAmount('')]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });
});
