import { randomUUID } from 'node:crypto';
import { affiliateRate, payoutFor, type FraudReason, type Goal } from '@pxl/contract';
import type { Db } from '../db/client.ts';
import { auditLog, conversionHistory, conversions, leads } from '../db/schema.ts';
import { unnestInsert } from '../db/unnest-insert.ts';
import { rollUpConversions, statusDelta, type RollupKey } from '../modules/tracking/index.ts';
import type { CapGuard } from './demo-traffic-caps.ts';
import type { DemoClick } from './demo-traffic-clicks.ts';
import {
  actionReason,
  leadOrigin,
  plantedDelay,
  scoreConversion,
  scoreLead,
  type DemoFraud,
} from './demo-traffic-fraud.ts';
import { DAY_MS, GOAL_RATE, LEAD_RATE } from './demo-traffic-plan.ts';
import type { Rng } from './demo-traffic-random.ts';
import { lifecycle } from './demo-traffic-statuses.ts';

type Context = {
  rng: Rng;
  now: number;
  guard: CapGuard;
  adminId: string;
  seq: number;
  fraud: DemoFraud;
  blocks: Map<string, string[]>;
};
export type ConversionBatch = {
  leads: (typeof leads.$inferInsert)[];
  conversions: (typeof conversions.$inferInsert)[];
  history: (typeof conversionHistory.$inferInsert)[];
  /** The automatic fraud actions, audited as the postback path audits them. */
  audits: (typeof auditLog.$inferInsert)[];
  rollups: { key: RollupKey; delta: ReturnType<typeof statusDelta> }[];
};

// Cheap goals come within minutes, deposits and sales within hours.
const QUICK = new Set(['install', 'registration', 'lead']);
const MAX_DELAY = 2 * DAY_MS;

/** Revenue from the goal table for the country; a revshare goal's revenue is the deposit, which varies. */
const moneyOf = (rng: Rng, goal: Goal, country: string | null) => {
  let revenue = (country ? goal.geo_rates.find((r) => r.geo === country)?.revenue : undefined) ?? goal.revenue;
  if (goal.payment_type !== 'cpa') revenue = Math.round((revenue * (0.5 + rng.exp(1))) / 100) * 100;
  return { revenue, payout: payoutFor(goal.payment_type, affiliateRate(goal, country, []), revenue) };
};

export const newBatch = (): ConversionBatch => ({ leads: [], conversions: [], history: [], audits: [], rollups: [] });

/**
 * The lead and conversions of one click: a few percent of the clicks that reached the offer convert 0–48 h
 * later (never after now), through every status with its history, within the offers' caps.
 */
