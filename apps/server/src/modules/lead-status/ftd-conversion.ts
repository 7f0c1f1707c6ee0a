import { and, eq } from 'drizzle-orm';
import type { Goal } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { conversionHistory, conversions, leads, offerProducts, offers, products } from '../../db/schema.ts';
import { firePostbacks } from '../postbacks/index.ts';
import { conversionKey, rollUpConversion, statusDelta, goalMoney } from '../tracking/index.ts';

type Lead = typeof leads.$inferSelect;

/** The offer's FTD goal; offers that name it otherwise put the deposit last (registration, …, deposit). */
const ftdGoal = (goals: Goal[]) => goals.find((g) => g.goal === 'ftd') ?? goals.at(-1);

/**
 * The conversion of a lead's first deposit, inside the transaction that holds the lead's row lock (so it is made once).
 * Payout from the offer (country rate, the affiliate's override; the offer product's payout override wins); revenue
 * from the product for the lead's country (in the offer's currency), else the goal's. Pending until the offer's hold
 * days are over (the hold job approves). Test leads give a test conversion: no rollups, no postbacks.
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
      status: 'pending',
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
    })
    .returning();
  await tx.insert(conversionHistory).values({
    conversionId: conv.id,
    fromStatus: null,
    toStatus: 'pending',
    source: 'postback',
    reason: 'FTD reported by the buyer',
  });
  if (lead.isTest) return conv;
  await rollUpConversion(tx, conversionKey(conv), statusDelta(null, 'pending', payout, money.revenue, conv.goal));
  if (!(await firePostbacks(tx, conv, 'ftd'))) await firePostbacks(tx, conv, 'conversion');
  return conv;
};
