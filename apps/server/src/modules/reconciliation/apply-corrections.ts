// status_differs, amount_differs and missing_there rows onto our conversions (docs/product/reconciliation.md, "Apply").
import type { Db } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { addPendingAdjustment, invoicesHolding, storedAdjustments } from '../billing/index.ts';
import { conversionKey, moneyOf, rollUpConversions, setConversionStatuses, type RollupKey } from '../tracking/index.ts';
import {
  lockConversions,
  readOfferTerms,
  restartHolds,
  writeMoney,
  type Conversion,
  type OfferTerms,
  type PickedRow,
} from './apply.repository.ts';
import type { ConversionStatus, FileRow } from './classify.ts';

export type ApplyContext = { actorId: string; reason: string };
export type Outcome = {
  id: string;
  applied: Record<string, unknown>;
  changed: boolean;
  created: boolean;
  adjusted: boolean;
};

export const rowName = (r: Pick<PickedRow, 'line' | 'conversionId'>) =>
  r.line !== null ? `Row ${r.line}` : `Conversion ${r.conversionId}`;

/** Their status and amount, or `rejected` when their report does not have ours; fields they left empty keep ours. */
const targetOf = (row: PickedRow, c: Conversion) => {
  if (row.bucket === 'missing_there') return { status: 'rejected' as ConversionStatus, revenue: c.revenue };
  const data = row.data as unknown as FileRow;
  return { status: data.status ?? (c.status as ConversionStatus), revenue: data.amount ?? c.revenue };
};

/** The payout of the new revenue: only a goal paying a share of revenue moves it, as the postback computes it. */
const payoutOf = (c: Conversion, revenue: number, terms: OfferTerms | undefined) => {
  if (revenue === c.revenue || !terms) return c.payout;
  const goal = terms.goals.find((g) => g.goal === c.goal);
  if (!goal || goal.payment_type === 'cpa') return c.payout;
  return moneyOf(goal, c.country, terms.overrides.get(c.affiliateId) ?? [], revenue).payout;
};

const countsMoney = (c: Conversion) => c.flow === 'accepted' && !c.isTest;

/**
 * Corrections of our conversions: money in one statement and its rollup change in another, statuses through
 * setConversionStatuses (history, rollups, referral triggers, the affiliates' postbacks), a few statements for all.
 * A conversion a live invoice holds keeps its status and payout: only their rejection takes the payout back, as an
 * adjustment for the affiliate's next invoice, counted against what earlier imports already stored for it; its revenue
 * still follows theirs (invoices pay payouts only). One whose referral earning waits in an unpaid invoice is refused.
 */
export const applyCorrections = async (tx: Db, rows: PickedRow[], ctx: ApplyContext): Promise<Outcome[]> => {
  if (!rows.length) return [];
  const convs = await lockConversions(
    tx,
    rows.map((r) => r.conversionId!),
  );
  const terms = await readOfferTerms(
    tx,
    [...convs.values()].map((c) => c.offerId),
  );
  const holding = await invoicesHolding(
    tx,
    [...convs.values()].filter((c) => c.status === 'approved').map((c) => c.id),
  );
  const stored = await storedAdjustments(tx, [...holding.keys()]);
  const money: { id: string; revenue: number; payout: number }[] = [];
  const rollups: { key: RollupKey; delta: { payout: number; revenue: number } }[] = [];
  const statuses: { c: Conversion; to: ConversionStatus }[] = [];
  const out: Outcome[] = [];
  for (const row of rows) {
    const c = convs.get(row.conversionId!);
    if (!c) throw badRequest('row_uuids', `${rowName(row)}: its conversion no longer exists`);
    const to = targetOf(row, c);
    const payout = payoutOf(c, to.revenue, terms.get(c.offerId));
    const revenueMoves = to.revenue !== c.revenue;
    // A status a traffic-quality action set stays until staff release it, as against postbacks
    // (docs/decisions/055-conversion-fraud-actions.md); their amount still applies.
    const statusMoves = to.status !== c.status && !c.fraudAction;
    const held = holding.get(c.id);
    // Changing it would reverse a referral earning that invoice is about to pay; an adjustment would be the wrong
    // affiliate's. Staff decline that invoice first.
    if (held?.referral && (statusMoves || payout !== c.payout))
      throw new AppError(409, {
        row_uuids: `${rowName(row)}: the referral earning of its conversion is in invoice ${held.number}; decline that invoice to apply it`,
      });
    if (held && !held.referral) {
      if (revenueMoves) {
        money.push({ id: c.id, revenue: to.revenue, payout: c.payout });
        if (countsMoney(c))
          rollups.push({ key: conversionKey(c), delta: { revenue: to.revenue - c.revenue, payout: 0 } });
      }
      // Only their rejection takes back a payout an invoice pays; pending or hold leave it paid. What earlier
      // imports stored for this conversion counts, so a second import of the period adds nothing.
      const target = to.status === 'rejected' ? 0 : payout;
      const before = stored.get(c.id) ?? 0;
      const amount = target - c.payout - before;
      stored.set(c.id, before + amount);
      if (amount !== 0)
        await addPendingAdjustment(tx, {
          affiliateId: c.affiliateId,
          currency: c.currency,
          amount,
          comment: ctx.reason,
          source: 'reconciliation',
          sourceId: row.id,
          conversionId: c.id,
          createdBy: ctx.actorId,
        });
      const applied = {
        conversion_id: c.id,
        invoiced: true,
        adjustment: amount,
        currency: c.currency,
        revenue: revenueMoves ? { from: c.revenue, to: to.revenue } : null,
        ...(to.status !== c.status &&
          to.status !== 'rejected' && { kept_status: `${to.status}: in invoice ${held.number}` }),
      };
      out.push({ id: row.id, applied, changed: revenueMoves, created: false, adjusted: amount !== 0 });
      continue;
    }
    const moneyMoves = revenueMoves || payout !== c.payout;
    if (moneyMoves) {
      money.push({ id: c.id, revenue: to.revenue, payout });
      if (countsMoney(c) && c.status !== 'rejected')
        rollups.push({ key: conversionKey(c), delta: { revenue: to.revenue - c.revenue, payout: payout - c.payout } });
    }
    if (statusMoves) statuses.push({ c: { ...c, revenue: to.revenue, payout }, to: to.status });
    const applied = {
      conversion_id: c.id,
      status: statusMoves ? { from: c.status, to: to.status } : null,
      revenue: revenueMoves ? { from: c.revenue, to: to.revenue } : null,
      payout: payout !== c.payout ? { from: c.payout, to: payout } : null,
      ...(to.status !== c.status && !statusMoves && { kept_status: 'held or rejected for traffic quality' }),
    };
    out.push({ id: row.id, applied, changed: moneyMoves || statusMoves, created: false, adjusted: false });
  }
  await writeMoney(tx, money);
  await rollUpConversions(tx, rollups);
  await setConversionStatuses(tx, statuses, { source: 'reconciliation', ...ctx });
  // Set pending, the offer's hold days start again from now, as a release from a fraud hold does: the hold_until of
  // a past period's conversion is long over, and the hold job would approve it on its next run.
  await restartHolds(
    tx,
    statuses.filter((s) => s.to === 'pending').map((s) => s.c.id),
  );
  return out;
};
