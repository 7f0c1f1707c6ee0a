import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import {
  conversionHistory,
  conversions,
  leadStatusHistory,
  leads,
  outboundPostbacks,
  rollupDeltas,
} from '../../db/schema.ts';
import { foldRollups } from '../tracking/index.ts';
import { applyStatuses } from './apply.ts';
import {
  insertLeadWithAttempt,
  item,
  leadWorld,
  setPostbackUrl,
  startStatusWorld,
  type LeadWorld,
} from './lead-status.fixtures.ts';

let t: TestApp;
let lw: LeadWorld;
const DAY = 86_400_000;

beforeAll(async () => {
  ({ t, w: lw } = await startStatusWorld());
  await setPostbackUrl(
    t,
    lw.w.affA.id,
    'ftd',
    'https://aff-a.example/ftd?lead={lead_id}&p={payout}&c={currency}&s={sub1}&g={goal}',
  );
  await setPostbackUrl(t, lw.w.affA.id, 'conversion', 'https://aff-a.example/conv?lead={lead_id}');
  await setPostbackUrl(t, lw.w.affB.id, 'conversion', 'https://aff-b.example/conv?lead={lead_id}&p={payout}');
});
afterAll(async () => {
  await t?.close();
});

const ftd = (attemptId: string, amount: number | null = 25_000) =>
  item({ lead_id: attemptId, raw_status: 'deposit', status: 'ftd', is_ftd: true, amount });
const conversionsOf = (leadId: string) => t.db.select().from(conversions).where(eq(conversions.leadId, leadId));
const postbacksOf = (conversionId: string) =>
  t.db.select().from(outboundPostbacks).where(eq(outboundPostbacks.conversionId, conversionId));
/** The offer's rollup over every day, after folding what is queued. */
const rollup = async (offerId: string) => {
  await foldRollups(t.db, { wait: true });
  const {
    rows: [r],
  } = await t.db.execute<{ conversions: string; pending: string; payout: string; revenue: string }>(sql`
    select coalesce(sum(conversions), 0) as conversions, coalesce(sum(pending), 0) as pending, coalesce(sum(payout), 0) as payout,
      coalesce(sum(revenue), 0) as revenue from stats_daily where offer_id = ${offerId}`);
  return {
    conversions: Number(r.conversions),
    pending: Number(r.pending),
    payout: Number(r.payout),
    revenue: Number(r.revenue),
  };
};

