import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { putSettings } from '../managers/staff.fixtures.ts';
import {
  insertClicks,
  insertConversion,
  insertLead,
  makeOffer,
  offerCalls,
  type OfferWorld,
  portalCalls,
  startOfferWorld,
} from './offers.fixtures.ts';

let t: TestApp;
let w: OfferWorld;
let calls: ReturnType<typeof offerCalls>;
beforeAll(async () => {
  ({ t, w, calls } = await startOfferWorld());
});
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;

describe('offer figures from the traffic tables', () => {
  it('counts 4 clicks (not the trafficback one), 2 conversions with 1 approved: CR 50, EPC payout ÷ 4', async () => {
    const offer = await makeOffer(t.app, w);
    expect((await calls.get(w.admin, offer.uuid)).json.data.figures).toEqual({
      clicks: 0,
      conversions: 0,
      approved: 0,
      user_sessions: 0,
      payout: 0,
      revenue: 0,
      epc: 0,
      cr: 0,
      cr_customer: 0,
      cr_conversion: 0,
    });
    await insertClicks(t.db, offer.uuid, w.affA.id, 4);
    await insertClicks(t.db, offer.uuid, w.affA.id, 1, { trafficbackReason: 'cap' });
    await insertConversion(t.db, offer.uuid, w.affA.id, { status: 'approved', payout: 1000, revenue: 4000 });
    await insertConversion(t.db, offer.uuid, w.affA.id, { status: 'pending', payout: 1500, revenue: 4000 });
    // Not counted: rejected, test and trafficback-flow conversions.
    await insertConversion(t.db, offer.uuid, w.affA.id, { status: 'rejected', payout: 900 });
    await insertConversion(t.db, offer.uuid, w.affA.id, { status: 'approved', isTest: true, payout: 900 });
    await insertConversion(t.db, offer.uuid, w.affA.id, { status: 'approved', flow: 'trafficback', payout: 0 });
    await insertLead(t.db, offer.uuid, w.affA.id);
    const f = (await calls.get(w.admin, offer.uuid)).json.data.figures;
    expect(f).toEqual({
      clicks: 4,
      conversions: 2,
      approved: 1,
      user_sessions: 1,
      payout: 2500,
      revenue: 8000,
      epc: 2500 / 4,
      cr: 50,
      cr_customer: 25,
      cr_conversion: 25,
    });
  });

  it('rounds ratios to two decimals', async () => {
    const offer = await makeOffer(t.app, w);
    await insertClicks(t.db, offer.uuid, w.affA.id, 3);
    await insertConversion(t.db, offer.uuid, w.affA.id, { payout: 1000 });
    expect((await calls.get(w.admin, offer.uuid)).json.data.figures).toMatchObject({ epc: 333.33, cr: 33.33 });
  });

  it("negative: a manager's figures count only their own affiliates' traffic", async () => {
    const offer = await makeOffer(t.app, w);
    await insertClicks(t.db, offer.uuid, w.affA.id, 2);
    await insertClicks(t.db, offer.uuid, w.affB.id, 6);
    await insertConversion(t.db, offer.uuid, w.affB.id, { payout: 700 });
    expect((await calls.get(w.admin, offer.uuid)).json.data.figures).toMatchObject({
      clicks: 8,
      conversions: 1,
      payout: 700,
    });
    expect((await calls.get(w.managerA, offer.uuid)).json.data.figures).toMatchObject({
      clicks: 2,
      conversions: 0,
      payout: 0,
      epc: 0,
    });
    expect((await calls.get(w.managerB, offer.uuid)).json.data.figures).toMatchObject({
      clicks: 6,
      conversions: 1,
      payout: 700,
    });
  });
});

describe('cap fill', () => {
  it('fills each cap from what it counts: metric, period, geo, device, affiliate', async () => {
    const offer = await makeOffer(t.app, w);
    await calls.section(w.admin, offer.uuid, 'caps', {
      caps: [
        { metric: 'clicks', period: 'day', limit: 10 },
        { metric: 'clicks', period: 'total', limit: 10 },
        { metric: 'clicks', period: 'month', limit: 10, geo: 'FR' },
        { metric: 'clicks', period: 'week', limit: 10, device: 'mobile' },
        { metric: 'conversions', period: 'total', limit: 5 },
        { metric: 'leads', period: 'day', limit: 5, affiliate_uuid: w.affB.id },
      ],
    });
    await insertClicks(t.db, offer.uuid, w.affA.id, 3);
    await insertClicks(t.db, offer.uuid, w.affA.id, 1, { trafficbackReason: 'geo' });
    await insertClicks(t.db, offer.uuid, w.affB.id, 1, { country: 'FR', device: 'mobile' });
    await insertClicks(t.db, offer.uuid, w.affA.id, 2, { createdAt: new Date(Date.now() - 40 * DAY) });
    await insertConversion(t.db, offer.uuid, w.affA.id, { status: 'approved' });
    await insertConversion(t.db, offer.uuid, w.affA.id, { status: 'rejected' });
    await insertLead(t.db, offer.uuid, w.affA.id);
    await insertLead(t.db, offer.uuid, w.affB.id);
    const caps = (await calls.get(w.admin, offer.uuid)).json.data.caps as { fill: number }[];
    expect(caps.map((c) => c.fill)).toEqual([4, 6, 1, 1, 1, 1]);
    // The affiliate sees what is left of the caps that apply to them.
    const left = (m: typeof w.affA) =>
      portalCalls(t.app)
        .get(m, offer.id)
        .then((r) => r.json.data.caps.map((c: { left: number }) => c.left));
    expect(await left(w.affA)).toEqual([6, 4, 9, 9, 4]);
    expect(await left(w.affB)).toEqual([6, 4, 9, 9, 4, 4]);
  });

  it('starts the day in the partner time zone', async () => {
    const zone = 'Pacific/Kiritimati'; // UTC+14: its day starts ten hours before the UTC one
    await putSettings(t.db, 'general', { partner_title: 'PXL', time_zone: zone, currency: 'USD' });
    try {
      const offer = await makeOffer(t.app, w);
      await calls.section(w.admin, offer.uuid, 'caps', { caps: [{ metric: 'clicks', period: 'day', limit: 10 }] });
      const {
        rows: [r],
      } = await t.db.execute<{ start: Date }>(
        sql`select date_trunc('day', now() at time zone ${zone}) at time zone ${zone} as start`,
      );
      const start = new Date(r.start).getTime();
      await insertClicks(t.db, offer.uuid, w.affA.id, 1, { createdAt: new Date(start - 60_000) });
      await insertClicks(t.db, offer.uuid, w.affA.id, 2, { createdAt: new Date(start + 1000) });
      expect((await calls.get(w.admin, offer.uuid)).json.data.caps[0].fill).toBe(2);
    } finally {
      await putSettings(t.db, 'general', { partner_title: 'PXL', time_zone: 'UTC', currency: 'USD' });
    }
  });
});
