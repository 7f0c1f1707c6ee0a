import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { leadStatusHistory, leads } from '../../db/schema.ts';
import { fireLeadPostbacks } from '../postbacks/index.ts';
import type { PulledStatus } from '../integrations/index.ts';
import { recordFtdConversion } from './ftd-conversion.ts';
import { leadStates, matchAttempts, type AttemptRef } from './match.ts';
import { planStatus } from './status-plan.ts';

export type ApplySummary = { items: number; changed: number; unchanged: number; unmatched: number; ftds: number };
const BATCH = 500;

/**
 * Applies a product's pulled statuses to our leads. Items that change nothing are skipped on a batch read; each
 * other one gets its own transaction under the lead's row lock, re-planned there, so two pulls that overlap (or the
 * same status or FTD reported twice) change a lead once and create at most one FTD conversion.
 */
export const applyStatuses = async (
  deps: { db: Db },
  productId: string,
  items: PulledStatus[],
  now = new Date(),
): Promise<ApplySummary> => {
  const summary: ApplySummary = { items: items.length, changed: 0, unchanged: 0, unmatched: 0, ftds: 0 };
  for (let i = 0; i < items.length; i += BATCH) {
    const batch = items.slice(i, i + BATCH);
    const attempts = await matchAttempts(deps.db, productId, batch);
    const states = await leadStates(
      deps.db,
      attempts.flatMap((a) => (a ? [a.leadId] : [])),
    );
    for (const [k, item] of batch.entries()) {
      const attempt = attempts[k];
      const state = attempt && states.get(attempt.leadId);
      if (!attempt || !state) {
        summary.unmatched += 1;
        continue;
      }
      if (!planStatus(state, attempt, productId, item)) {
        summary.unchanged += 1;
        continue;
      }
      const { outcome, lead } = await applyOne(deps.db, productId, attempt, item, now);
      summary[outcome === 'unchanged' ? 'unchanged' : 'changed'] += 1;
      if (outcome === 'ftd') summary.ftds += 1;
      // A later item of the same lead plans against what this one wrote.
      states.set(lead.id, lead);
    }
  }
  return summary;
};

/** One item, one transaction: history, call status, resolution of an unknown lead (and its 'lead' postback), the FTD conversion. */
const applyOne = (db: Db, productId: string, attempt: AttemptRef, item: PulledStatus, now: Date) =>
  db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [lead] = await t.select().from(leads).where(eq(leads.id, attempt.leadId)).for('update');
    const plan = planStatus(lead, attempt, productId, item);
    if (!plan) return { outcome: 'unchanged' as const, lead };
    const set: Partial<typeof leads.$inferInsert> = {};
    if (plan.accept) {
      Object.assign(set, {
        status: 'accepted',
        productId,
        acceptedAttemptId: attempt.id,
        externalId: item.external_id ?? attempt.externalId ?? lead.externalId,
        reason: null,
        reasonDetail: null,
      });
    }
    if (plan.history) {
      await t.insert(leadStatusHistory).values({
        leadId: lead.id,
        fromStatus: plan.history.fromStatus,
        toStatus: plan.history.toStatus,
        rawStatus: item.raw_status,
        isFtd: plan.history.toStatus === 'ftd',
        amount: item.amount,
        source: 'pull',
        backwards: plan.history.backwards,
      });
      set.callStatus = plan.history.toStatus;
      if (plan.history.backwards) set.needsReview = true;
    }
    if (plan.rawStatus !== null) set.rawStatus = plan.rawStatus;
    if (plan.ftd) Object.assign(set, { isFtd: true, ftdAt: now });
    const [updated] = await t
      .update(leads)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(leads.id, lead.id))
      .returning();
    // Accepted only now: the affiliate hears of it now, as the lead API would have told them at once.
    if (plan.accept) await fireLeadPostbacks(t, updated);
    if (!plan.ftd) return { outcome: 'changed' as const, lead: updated };
    await recordFtdConversion(t, updated, productId, now);
    return { outcome: 'ftd' as const, lead: updated };
  });
