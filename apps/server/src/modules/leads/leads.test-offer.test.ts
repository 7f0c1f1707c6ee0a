import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { leads, outboundPostbacks, productCapCounters } from '../../db/schema.ts';
import { api } from '../managers/staff.fixtures.ts';
import type { Buyers } from './buyers.fixtures.ts';
import { BUYER_SECRET, startLeadWorld, type LeadWorld } from './leads.fixtures.ts';

let t: TestApp, w: LeadWorld, buyers: Buyers, stop: () => Promise<void>;
beforeAll(async () => {
  ({ t, w, buyers, stop } = await startLeadWorld());
  await api(t.app, 'PUT', '/api/postbacks/v1/settings', w.affA.token, {
    items: [{ event: 'lead', offer_id: null, url: 'http://127.0.0.1:9/lead?l={lead_id}' }],
  });
});
afterAll(() => stop?.());

const run = (body: Record<string, unknown>, token = w.admin.token) =>
  api(t.app, 'POST', '/api/test-api/v1/offer', token, body);

describe('Test API › offer', () => {
  it('runs a test lead through the real waterfall and shows each step; nothing counted, no postback', async () => {
    const untested = buyers.add('accept');
    const refuses = buyers.add('reject');
    const takes = buyers.add('accept');
    const full = buyers.add('accept');
    const full_id = await w.product(full);
    const offer = await w.offer([
      { product_uuid: await w.product(untested, { tested: false }), priority: 1 },
      { product_uuid: full_id, priority: 1, caps: { daily: 1, total: null, per_geo: [] } },
      { product_uuid: await w.product(refuses), priority: 2 },
      { product_uuid: await w.product(takes), priority: 3 },
    ]);
    // Fill the capped product with one real lead first.
    await t.db.insert(productCapCounters).values({
      offerId: offer.uuid,
      productId: full_id,
      period: new Date().toISOString().slice(0, 10),
      geo: '',
      count: 1,
    });

    const res = await run({ offer_id: offer.id, affiliate_uuid: w.affA.id, lead: { password: 'Shown-Nowhere-77' } });
    expect(res.status, res.body).toBe(200);
    const { data } = res.json;
    expect(data).toMatchObject({ lead_id: expect.any(String), status: 'accepted', refusal: null });
    expect(data.steps.map((s: { product: { name: string }; result: string }) => [s.product.name, s.result])).toEqual([
      [untested.name, 'skipped'],
      [full.name, 'caps_full'],
      [refuses.name, 'rejected'],
      [takes.name, 'accepted'],
    ]);
    const [skipped, capped, rejected, accepted] = data.steps;
    expect(skipped).toMatchObject({ detail: 'The product has not passed an integration test', attempt: null });
    expect(capped).toMatchObject({ detail: 'The daily cap 1 is reached', attempt: null });
    expect(rejected.attempt).toMatchObject({
      lead_id: refuses.received[0].leadId,
      result: 'rejected',
      message: 'Country not served',
      request: { method: 'POST', url: refuses.pushUrl, headers: { Authorization: 'Bearer ••••' } },
      response: { status_code: 400 },
    });
    expect(JSON.parse(rejected.attempt.request.body)).toMatchObject({
      first_name: 'Test',
      last_name: 'Lead',
      country: 'DE',
      password: '••••',
    });
    expect(accepted.attempt).toMatchObject({ result: 'accepted', autologin_url: expect.stringContaining(takes.name) });
    expect(res.body).not.toContain(BUYER_SECRET);
    expect(res.body).not.toContain('Shown-Nowhere-77');
    // The buyer got it for real, with the password.
    expect(takes.received[0].body.password).toBe('Shown-Nowhere-77');

    const [lead] = await t.db.select().from(leads).where(eq(leads.id, data.lead_id));
    expect(lead).toMatchObject({ isTest: true, status: 'accepted', affiliateId: w.affA.id, apiKeyId: null });
    // Not in the affiliate's own list of leads.
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/lead/v1/statuses',
      headers: { 'x-api-key': w.keyA },
    });
    expect(listed.json().data.count).toBe(0);
    expect(
      await t.db.select().from(outboundPostbacks).where(eq(outboundPostbacks.affiliateId, w.affA.id)),
    ).toHaveLength(0);
    const counters = await t.db.select().from(productCapCounters).where(eq(productCapCounters.offerId, offer.uuid));
    expect(counters.map((c) => c.count)).toEqual([1]);
    // A second run of the empty form is a new person, not a duplicate.
    expect((await run({ offer_id: offer.id, affiliate_uuid: w.affA.id })).json.data.status).toBe('accepted');
  });

  it('shows a refusal before routing as the affiliate would get it, with no lead', async () => {
    const priv = await w.offer([{ product_uuid: await w.product(buyers.add('accept')) }], { privacy: 'private' });
    const res = await run({ offer_id: priv.id, affiliate_uuid: w.affA.id });
    expect(res.json.data).toEqual({
      lead_id: null,
      status: null,
      refusal: { reason: 'not_allowed', message: 'This offer is not open to you' },
      steps: [],
    });
    const geo = await run({ offer_id: priv.id, affiliate_uuid: w.affA.id, lead: { country: 'ES' } });
    expect(geo.json.data.refusal.reason).toBe('not_allowed');
    const phone = await run({ offer_id: priv.id, affiliate_uuid: w.affA.id, lead: { phone: '+33612345678' } });
    expect(phone.json.data.refusal).toEqual({
      reason: 'validation',
      message: 'Some fields are invalid: phone: A phone in DE starts with +49',
    });
  });

  it('shows a lead that no buyer took as failed with the reason', async () => {
    const offer = await w.offer([{ product_uuid: await w.product(buyers.add('error200')) }]);
    const res = await run({ offer_id: offer.id, affiliate_uuid: w.affA.id });
    expect(res.json.data).toMatchObject({
      status: 'failed',
      refusal: { reason: 'no_product_available' },
      steps: [{ result: 'rejected', detail: 'Email domain is blocked' }],
    });
  });

  it('takes only an affiliate, and only admin and head may run it', async () => {
    const offer = await w.offer([{ product_uuid: await w.product(buyers.add('accept')) }]);
    const notAffiliate = await run({ offer_id: offer.id, affiliate_uuid: w.advA.id });
    expect(notAffiliate.status).toBe(400);
    expect(notAffiliate.json.error).toEqual({ affiliate_uuid: 'Choose an affiliate' });
    expect((await run({ offer_id: offer.id, affiliate_uuid: w.affA.id }, w.head.token)).status).toBe(200);
    expect((await run({ offer_id: offer.id, affiliate_uuid: w.affA.id }, w.managerA.token)).status).toBe(403);
  });
});
