import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { leads, productCapCounters } from '../../db/schema.ts';
import type { Buyers } from './buyers.fixtures.ts';
import { leadBody, sendLead, startLeadWorld, type LeadWorld } from './leads.fixtures.ts';

let t: TestApp, w: LeadWorld, buyers: Buyers, stop: () => Promise<void>;
beforeAll(async () => {
  ({ t, w, buyers, stop } = await startLeadWorld());
});
afterAll(() => stop?.());

const N = 10;

describe('caps under concurrency', () => {
  it(`a product's daily cap of ${N} under ${N + 20} leads at once takes exactly ${N}; the rest go on`, async () => {
    const capped = buyers.add('accept');
    const spare = buyers.add('accept');
    const cappedId = await w.product(capped);
    const offer = await w.offer([
      { product_uuid: cappedId, priority: 1, caps: { daily: N, total: null, per_geo: [] } },
      { product_uuid: await w.product(spare), priority: 2 },
    ]);
    const answers = await Promise.all(Array.from({ length: N + 20 }, () => sendLead(t, w.keyA, leadBody(offer.id))));
    expect(answers.map((a) => a.json.data?.status)).toEqual(Array(N + 20).fill('accepted'));
    expect(capped.received).toHaveLength(N);
    expect(spare.received).toHaveLength(20);
    const counters = await t.db
      .select()
      .from(productCapCounters)
      .where(and(eq(productCapCounters.offerId, offer.uuid), eq(productCapCounters.productId, cappedId)));
    expect(counters.map((c) => c.count)).toEqual([N]);
  });

  it('a per-country total cap counts only that country, also at once', async () => {
    const capped = buyers.add('accept');
    const spare = buyers.add('accept');
    const offer = await w.offer([
      {
        product_uuid: await w.product(capped),
        priority: 1,
        caps: { daily: null, total: null, per_geo: [{ geo: 'AT', daily: null, total: 3 }] },
      },
      { product_uuid: await w.product(spare), priority: 2 },
    ]);
    const at = () =>
      sendLead(
        t,
        w.keyA,
        leadBody(offer.id, { country: 'AT', phone: `+43664${Math.floor(1e6 + Math.random() * 8e6)}` }),
      );
    await Promise.all([
      ...Array.from({ length: 12 }, at),
      ...Array.from({ length: 5 }, () => sendLead(t, w.keyA, leadBody(offer.id))),
    ]);
    expect(capped.received.filter((r) => r.body.country === 'AT')).toHaveLength(3);
    expect(capped.received.filter((r) => r.body.country === 'DE')).toHaveLength(5);
  });

  it(`the offer's lead cap of 5 under 25 leads at once admits exactly 5`, async () => {
    const b = buyers.add('accept');
    const offer = await w.offer([{ product_uuid: await w.product(b) }]);
    await w.calls.section(w.admin, offer.uuid, 'caps', { caps: [{ metric: 'leads', period: 'total', limit: 5 }] });
    const answers = await Promise.all(Array.from({ length: 25 }, () => sendLead(t, w.keyA, leadBody(offer.id))));
    const reasons = answers.map((a) => a.json.data?.status ?? a.json.error?.reason);
    expect(reasons.filter((r) => r === 'accepted')).toHaveLength(5);
    expect(reasons.filter((r) => r === 'cap_reached')).toHaveLength(20);
    expect(b.received).toHaveLength(5);
    expect(
      await t.db
        .select()
        .from(leads)
        .where(and(eq(leads.offerId, offer.uuid), eq(leads.reason, 'cap_reached'))),
    ).toHaveLength(20);
  });
});
