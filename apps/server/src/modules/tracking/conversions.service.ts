import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  CONVERSION_STATUSES,
  affiliateRate,
  payoutFor,
  type AffiliateOverride,
  type ConversionStatusValue,
  type Goal,
} from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { conversionHistory, conversions, offerPayoutOverrides, offers } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { assertNotInvoiced, dropPendingAdjustments } from '../billing/index.ts';
import { capFills, type CapRow } from '../offers/index.ts';
import { alertConversionsRejected } from '../notifications/index.ts';
import { conversionPostbackUrl, firePostbacks } from '../postbacks/index.ts';
import { conversionKey, rollUpConversion, statusDelta } from './conversion-rollup.ts';
import { FRAUD_STATUS, fraudEntry, scoreConversion, type FraudActed } from './conversion-fraud.ts';
import {
  insertInboundLog,
  insertNew,
  type Click,
  type Conversion,
  type InboundLog,
  type NewConversion,
  type PostbackContext,
  type PostbackOffer,
} from './postback-sql.ts';

export { CONVERSION_STATUSES };
export type ConversionStatus = ConversionStatusValue;
type Source = {
  /** reconciliation: an advertiser's report applied by staff (docs/product/reconciliation.md, "Apply"). */
  source: 'postback' | 'staff' | 'hold' | 'reconciliation';
  actorId?: string | null;
  reason?: string;
  /** The fraud mark the new status carries (undefined: left as it is; null: cleared by a release). */
  fraudAction?: FraudActed | null;
};

const fail = (status: number, field: string, message: string) => new AppError(status, { [field]: message });

/** Moves a conversion to a status with a history entry and the rollups kept in step; no-op when unchanged. */
export const setConversionStatus = async (
  tx: Db,
  conv: Conversion,
  click: Pick<Click, 'landingId' | 'country'> | null,
  to: ConversionStatus,
  by: Source,
) => {
  if (conv.status === to && (by.fraudAction === undefined || by.fraudAction === conv.fraudAction)) return conv;
  await assertNotInvoiced(tx, conv);
  // Released to pending, the offer's hold days start again from now (docs/decisions/055-conversion-fraud-actions.md):
  // the hold_until set at creation may be long past, and the hold job would approve it on its next run.
  const restartHold = by.fraudAction === null && conv.fraudAction !== null && to === 'pending';
  const [updated] = await tx
    .update(conversions)
    .set({
      status: to,
      updatedAt: sql`now()`,
      ...(by.fraudAction !== undefined && { fraudAction: by.fraudAction }),
      ...(restartHold && {
        holdUntil: sql`now() + make_interval(days => (select ${offers.holdDays} from ${offers} where ${offers.id} = ${conversions.offerId}))`,
      }),
    })
    .where(eq(conversions.id, conv.id))
    .returning();
  await tx.insert(conversionHistory).values({
    conversionId: conv.id,
    fromStatus: conv.status,
    toStatus: to,
    source: by.source,
    actorId: by.actorId ?? null,
    reason: by.reason ?? '',
  });
  // Its status now says what it earns: a correction reconciliation queued for it is superseded, or a payout taken
  // back there would be lost again here (docs/decisions/059-reconciliation-apply.md).
  if (conv.status !== to) await dropPendingAdjustments(tx, [conv.id]);
  // Test conversions (Test API) are never money: no rollups, no postbacks.
  if (conv.flow === 'accepted' && !conv.isTest) {
    await rollUpConversion(tx, conversionKey(conv), statusDelta(conv.status, to, conv.payout, conv.revenue));
    await firePostbacks(tx, updated, 'status_change');
    // Rare, so the one statement that tells the affiliate's own channels costs the postback path nothing otherwise.
    if (to === 'rejected' && conv.status !== 'rejected') await alertConversionsRejected(tx, [updated]);
  }
  return updated;
};

/** Payout and revenue of a goal: the country's rates, the affiliate's overrides, a revenue the advertiser sent. */
export const moneyOf = (goal: Goal, country: string | null, overrides: AffiliateOverride[], sentRevenue?: number) => {
  const revenue =
    sentRevenue ?? (country ? goal.geo_rates.find((r) => r.geo === country)?.revenue : undefined) ?? goal.revenue;
  return { revenue, payout: payoutFor(goal.payment_type, affiliateRate(goal, country, overrides), revenue) };
};

