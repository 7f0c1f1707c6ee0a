// missing_here rows become conversions (docs/product/reconciliation.md, "Apply"): made as an inbound postback makes one
// (money from the goal table with their amount as the revenue sent, the fraud verdict of the click and its lead,
// rollups, the affiliate's postback), with their date, their status and a history entry naming the import.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { resolveFraudSettings } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import type { StoredFraudReason } from '../../db/schema.ts';
import { conversionHistory, conversions } from '../../db/schema.ts';
import { writeAudit } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import { getFraudSettings, offerFraudSettingsOf } from '../fraud/index.ts';
import { firePostbacks } from '../postbacks/index.ts';
import {
  conversionKey,
  FRAUD_STATUS,
  fraudEntry,
  moneyOf,
  rollUpConversions,
  scoreConversion,
  statusDelta,
} from '../tracking/index.ts';
import { readClicksOfOurs, readOfferTerms, type ClickOfOurs, type PickedRow } from './apply.repository.ts';
import { rowName, type ApplyContext, type Outcome } from './apply-corrections.ts';
import type { FileRow } from './classify.ts';

type NewRow = typeof conversions.$inferInsert & { id: string; createdAt: Date };

const clickOf = (clicks: Map<string, ClickOfOurs>, d: FileRow) =>
  (d.click_id && clicks.get(d.click_id.trim().toLowerCase())) ||
  (d.lead_id && clicks.get(d.lead_id.trim().toLowerCase())) ||
  null;

/**
 * Locks the clicks in id order (two applies naming the same clicks never wait on each other in a cycle), then reads
 * what the made conversions must respect: the conversions each click has already, by goal, and the reasons of its
 * latest scored lead. Under the lock a second apply (another import of the same report) sees what the first made.
 */
const lockClicks = async (tx: Db, ids: string[]) => {
  const sorted = sql.param([...new Set(ids)].sort());
  await tx.execute(sql`select id from clicks where id = any(${sorted}::uuid[]) order by id for update`);
  const { rows: had } = await tx.execute<{ id: string; click_id: string; goal: string; txid: string }>(sql`
    select distinct on (click_id, goal) id, click_id, goal, txid from conversions
    where click_id = any(${sorted}::uuid[]) and not is_test order by click_id, goal, created_at, id`);
  const { rows: leads } = await tx.execute<{ click_id: string; fraud_reasons: StoredFraudReason[] }>(sql`
    select distinct on (click_id) click_id, fraud_reasons from leads
    where click_id = any(${sorted}::uuid[]) and fraud_reasons is not null order by click_id, created_at desc`);
  return {
    existing: new Map(had.map((c) => [`${c.click_id}/${c.goal}`, c])),
    leadReasons: new Map(leads.map((l) => [l.click_id, l.fraud_reasons])),
  };
};