export const convertClick = (ctx: Context, click: DemoClick, out: ConversionBatch) => {
  const { rng, now } = ctx;
  if (click.trafficbackReason || click.isBot) return;
  const { offer, affiliate, quality } = click.stream;
  const t = click.createdAt.getTime();
  const fields = {
    country: click.country ?? null,
    device: click.device ?? null,
    os: click.os ?? null,
    affiliateId: affiliate.id,
  };
  const clickReasons = (click.fraudReasons ?? null) as FraudReason[] | null;
  let lead: { id: string; productId: string | null; reasons: FraudReason[] } | null = null;
  if (offer.type === 'api') {
    const at = Math.min(now, t + rng.int(30_000, 600_000));
    if (!rng.chance(LEAD_RATE) || !ctx.guard.admit(offer.id, 'leads', at, fields)) return;
    const origin = leadOrigin(ctx.fraud, { ip: click.ip ?? null, country: fields.country }, offer.geos, ctx.blocks);
    const verdict = scoreLead(
      ctx.fraud.settingsOf(offer.id),
      { ip: click.ip ?? null, country: fields.country, reasons: clickReasons ?? [] },
      origin,
    );
    lead = {
      id: randomUUID(),
      productId: offer.products.length ? (rng.chance(0.7) ? offer.products[0] : rng.pick(offer.products)) : null,
      reasons: verdict.fraud_reasons,
    };
    out.leads.push({
      id: lead.id,
      productId: lead.productId,
      createdAt: new Date(at),
      offerId: offer.id,
      affiliateId: affiliate.id,
      clickId: click.id,
      ip: origin.ip,
      country: origin.country,
      device: fields.device,
      os: fields.os,
      fraudScore: verdict.fraud_score,
      fraudReasons: verdict.fraud_reasons,
    });
  }
  for (const goal of offer.goals as Goal[]) {
    if (!rng.chance((GOAL_RATE[goal.goal] ?? 0.02) * quality * (lead ? 1 / LEAD_RATE : 1))) continue;
    let delay = Math.min(MAX_DELAY, rng.exp(QUICK.has(goal.goal) ? 25 * 60_000 : 12 * 3_600_000));
    if (t + delay > now) delay = rng.next() * (now - t);
    // A lead's conversion follows its lead: only a direct link's is planted seconds after the click.
    delay = plantedDelay(ctx.fraud, { offerId: offer.id, goal: goal.goal, clickAt: t }, now, delay, !lead);
    const created = Math.round(t + delay);
    // Over a conversion cap the postback still counts the conversion, in the trafficback flow and unpaid.
    // (A few on capped offers stand for caps filled by postbacks the demo does not make.)
    const over = offer.caps.some((c) => c.metric === 'conversions') && rng.chance(0.02);
    const accepted = !over && ctx.guard.admit(offer.id, 'conversions', created, fields);
    const money = moneyOf(rng, goal, fields.country);
    const payout = accepted ? money.payout : 0;
    const holdUntil = created + offer.holdDays * DAY_MS;
    let steps = lifecycle(rng, { created, holdUntil, now, quality, staffId: affiliate.managerId ?? ctx.adminId });
    const id = randomUUID();
    const verdict = scoreConversion(
      ctx.fraud,
      { offerId: offer.id, affiliateId: affiliate.id, goal: goal.goal, clickAt: t, at: created },
      [clickReasons, lead?.reasons ?? null],
    );
    if (verdict.action) {
      // The offer's own settings hold or reject it on arrival, whatever the advertiser sent (staff decide the held ones).
      const to = verdict.action === 'hold' ? 'hold' : 'rejected';
      const reason = actionReason(verdict.action, verdict.fraud_score, verdict.fraud_reasons);
      steps = [{ at: created, from: null, to, source: 'fraud', actorId: null, reason }];
      out.audits.push({
        createdAt: new Date(created),
        actorId: null,
        subjectId: affiliate.id,
        action: 'fraud_action',
        details: {
          on: 'conversion',
          uuid: id,
          action: verdict.action,
          score: verdict.fraud_score,
          reasons: verdict.fraud_reasons,
        },
      });
    }
    const final = steps[steps.length - 1];
    out.conversions.push({
      id,
      createdAt: new Date(created),
      updatedAt: new Date(final.at),
      clickId: click.id,
      leadId: lead?.id ?? null,
      productId: lead?.productId ?? null,
      landingId: click.landingId ?? null,
      offerId: offer.id,
      goal: goal.goal,
      status: final.to,
      flow: accepted ? 'accepted' : 'trafficback',
      payout,
      revenue: money.revenue,
      currency: offer.currency,
      ...fields,
      txid: `tx-${(ctx.seq++).toString(36).padStart(7, '0')}`,
      holdUntil: new Date(holdUntil),
      fraudScore: verdict.fraud_score,
      fraudReasons: verdict.fraud_reasons,
      fraudAction: verdict.action,
    });
    for (const s of steps) {
      out.history.push({
        conversionId: id,
        createdAt: new Date(s.at),
        fromStatus: s.from,
        toStatus: s.to,
        source: s.source,
        actorId: s.actorId,
        reason: s.reason,
      });
    }
    // The rollups hold the net effect of the whole history; trafficback conversions are not counted (recordPostback).
    if (accepted) {
      out.rollups.push({
        key: {
          at: new Date(created),
          ...fields,
          offerId: offer.id,
          landingId: click.landingId ?? null,
          productId: lead?.productId ?? null,
          currency: offer.currency,
        },
        delta: statusDelta(null, final.to, payout, money.revenue, goal.goal),
      });
    }
  }
};

/** One transaction per batch: leads, conversions, their history and their rollup deltas together. */
export const writeConversions = (db: Db, b: ConversionBatch) =>
  db.transaction(async (tx) => {
    if (b.leads.length) await tx.execute(unnestInsert(leads, b.leads));
    if (b.conversions.length) await tx.execute(unnestInsert(conversions, b.conversions));
    if (b.history.length) await tx.execute(unnestInsert(conversionHistory, b.history));
    if (b.audits.length) await tx.execute(unnestInsert(auditLog, b.audits));
    await rollUpConversions(tx as unknown as Db, b.rollups);
  });