/** Payout and revenue of a goal at this moment, reading the affiliate's overrides. */
export const goalMoney = async (
  tx: Db,
  offerId: string,
  goal: Goal,
  affiliateId: string,
  country: string | null,
  sentRevenue?: number,
) => {
  const overrides = (
    await tx
      .select()
      .from(offerPayoutOverrides)
      .where(and(eq(offerPayoutOverrides.offerId, offerId), eq(offerPayoutOverrides.affiliateId, affiliateId)))
  ).map((o) => ({ goal: o.goal, geo: o.geo, payout: o.payout, payout_percent: o.payoutPercentBp / 100 }));
  return moneyOf(goal, country, overrides, sentRevenue);
};

type Answer = (conversion: Pick<Conversion, 'id' | 'status' | 'flow'>, created: boolean) => Record<string, unknown>;
type PostbackInput = {
  ctx: PostbackContext;
  goal: string | undefined;
  status: ConversionStatus;
  revenue: number | undefined;
  txid: string;
  /** The partner time zone, read only when a conversion cap applies. */
  timeZone: () => Promise<string>;
  /** The answer to send; it is logged with `log` in the conversion's own transaction. */
  answer: Answer;
  log: Omit<InboundLog, 'conversionId' | 'statusCode' | 'response'>;
};
type Target = { click: Click & { affiliateId: string }; offer: PostbackOffer; goal: Goal; caps: CapRow[] };

/** Refusals come before anything is written. */
const targetOf = (p: PostbackInput): Target => {
  const { click, offer, caps } = p.ctx;
  if (!click || !offer || offer.advertiserId !== p.ctx.advertiserId)
    throw fail(403, 'click_id', 'This click is not on one of your offers');
  if (!click.affiliateId || click.trafficbackReason) throw fail(400, 'click_id', 'This click did not reach the offer');
  const goal = p.goal ? offer.goals.find((g) => g.goal === p.goal) : offer.goals[0];
  if (!goal) throw fail(400, 'goal', p.goal ? `The offer has no goal "${p.goal}"` : 'The offer has no goals');
  const applies = (c: CapRow) =>
    (!c.geo || c.geo === click.country) &&
    (!c.device || c.device === click.device) &&
    (!c.os || c.os === click.os) &&
    (!c.affiliateId || c.affiliateId === click.affiliateId);
  return { click: click as Target['click'], offer, goal, caps: caps.filter(applies) };
};

/**
 * A conversion from an inbound postback (docs/product/tracking.md), committed before the answer, with the answer logged in the
 * same transaction. Money comes from the goal table at this moment (country, the affiliate's overrides); the postback's
 * revenue, when given, replaces the table's. Offers with conversion caps count under a per-offer lock, so caps never
 * overshoot. The usual case (no cap applies, no affiliate postback owed, not seen before) is one statement.
 */
export const recordPostback = async (db: Db, p: PostbackInput) => {
  const t = targetOf(p);
  const { click, offer, goal } = t;
  const money = moneyOf(goal, click.country, p.ctx.overrides, p.revenue);
  const verdict = scoreConversion(
    p.ctx.fraudSettings,
    { clickAt: click.createdAt, convertedAt: new Date(), goal: goal.goal },
    click.affiliateId,
    [click.fraudReasons, p.ctx.leadReasons],
  );
  const row: NewConversion = {
    id: randomUUID(),
    clickId: click.id,
    landingId: click.landingId,
    offerId: offer.id,
    affiliateId: click.affiliateId,
    goal: goal.goal,
    // A fraud action wins over the status the advertiser sent (docs/decisions/055-conversion-fraud-actions.md), and
    // over an automation rule's hold (docs/product/automation.md), which wins over the advertiser's status.
    status: verdict.fraudAction ? FRAUD_STATUS[verdict.fraudAction] : p.ctx.hold ? 'hold' : p.status,
    flow: 'accepted',
    payout: money.payout,
    revenue: money.revenue,
    currency: offer.currency,
    country: click.country,
    device: click.device,
    os: click.os,
    txid: p.txid,
    holdUntil: new Date(Date.now() + offer.holdDays * 86_400_000),
    ...verdict,
  };
  const alone = !t.caps.length;
  if (alone) {
    // The affiliate's postback, when owed, is queued by the same statement: no transaction of round trips around it.
    const url =
      p.ctx.conversionUrl &&
      conversionPostbackUrl(p.ctx.conversionUrl, { ...row, leadId: null }, offer.number, click, null);
    const stored = await create(db, p, row, { callerQueues: false, url: url || null });
    if (stored) return stored;
  }
  // Read before the transaction: a cold cache read inside it would wait for a pool connection while holding one, and
  // concurrent postbacks holding every connection would then wait on each other for ever.
  const timeZone = t.caps.length ? await p.timeZone() : '';
  // A repeat is found first when it is likely: after the statement above found one, or where a cap's lock would be taken.
  return inTransaction(db, p, t, row, alone || t.caps.length > 0, timeZone);
};

