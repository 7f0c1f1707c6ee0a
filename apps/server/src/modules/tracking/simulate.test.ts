import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { clicks, conversionHistory, conversions, outboundPostbacks, rollupDeltas } from '../../db/schema.ts';
import { eq } from 'drizzle-orm';
import { REVENUE } from '../offers/offers.fixtures.ts';
import { api } from '../managers/staff.fixtures.ts';
import { startClickWorld, type ClickWorld } from './click.fixtures.ts';

let t: TestApp;
let w: ClickWorld;
beforeAll(async () => {
  ({ t, w } = await startClickWorld());
});
afterAll(async () => {
  await t?.close();
});

const simulate = (body: Record<string, unknown>, token = w.admin.token) =>
  api(t.app, 'POST', '/api/test-api/v1/direct-link', token, body);
const clickCount = async () => (await t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(clicks))[0].n;

describe('Test API › direct link', () => {
  it('shows the decision, each check and the final URL, and records nothing', async () => {
    const o = await w.offer({ geos: ['DE'] });
    const before = await clickCount();
    const ok = await simulate({
      offer_id: o.id,
      affiliate_uuid: w.affA.id,
      country: 'DE',
      device: 'mobile',
      os: 'android',
      sub1: 'test',
    });
    expect(ok.status, ok.body).toBe(200);
    expect(ok.json.data).toMatchObject({ outcome: 'offer', reason: null });
    expect(ok.json.data.url).toMatch(/^https:\/\/adv\.example\/go\?cid=[0-9a-f-]{36}&s=test$/);
    expect(ok.json.data.checks.every((c: { ok: boolean }) => c.ok)).toBe(true);
    const refused = await simulate({ offer_id: o.id, affiliate_uuid: w.affA.id, country: 'FR' });
    expect(refused.json.data).toMatchObject({ outcome: 'unavailable', reason: 'geo_not_allowed', url: null });
    expect(refused.json.data.checks.at(-1)).toMatchObject({ name: 'Country', ok: false, detail: 'FR' });
    await t.services.clicks.writer.drain();
    expect(await clickCount()).toBe(before);
  });

  it('fires an approved test conversion on request: money from the goal table, marked test, never counted or posted', async () => {
    const o = await w.offer({ geos: ['DE'] });
    // The affiliate has a postback for this offer: a real conversion would queue one.
    const saved = await api(t.app, 'PUT', '/api/postbacks/v1/settings', w.affA.token, {
      items: [{ event: 'conversion', offer_id: o.id, url: 'https://pb.example/?c={click_id}' }],
    });
    expect(saved.status, saved.body).toBe(200);
    const res = await simulate({ offer_id: o.id, affiliate_uuid: w.affA.id, country: 'DE', test_conversion: true });
    expect(res.status, res.body).toBe(200);
    const test = res.json.data.test_conversion;
    expect(test).toMatchObject({
      goal: 'registration',
      status: 'approved',
      is_test: true,
      payout: { amount: 1500, currency: 'EUR' },
      revenue: { amount: REVENUE.de },
    });
    const [stored] = await t.db.select().from(conversions).where(eq(conversions.id, test.uuid));
    expect(stored).toMatchObject({ isTest: true, status: 'approved', payout: 1500, flow: 'accepted' });
    expect(stored.clickId).toBe(new URL(res.json.data.url).searchParams.get('cid'));
    expect(
      await t.db.select().from(conversionHistory).where(eq(conversionHistory.conversionId, test.uuid)),
    ).toMatchObject([{ toStatus: 'approved', source: 'staff', actorId: w.admin.id }]);
    expect(await t.db.select().from(rollupDeltas).where(eq(rollupDeltas.offerId, o.uuid))).toEqual([]);
    expect(await t.db.select().from(outboundPostbacks).where(eq(outboundPostbacks.conversionId, test.uuid))).toEqual(
      [],
    );
    const figures = await api(t.app, 'GET', `/api/offers/v1/${o.uuid}`, w.admin.token);
    expect(figures.json.data.figures.conversions).toBe(0);
    // A staff status change on it moves nothing in the rollups either.
    const changed = await api(t.app, 'POST', `/api/conversions/v1/${test.uuid}/status`, w.admin.token, {
      status: 'rejected',
      reason: 'test',
    });
    expect(changed.status, changed.body).toBe(200);
    expect(await t.db.select().from(rollupDeltas).where(eq(rollupDeltas.offerId, o.uuid))).toEqual([]);
  });

  it('fires no test conversion when the click does not reach the offer', async () => {
    const o = await w.offer({ geos: ['DE'] });
    const res = await simulate({ offer_id: o.id, affiliate_uuid: w.affA.id, country: 'FR', test_conversion: true });
    expect(res.json.data).toMatchObject({ outcome: 'unavailable', test_conversion: null });
    expect(await t.db.select().from(conversions).where(eq(conversions.offerId, o.uuid))).toEqual([]);
  });

  it('negative: validates its input and is for admin and head only', async () => {
    expect((await simulate({ offer_id: 0, affiliate_uuid: 'x' })).json.error).toMatchObject({
      offer_id: 'Choose an offer',
      affiliate_uuid: 'Choose an affiliate',
    });
    expect((await simulate({ offer_id: 1, affiliate_uuid: w.affA.id }, w.managerA.token)).status).toBe(403);
  });
});