describe('FTD from a status pull', () => {
  it('creates one pending conversion: payout from the offer (country rate, affiliate override), revenue from the product; rolled up; ftd postback', async () => {
    const own = await leadWorld(t, lw.w);
    const before = Date.now();
    const { leadId, attemptId } = await insertLeadWithAttempt(t, own.offerId, lw.w.affA.id, own.products.plain, {
      country: 'DE',
      sub1: 'their-click-9',
    });
    const res = await applyStatuses(t, own.products.plain, [ftd(attemptId)]);
    expect(res).toMatchObject({ changed: 1, ftds: 1 });

    const [conv] = await conversionsOf(leadId);
    // affA's DE override (33.00) over the DE rate (35.00); the product's DE revenue (450.00) over the goal's (610.00).
    expect(conv).toMatchObject({
      goal: 'ftd',
      status: 'pending',
      payout: 3300,
      revenue: 45_000,
      currency: 'EUR',
      productId: own.products.plain,
      offerId: own.offerId,
      affiliateId: lw.w.affA.id,
      country: 'DE',
      isTest: false,
      flow: 'accepted',
    });
    expect(conv.holdUntil!.getTime()).toBeGreaterThanOrEqual(before + 7 * DAY - 1000);
    expect(conv.holdUntil!.getTime()).toBeLessThanOrEqual(Date.now() + 7 * DAY + 1000);
    expect(
      await t.db.select().from(conversionHistory).where(eq(conversionHistory.conversionId, conv.id)),
    ).toMatchObject([{ fromStatus: null, toStatus: 'pending' }]);
    const [lead] = await t.db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead).toMatchObject({ isFtd: true, callStatus: 'ftd', rawStatus: 'deposit' });
    expect(lead.ftdAt).not.toBeNull();
    expect(await t.db.select().from(leadStatusHistory).where(eq(leadStatusHistory.leadId, leadId))).toMatchObject([
      { toStatus: 'ftd', isFtd: true, amount: 25_000 },
    ]);

    expect(await rollup(own.offerId)).toEqual({ conversions: 1, pending: 1, payout: 3300, revenue: 45_000 });
    const [pb] = await postbacksOf(conv.id);
    expect(pb).toMatchObject({ event: 'ftd', status: 'pending', affiliateId: lw.w.affA.id });
    expect(pb.url).toBe(`https://aff-a.example/ftd?lead=${leadId}&p=33.00&c=EUR&s=their-click-9&g=ftd`);
    expect(await postbacksOf(conv.id)).toHaveLength(1);
  });

  it("the offer product's payout override wins; another currency's or a missing product revenue falls back to the goal's", async () => {
    const viaOverride = await insertLeadWithAttempt(t, lw.offerId, lw.w.affA.id, lw.products.overridden, {
      country: 'DE',
    });
    await applyStatuses(t, lw.products.overridden, [ftd(viaOverride.attemptId)]);
    expect((await conversionsOf(viaOverride.leadId))[0]).toMatchObject({ payout: 2500, revenue: 41_000 });

    // FR: no FR rate (goal payout 30.00), the product's FR revenue is in USD, so the goal's 600.00 EUR.
    const fr = await insertLeadWithAttempt(t, lw.offerId, lw.w.affB.id, lw.products.plain, { country: 'FR' });
    await applyStatuses(t, lw.products.plain, [ftd(fr.attemptId)]);
    const [conv] = await conversionsOf(fr.leadId);
    expect(conv).toMatchObject({ payout: 3000, revenue: 60_000, affiliateId: lw.w.affB.id });
    // affB has no FTD URL: the conversion URL is used.
    expect(await postbacksOf(conv.id)).toMatchObject([
      { event: 'conversion', url: `https://aff-b.example/conv?lead=${fr.leadId}&p=30.00` },
    ]);
  });

  it('an FTD reported twice, in sequence or by two overlapping pulls, makes one conversion, one history row, one postback', async () => {
    const own = await leadWorld(t, lw.w);
    const { leadId, attemptId } = await insertLeadWithAttempt(t, own.offerId, lw.w.affA.id, own.products.plain);
    const results = await Promise.all([1, 2, 3].map(() => applyStatuses(t, own.products.plain, [ftd(attemptId)])));
    expect(results.reduce((n, r) => n + r.ftds, 0)).toBe(1);
    await applyStatuses(t, own.products.plain, [ftd(attemptId)]);
    // The buyer's FTD flag alongside another status of theirs is still the same FTD.
    await applyStatuses(t, own.products.plain, [
      item({ lead_id: attemptId, raw_status: 'deposit', status: 'interested', is_ftd: true, amount: 25_000 }),
    ]);
    const convs = await conversionsOf(leadId);
    expect(convs).toHaveLength(1);
    expect(await t.db.select().from(leadStatusHistory).where(eq(leadStatusHistory.leadId, leadId))).toHaveLength(1);
    expect(await postbacksOf(convs[0].id)).toHaveLength(1);
    expect(await rollup(own.offerId)).toEqual({ conversions: 1, pending: 1, payout: 3300, revenue: 45_000 });
  });

  it('a test lead gives a test conversion: no rollup, no postback', async () => {
    const own = await leadWorld(t, lw.w);
    const { leadId, attemptId } = await insertLeadWithAttempt(t, own.offerId, lw.w.affA.id, own.products.plain, {
      isTest: true,
    });
    await foldRollups(t.db, { wait: true });
    await applyStatuses(t, own.products.plain, [ftd(attemptId)]);
    const [conv] = await conversionsOf(leadId);
    expect(conv).toMatchObject({ isTest: true, goal: 'ftd', payout: 3300, revenue: 45_000 });
    expect(
      await t.db
        .select()
        .from(rollupDeltas)
        .where(and(eq(rollupDeltas.offerId, own.offerId))),
    ).toEqual([]);
    expect(await rollup(own.offerId)).toEqual({ conversions: 0, pending: 0, payout: 0, revenue: 0 });
    expect(await postbacksOf(conv.id)).toEqual([]);
    expect(await t.db.select().from(outboundPostbacks).where(eq(outboundPostbacks.offerId, own.offerId))).toEqual([]);
  });
});