/** The new conversion with its history, rollup delta and logged answer in one statement (insertNew); null when nothing was written. */
const create = async (
  db: Db,
  p: PostbackInput,
  row: NewConversion,
  postback: { callerQueues: boolean; url: string | null },
) => {
  const response = p.answer(row, true);
  const delta = statusDelta(null, row.status, row.payout, row.revenue, row.goal);
  const hold = p.ctx.hold;
  // Over a cap the row keeps the status sent (nothing is paid), so only a row the rule's hold set says so.
  const held =
    hold && row.status === 'hold' && !row.fraudAction
      ? `Held by automation rule "${hold.rule}" (sent as ${p.status}; action ${hold.actionId})`
      : null;
  const conversion = await insertNew(
    db,
    row,
    delta,
    { ...p.log, conversionId: row.id, statusCode: 200, response },
    postback,
    fraudEntry(row, `sent as ${p.status}`),
    held,
  );
  return conversion && { conversion, response };
};

/** The general case: a repeat moves the status; otherwise caps are counted under the offer's lock and postbacks queued. */
const inTransaction = (
  db: Db,
  p: PostbackInput,
  t: Target,
  row: NewConversion,
  existingFirst: boolean,
  timeZone: string,
) =>
  db.transaction(async (tx) => {
    const d = tx as unknown as Db;
    const update = async (existing: Conversion | undefined) => {
      // A conversion a fraud action holds or rejected keeps its status until staff release it; the advertiser's word
      // stays in the inbound postback log (docs/decisions/055-conversion-fraud-actions.md).
      const conversion = existing!.fraudAction
        ? existing!
        : await setConversionStatus(d, existing!, t.click, p.status, { source: 'postback' });
      const response = p.answer(conversion, false);
      await insertInboundLog(d, { ...p.log, conversionId: conversion.id, statusCode: 200, response });
      return { conversion, response };
    };
    const findExisting = async () =>
      (
        await d
          .select()
          .from(conversions)
          .where(
            and(eq(conversions.clickId, row.clickId!), eq(conversions.goal, row.goal), eq(conversions.txid, row.txid)),
          )
          .limit(1)
          .for('update')
      )[0];
    if (existingFirst) {
      const existing = await findExisting();
      if (existing) return update(existing);
    }
    const full = t.caps.length > 0 && (await conversionCapFull(d, row.offerId, t.caps, timeZone));
    // Over a cap nothing is paid: the verdict is kept, but no fraud action (status, history entry, audit) is taken.
    const capped = full && { ...row, flow: 'trafficback', payout: 0, status: p.status, fraudAction: null };
    const stored = await create(d, p, capped || row, {
      callerQueues: true,
      url: null,
    });
    // The same postback arriving twice at once: the unique index lets one insert; the other updates what it stored.
    if (!stored) return update(await findExisting());
    // Over a cap the conversion went to trafficback: nothing the affiliate is paid for, so nothing to tell them. The URL
    // read with the click is used; one saved since (the statement alone saw it and wrote nothing) is looked up here.
    const url = p.ctx.conversionUrl;
    if (!full)
      await firePostbacks(
        d,
        stored.conversion,
        'conversion',
        url ? { template: url, offerNumber: t.offer.number, click: t.click } : undefined,
      );
    return stored;
  });

/** Whether one of these conversion caps is full now; the lock keeps counting and inserting from interleaving across processes. */
const conversionCapFull = async (tx: Db, offerId: string, caps: CapRow[], timeZone: string) => {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${offerId}))`);
  const fills = await capFills(tx, caps, timeZone);
  return caps.some((c) => (fills.get(c.id) ?? 0) >= c.limit);
};