/** The conversions to make, refused whole (400 naming the row) when one cannot be made. */
const plan = async (tx: Db, advertiserId: string, rows: PickedRow[]) => {
  const data = rows.map((r) => r.data as unknown as FileRow);
  const clicks = await readClicksOfOurs(
    tx,
    advertiserId,
    data.map((d) => d.click_id),
    data.map((d) => d.lead_id),
  );
  const locked = await lockClicks(
    tx,
    [...clicks.values()].map((c) => c.id),
  );
  const terms = await readOfferTerms(
    tx,
    [...clicks.values()].map((c) => c.offerId),
  );
  const network = await getFraudSettings(tx);
  const planned = rows.map((row, i) => {
    const d = data[i];
    const click = clickOf(clicks, d);
    if (!click) throw badRequest('row_uuids', `${rowName(row)}: no click of ours to make a conversion from`);
    if (!click.affiliateId || click.trafficbackReason)
      throw badRequest('row_uuids', `${rowName(row)}: its click did not reach the offer`);
    const offer = terms.get(click.offerId)!;
    if (d.currency && d.currency !== offer.currency)
      throw badRequest(
        'row_uuids',
        `${rowName(row)}: their currency ${d.currency} is not the offer's (${offer.currency})`,
      );
    // The offer's first goal, as a postback without a goal gets (docs/decisions/059-reconciliation-apply.md).
    const goal = offer.goals[0];
    if (!goal) throw badRequest('row_uuids', `${rowName(row)}: the offer has no goals`);
    const money = moneyOf(goal, click.country, offer.overrides.get(click.affiliateId) ?? [], d.amount ?? undefined);
    const createdAt = d.date ? new Date(d.date) : new Date();
    const settings = resolveFraudSettings(network, offerFraudSettingsOf(offer.fraudSettings));
    const verdict = scoreConversion(
      settings,
      { clickAt: click.createdAt, convertedAt: createdAt, goal: goal.goal },
      click.affiliateId,
      [click.fraudReasons as StoredFraudReason[] | null, locked.leadReasons.get(click.id) ?? null],
    );
    const sent = d.status ?? 'pending';
    const conv: NewRow = {
      id: randomUUID(),
      createdAt,
      clickId: click.id,
      landingId: click.landingId,
      offerId: click.offerId,
      affiliateId: click.affiliateId,
      goal: goal.goal,
      status: verdict.fraudAction ? FRAUD_STATUS[verdict.fraudAction] : sent,
      flow: 'accepted',
      payout: money.payout,
      revenue: money.revenue,
      currency: offer.currency,
      country: click.country,
      device: click.device,
      os: click.os,
      // Their transaction id, else none, as a postback without one: the (click, goal, txid) index then catches the
      // advertiser's postback re-sent after the apply as a repeat of this conversion, not a second one.
      txid: d.txid?.trim() ?? '',
      holdUntil: new Date(Date.now() + offer.holdDays * 86_400_000),
      ...verdict,
    };
    return { row, conv, sent };
  });
  return { planned, existing: locked.existing };
};

/**
 * Makes the conversions. A row whose click has a conversion of the goal already (a postback arrived since the
 * classification, another import of the report was applied, or an earlier row of this one) makes none and says so:
 * one conversion per click and goal, whatever its txid, so nothing is counted or paid twice.
 */
export const createConversions = async (
  tx: Db,
  advertiserId: string,
  rows: PickedRow[],
  ctx: ApplyContext,
): Promise<Outcome[]> => {
  if (!rows.length) return [];
  const { planned, existing } = await plan(tx, advertiserId, rows);
  const out: Outcome[] = [];
  const made: (typeof conversions.$inferSelect)[] = [];
  for (const { row, conv, sent } of planned) {
    const key = `${conv.clickId}/${conv.goal}`;
    const had = existing.get(key);
    // A postback may still insert one between the read under the lock and this insert: the unique index catches it.
    const [stored] = had ? [] : await tx.insert(conversions).values(conv).onConflictDoNothing().returning();
    if (!stored) {
      const applied = {
        conversion_id: had?.id ?? null,
        existed: { click_id: conv.clickId, goal: conv.goal, txid: had?.txid ?? conv.txid },
      };
      out.push({ id: row.id, applied, changed: false, created: false, adjusted: false });
      continue;
    }
    existing.set(key, { id: stored.id, click_id: stored.clickId!, goal: stored.goal, txid: stored.txid });
    made.push(stored);
    const fraud = fraudEntry(stored, `sent as ${sent} in the advertiser's report`);
    await tx.insert(conversionHistory).values({
      conversionId: stored.id,
      fromStatus: null,
      toStatus: stored.status,
      source: fraud ? 'fraud' : 'reconciliation',
      actorId: fraud ? null : ctx.actorId,
      reason: fraud ? fraud.reason : ctx.reason,
    });
    if (fraud) await writeAudit(tx, { action: 'fraud_action', subjectId: stored.affiliateId, details: fraud.audit });
    await firePostbacks(tx, stored, 'conversion');
    const applied = {
      conversion_id: stored.id,
      created: { status: stored.status, revenue: stored.revenue, payout: stored.payout },
    };
    out.push({ id: row.id, applied, changed: false, created: true, adjusted: false });
  }
  await rollUpConversions(
    tx,
    made.map((c) => ({ key: conversionKey(c), delta: statusDelta(null, c.status, c.payout, c.revenue, c.goal) })),
  );
  return out;
};
