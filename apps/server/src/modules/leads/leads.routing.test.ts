import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '#test/harness.ts';
import type { Buyers } from './buyers.fixtures.ts';
import {
  attemptsOf,
  BUYER_SECRET,
  leadBody,
  leadRowOf,
  sendLead,
  startLeadWorld,
  type LeadWorld,
} from './leads.fixtures.ts';

let t: TestApp, w: LeadWorld, buyers: Buyers, stop: () => Promise<void>;
beforeAll(async () => {
  ({ t, w, buyers, stop } = await startLeadWorld());
});
afterAll(() => stop?.());

describe('waterfall', () => {
  it('sends to the first priority; a refusal passes the lead on and the next buyer takes it, with its autologin', async () => {
    const first = buyers.add('reject');
    const second = buyers.add('accept');
    const third = buyers.add('accept');
    const offer = await w.offer([
      { product_uuid: await w.product(third), priority: 3 },
      { product_uuid: await w.product(first), priority: 1 },
      { product_uuid: await w.product(second), priority: 2 },
    ]);
    const res = await sendLead(t, w.keyA, leadBody(offer.id, { sub1: 'camp-1' }));
    expect(res.status, res.body).toBe(200);
    const [received] = second.received;
    expect(res.json.data).toEqual({
      lead_id: expect.any(String),
      status: 'accepted',
      autologin_url: `https://login.${second.name}.example/auto/${second.registered.get(received.leadId)}`,
    });
    expect(first.received).toHaveLength(1);
    expect(third.received).toHaveLength(0);
    // Each send has its own Lead Id; the buyer got the person, our password and the credential.
    expect(first.received[0].leadId).not.toBe(received.leadId);
    expect(received.body).toMatchObject({ first_name: 'Anna', country: 'DE', sub1: 'camp-1' });
    expect(received.body.password).toMatch(/^[A-Z][a-z]\d\w{9}$/);
    expect(received.headers.authorization).toBe(`Bearer ${BUYER_SECRET}`);

    const attempts = await attemptsOf(t, res.json.data.lead_id);
    expect(attempts.map((a) => [a.result, a.id])).toEqual([
      ['rejected', first.received[0].leadId],
      ['accepted', received.leadId],
    ]);
    expect(attempts[0].message).toBe('Country not served');
    expect(attempts[1].request!.headers.Authorization).toBe('Bearer ••••');
    expect(JSON.stringify(attempts)).not.toContain(received.body.password);
    expect(await leadRowOf(t, res.json.data.lead_id)).toMatchObject({
      status: 'accepted',
      acceptedAttemptId: received.leadId,
      externalId: second.registered.get(received.leadId),
      phone: received.body.phone,
    });
  });

  it('reads a 200 answer with an error in the body as a refusal and moves on', async () => {
    const liar = buyers.add('error200');
    const good = buyers.add('accept');
    const offer = await w.offer([
      { product_uuid: await w.product(liar), priority: 1 },
      { product_uuid: await w.product(good), priority: 2 },
    ]);
    const res = await sendLead(t, w.keyA, leadBody(offer.id));
    expect(res.json.data.status, res.body).toBe('accepted');
    const attempts = await attemptsOf(t, res.json.data.lead_id);
    expect(attempts.map((a) => a.result)).toEqual(['rejected', 'accepted']);
    expect(attempts[0]).toMatchObject({ message: 'Email domain is blocked', response: { status_code: 200 } });
  });

  it('stops where the template does not pass a result on: the lead fails with no_product_available and keeps its id', async () => {
    const dup = buyers.add('duplicate');
    const never = buyers.add('accept');
    const offer = await w.offer([
      { product_uuid: await w.product(dup, { nextOn: ['rejected', 'error'] }), priority: 1 },
      { product_uuid: await w.product(never), priority: 2 },
    ]);
    const res = await sendLead(t, w.keyA, leadBody(offer.id));
    expect(res.status, res.body).toBe(422);
    expect(res.json.error).toMatchObject({ reason: 'no_product_available', lead_id: expect.any(String) });
    expect(never.received).toHaveLength(0);
    expect(await leadRowOf(t, res.json.error!.lead_id)).toMatchObject({
      status: 'failed',
      reason: 'no_product_available',
    });
    expect((await attemptsOf(t, res.json.error!.lead_id)).map((a) => a.result)).toEqual(['duplicate']);
  });

  it("sends only to products for the lead's country, tested and active", async () => {
    const atOnly = buyers.add('accept');
    const untested = buyers.add('accept');
    const inactive = buyers.add('accept');
    const productGeo = buyers.add('accept');
    const de = buyers.add('accept');
    const offer = await w.offer([
      { product_uuid: await w.product(atOnly), priority: 1, geos: ['AT'] },
      { product_uuid: await w.product(untested, { tested: false }), priority: 1 },
      { product_uuid: await w.product(inactive, { status: 'not_active' }), priority: 1 },
      { product_uuid: await w.product(productGeo, { geos: ['FR'] }), priority: 1 },
      { product_uuid: await w.product(de), priority: 2 },
    ]);
    const res = await sendLead(t, w.keyA, leadBody(offer.id));
    expect(res.json.data.status, res.body).toBe('accepted');
    expect([atOnly, untested, inactive, productGeo].map((b) => b.received.length)).toEqual([0, 0, 0, 0]);
    expect(de.received).toHaveLength(1);
    // Non-candidates leave no attempt rows.
    expect((await attemptsOf(t, res.json.data.lead_id)).map((a) => a.result)).toEqual(['accepted']);
    const at = await sendLead(t, w.keyA, leadBody(offer.id, { country: 'AT', phone: '+43664123456' }));
    expect(at.json.data.status, at.body).toBe('accepted');
    expect(atOnly.received).toHaveLength(1);
  });

  it('splits equal priorities by weight: 200 leads over 3:1 give the first between 60 and 90 %', async () => {
    const heavy = buyers.add('accept');
    const light = buyers.add('accept');
    const offer = await w.offer([
      { product_uuid: await w.product(heavy), weight: 300 },
      { product_uuid: await w.product(light), weight: 100 },
    ]);
    for (let i = 0; i < 200; i += 10) {
      const batch = await Promise.all(Array.from({ length: 10 }, () => sendLead(t, w.keyA, leadBody(offer.id))));
      for (const r of batch) expect(r.json.data?.status, r.body).toBe('accepted');
    }
    expect(heavy.received.length + light.received.length).toBe(200);
    expect(heavy.received.length).toBeGreaterThanOrEqual(120);
    expect(heavy.received.length).toBeLessThanOrEqual(180);
  });
});
