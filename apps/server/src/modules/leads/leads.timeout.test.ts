import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '#test/harness.ts';
import type { Buyer, Buyers } from './buyers.fixtures.ts';
import { attemptsOf, leadBody, leadRowOf, sendLead, startLeadWorld, type LeadWorld } from './leads.fixtures.ts';

let t: TestApp, w: LeadWorld, buyers: Buyers, stop: () => Promise<void>;
beforeAll(async () => {
  ({ t, w, buyers, stop } = await startLeadWorld());
});
afterAll(() => stop?.());

/** A slow first buyer (answers after 1.5 s, push timeout 500 ms) and an eager second one. */
const slowThenEager = async (slow: Buyer, o: { lookup?: boolean } = {}) => {
  const eager = buyers.add('accept');
  const offer = await w.offer([
    { product_uuid: await w.product(slow, { timeoutMs: 500, ...o }), priority: 1 },
    { product_uuid: await w.product(eager), priority: 2 },
  ]);
  return { eager, offer };
};

/** Every Lead Id any of these buyers registered, with how often: a lead registered twice shows as a person twice. */
const registeredPeople = (...bs: Buyer[]) =>
  bs.flatMap((b) => b.received.filter((r) => b.registered.has(r.leadId)).map((r) => r.body.email));

describe('a buyer that times out', () => {
  it('is asked at once; found → the lead is accepted there and no second buyer gets it', async () => {
    const slow = buyers.add('slow', { lookup: 'found' });
    const { eager, offer } = await slowThenEager(slow);
    const res = await sendLead(t, w.keyA, leadBody(offer.id));
    expect(res.status, res.body).toBe(200);
    const leadId = slow.received[0].leadId;
    const ext = slow.registered.get(leadId)!;
    expect(res.json.data).toEqual({
      lead_id: expect.any(String),
      status: 'accepted',
      autologin_url: `https://login.${slow.name}.example/auto/${ext}`,
    });
    expect(slow.lookups).toEqual([leadId]);
    expect(eager.received).toHaveLength(0);
    const attempts = await attemptsOf(t, res.json.data.lead_id);
    expect(attempts).toHaveLength(1);
    // The attempt stays a timeout (that is what happened); the lead is accepted with it.
    expect(attempts[0]).toMatchObject({
      id: leadId,
      result: 'timeout',
      message: expect.stringContaining('the lookup found the lead'),
    });
    expect(await leadRowOf(t, res.json.data.lead_id)).toMatchObject({
      status: 'accepted',
      acceptedAttemptId: leadId,
      externalId: ext,
    });
  });

  it('found missing (404) → the next buyer gets the lead', async () => {
    const slow = buyers.add('slow', { lookup: 'missing' });
    const { eager, offer } = await slowThenEager(slow);
    const res = await sendLead(t, w.keyA, leadBody(offer.id));
    expect(res.json.data?.status, res.body).toBe('accepted');
    expect(slow.lookups).toEqual([slow.received[0].leadId]);
    expect(eager.received).toHaveLength(1);
    expect((await attemptsOf(t, res.json.data.lead_id)).map((a) => a.result)).toEqual(['timeout', 'accepted']);
  });

  it('cannot tell (lookup fails, or none configured) → status unknown, and the next buyer receives nothing', async () => {
    for (const [slow, o] of [
      [buyers.add('slow', { lookup: 'unsure' }), {}],
      [buyers.add('slow'), { lookup: false }],
    ] as const) {
      const { eager, offer } = await slowThenEager(slow, o);
      const res = await sendLead(t, w.keyA, leadBody(offer.id));
      expect(res.status, res.body).toBe(200);
      expect(res.json.data).toEqual({ lead_id: expect.any(String), status: 'unknown', autologin_url: null });
      expect(eager.received).toHaveLength(0);
      // The slow buyer did register it: exactly one buyer holds the person.
      expect(registeredPeople(slow, eager)).toHaveLength(1);
      expect(await leadRowOf(t, res.json.data.lead_id)).toMatchObject({
        status: 'unknown',
        reason: 'buyer_timeout',
        productId: null,
      });
      const [attempt] = await attemptsOf(t, res.json.data.lead_id);
      expect(attempt).toMatchObject({
        result: 'timeout',
        message: expect.stringContaining('no other buyer gets the lead'),
      });
    }
  });

  it('keeps its cap place while unknown (the buyer may have the lead)', async () => {
    const slow = buyers.add('slow', { lookup: 'unsure' });
    const eager = buyers.add('accept');
    const offer = await w.offer([
      {
        product_uuid: await w.product(slow, { timeoutMs: 500 }),
        priority: 1,
        caps: { daily: 1, total: null, per_geo: [] },
      },
      { product_uuid: await w.product(eager), priority: 2 },
    ]);
    expect((await sendLead(t, w.keyA, leadBody(offer.id))).json.data.status).toBe('unknown');
    const next = await sendLead(t, w.keyA, leadBody(offer.id));
    expect(next.json.data.status).toBe('accepted');
    expect((await attemptsOf(t, next.json.data.lead_id)).map((a) => a.result)).toEqual(['caps_full', 'accepted']);
    expect(slow.received).toHaveLength(1);
  });
});
