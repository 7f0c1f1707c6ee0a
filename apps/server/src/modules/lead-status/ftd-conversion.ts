import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { resolveFraudSettings, type Goal } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { clicks, conversionHistory, conversions, leads, offerProducts, offers, products } from '../../db/schema.ts';
import { writeAudit } from '../../lib/audit.ts';
import { getFraudSettings, offerFraudSettingsOf } from '../fraud/index.ts';
import { firePostbacks } from '../postbacks/index.ts';
import {
  conversionKey,
  FRAUD_STATUS,
  fraudEntry,
  goalMoney,
  rollUpConversion,
  scoreConversion,
  statusDelta,
} from '../tracking/index.ts';

type Lead = typeof leads.$inferSelect;
const originLeads = alias(leads, 'origin');

/** The offer's FTD goal; offers that name it otherwise put the deposit last (registration, …, deposit). */
const ftdGoal = (goals: Goal[]) => goals.find((g) => g.goal === 'ftd') ?? goals.at(-1);

/**
 * The deposit's fraud verdict: its click-to-deposit time with the reasons of its lead and the lead's click. A Cold API
 * copy names no click, and one copied before copies carried the verdict has no reasons: its origin's reasons and its
 * origin's click's stand in (one query). That click's time does not: the copy's deposit follows the resale.
 */
const depositVerdict = async (tx: Db, lead: Lead, offer: typeof offers.$inferSelect, goal: Goal, now: Date) => {
  const [click] = lead.clickId
    ? await tx
        .select({ createdAt: clicks.createdAt, fraudReasons: clicks.fraudReasons })
        .from(clicks)
        .where(eq(clicks.id, lead.clickId))
        .limit(1)
    : [];
  const [origin] =
    !lead.clickId && !lead.fraudReasons && lead.originLeadId
      ? await tx
          .select({ fraudReasons: originLeads.fraudReasons, clickReasons: clicks.fraudReasons })
          .from(originLeads)
          .leftJoin(clicks, eq(clicks.id, originLeads.clickId))
          .where(eq(originLeads.id, lead.originLeadId))
          .limit(1)
      : [];
  const settings = resolveFraudSettings(await getFraudSettings(tx), offerFraudSettingsOf(offer.fraudSettings));
  const at = { clickAt: click?.createdAt ?? null, convertedAt: now, goal: goal.goal };
  return scoreConversion(settings, at, lead.affiliateId, [
    click?.fraudReasons,
    lead.fraudReasons,
    origin?.fraudReasons,
    origin?.clickReasons,
  ]);
};

/**
 * The conversion of a lead's first deposit, inside the transaction that holds the lead's row lock (so it is made once).
 * Payout from the offer (country rate, the affiliate's override; the offer product's payout override wins); revenue
 * from the product for the lead's country (in the offer's currency), else the goal's. Pending until the offer's hold
 * days are over (the hold job approves), unless a fraud action holds or rejects it (docs/product/fraud.md). Test leads
 * give a test conversion: no rollups, no postbacks.
 */
export const recordFtdConversion = async (tx: Db, lead: Lead, productId: string, now: Date) => {
  const [offer] = await tx.select().from(offers).where(eq(offers.id, lead.offerId)).limit(1);
  const goal = ftdGoal(offer.goals as Goal[]);
  if (!goal) return null;
  const [product] = await tx
    .select({ revenue: products.revenue })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  const [link] = await tx
    .select({ payoutOverride: offerProducts.payoutOverride })
    .from(offerProducts)
    .where(and(eq(offerProducts.offerId, offer.id), eq(offerProducts.productId, productId)))
    .limit(1);
  // A product priced in another currency cannot be booked on this offer's conversion; the goal's revenue stands in.
  const productRevenue = product?.revenue.find((r) => r.geo === lead.country && r.currency === offer.currency)?.amount;
  const money = await goalMoney(tx, offer.id, goal, lead.affiliateId, lead.country, productRevenue);
  const payout = link?.payoutOverride ?? money.payout;
  const verdict = await depositVerdict(tx, lead, offer, goal, now);
  const [conv] = await tx
    .insert(conversions)
    .values({
      clickId: lead.clickId,
      leadId: lead.id,
      productId,
      landingId: lead.landingId,
      offerId: offer.id,
      affiliateId: lead.affiliateId,
      goal: goal.goal,
      status: verdict.fraudAction ? FRAUD_STATUS[verdict.fraudAction] : 'pending',
      payout,
      revenue: money.revenue,
      currency: offer.currency,
      country: lead.country,
      device: lead.device,
      os: lead.os,
      isTest: lead.isTest,
      // The lead is the transaction: one FTD conversion per lead even on a shared click.
      txid: lead.id,
      holdUntil: new Date(now.getTime() + offer.holdDays * 86_400_000),
      ...verdict,
    })
    .returning();
  const fraud = fraudEntry(conv, 'FTD reported by the buyer');
  await tx.insert(conversionHistory).values({
    conversionId: conv.id,
    fromStatus: null,
    toStatus: conv.status,
    source: fraud ? 'fraud' : 'postback',
    reason: fraud?.reason ?? 'FTD reported by the buyer',
  });
  if (lead.isTest) return conv;
  // A test lead's action is in its history only: the audit log records real traffic.
  if (fraud) await writeAudit(tx, { action: 'fraud_action', subjectId: conv.affiliateId, details: fraud.audit });
  await rollUpConversion(tx, conversionKey(conv), statusDelta(null, conv.status, payout, money.revenue, conv.goal));
  if (!(await firePostbacks(tx, conv, 'ftd'))) await firePostbacks(tx, conv, 'conversion');
  return conv;
};
