import { and, eq, sql } from 'drizzle-orm';
import { CONVERSION_STATUSES, affiliateRate, payoutFor, type ConversionStatusValue, type Goal } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { clicks, conversionHistory, conversions, offerCaps, offerPayoutOverrides, offers } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { capFills, type CapRow } from '../offers/offers.figures.ts';
import { generalSettings } from '../settings/settings.service.ts';
import { firePostbacks } from '../postbacks/outbound.service.ts';
import { conversionKey, rollUpConversion, statusDelta } from './conversion-rollup.ts';

export { CONVERSION_STATUSES };
export type ConversionStatus = ConversionStatusValue;
type Click = typeof clicks.$inferSelect;
type Conversion = typeof conversions.$inferSelect;
type Source = { source: 'postback' | 'staff' | 'hold'; actorId?: string | null; reason?: string };

const fail = (status: number, field: string, message: string) => new AppError(status, { [field]: message });

/** Moves a conversion to a status with a history entry and the rollups kept in step; no-op when unchanged. */
export const setConversionStatus = async (tx: Db, conv: Conversion, click: Pick<Click, 'landingId' | 'country'> | null, to: ConversionStatus, by: Source) => {
  if (conv.status === to) return conv;
  const [updated] = await tx.update(conversions).set({ status: to, updatedAt: sql`now()` }).where(eq(conversions.id, conv.id)).returning();
  await tx.insert(conversionHistory).values({ conversionId: conv.id, fromStatus: conv.status, toStatus: to, source: by.source, actorId: by.actorId ?? null, reason: by.reason ?? '' });
  // Test conversions (Test API) are never money: no rollups, no postbacks.
  if (conv.flow === 'accepted' && !conv.isTest) {
    await rollUpConversion(tx, conversionKey(conv), statusDelta(conv.status, to, conv.payout, conv.revenue));
    await firePostbacks(tx, updated, 'status_change');
  }
  return updated;
};

/** Payout and revenue of a goal at this moment: the country's rates, the affiliate's overrides, a revenue the advertiser sent. */
export const goalMoney = async (tx: Db, offerId: string, goal: Goal, affiliateId: string, country: string | null, sentRevenue?: number) => {
  const overrides = (await tx.select().from(offerPayoutOverrides)
    .where(and(eq(offerPayoutOverrides.offerId, offerId), eq(offerPayoutOverrides.affiliateId, affiliateId))))
    .map((o) => ({ goal: o.goal, geo: o.geo, payout: o.payout, payout_percent: o.payoutPercentBp / 100 }));
  const revenue = sentRevenue ?? (country ? goal.geo_rates.find((r) => r.geo === country)?.revenue : undefined) ?? goal.revenue;
  return { revenue, payout: payoutFor(goal.payment_type, affiliateRate(goal, country, overrides), revenue) };
};

type PostbackInput = { click: Click; advertiserId: string; goal: string | undefined; status: ConversionStatus; revenue: number | undefined; txid: string };

/**
 * A conversion from an inbound postback (PRODUCT.md §5), in one transaction that commits before the answer.
 * Money comes from the goal table at this moment (country, the affiliate's overrides); the postback's revenue,
 * when given, replaces the table's. Offers with conversion caps count under a per-offer lock, so caps never overshoot.
 */
export const recordPostback = (db: Db, p: PostbackInput) => db.transaction(async (tx) => {
  const t = tx as unknown as Db;
  const [offer] = await t.select().from(offers).where(eq(offers.id, p.click.offerId)).limit(1);
  if (!offer || offer.advertiserId !== p.advertiserId) throw fail(403, 'click_id', 'This click is not on one of your offers');
  if (!p.click.affiliateId || p.click.trafficbackReason) throw fail(400, 'click_id', 'This click did not reach the offer');
  const goals = offer.goals as Goal[];
  const goal = p.goal ? goals.find((g) => g.goal === p.goal) : goals[0];
  if (!goal) throw fail(400, 'goal', p.goal ? `The offer has no goal "${p.goal}"` : 'The offer has no goals');
  const findExisting = async () => (await t.select().from(conversions)
    .where(and(eq(conversions.clickId, p.click.id), eq(conversions.goal, goal.goal), eq(conversions.txid, p.txid))).limit(1).for('update'))[0];
  const update = async (existing: Conversion) => ({ conversion: await setConversionStatus(t, existing, p.click, p.status, { source: 'postback' }), created: false });
  const existing = await findExisting();
  if (existing) return update(existing);

  const country = p.click.country;
  const full = await conversionCapFull(t, offer.id, p.click);
  const money = await goalMoney(t, offer.id, goal, p.click.affiliateId, country, p.revenue);
  const { revenue } = money;
  const payout = full ? 0 : money.payout;
  const [conversion] = await t.insert(conversions).values({
    clickId: p.click.id, landingId: p.click.landingId, offerId: offer.id, affiliateId: p.click.affiliateId, goal: goal.goal, status: p.status,
    flow: full ? 'trafficback' : 'accepted', payout, revenue, currency: offer.currency, country, device: p.click.device, os: p.click.os,
    txid: p.txid, holdUntil: new Date(Date.now() + offer.holdDays * 86_400_000),
  }).onConflictDoNothing().returning();
  // The same postback arriving twice at once: the unique index lets one insert; the other updates what it stored.
  if (!conversion) return update((await findExisting())!);
  await t.insert(conversionHistory).values({ conversionId: conversion.id, fromStatus: null, toStatus: p.status, source: 'postback' });
  if (!full) {
    await rollUpConversion(t, conversionKey(conversion), statusDelta(null, p.status, payout, revenue, conversion.goal));
    // Over a cap the conversion went to trafficback: nothing the affiliate is paid for, so nothing to tell them.
    await firePostbacks(t, conversion, 'conversion');
  }
  return { conversion, created: true };
});

/** A conversion cap of the offer that this click falls under and that is full now. */
const conversionCapFull = async (tx: Db, offerId: string, click: Click) => {
  const caps = (await tx.select().from(offerCaps).where(and(eq(offerCaps.offerId, offerId), eq(offerCaps.metric, 'conversions')))).filter((c) =>
    (!c.geo || c.geo === click.country) && (!c.device || c.device === click.device) && (!c.os || c.os === click.os)
    && (!c.affiliateId || c.affiliateId === click.affiliateId));
  if (!caps.length) return false;
  // Counting and inserting must not interleave with another conversion on the offer, or a cap could overshoot.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${offerId}))`);
  const { time_zone } = await generalSettings.get(tx);
  const fills = await capFills(tx, caps as CapRow[], time_zone);
  return caps.some((c) => (fills.get(c.id) ?? 0) >= c.limit);
};
