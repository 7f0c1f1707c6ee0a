import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { writerOf } from '../../db/group-commit.ts';
import { leads } from '../../db/schema.ts';
import { fireLeadPostbacks } from '../postbacks/index.ts';
import { recordAttempt, type AttemptRecord } from './attempts.ts';
import type { Candidate } from './candidates.ts';
import { acceptAtOnce, type Found } from './lead-accept.ts';
import type { LeadRow } from './lead-intake.ts';

const stillProcessing = (id: string) => and(eq(leads.id, id), eq(leads.status, 'processing'));

/**
 * The first acceptance wins: the lead, its accepted attempt and the affiliate's 'lead' postback commit together,
 * so an accepted lead is never without its postback and a postback never names a lead that is not accepted.
 * Without a postback owed that is one statement (lead-accept.ts); with one, a transaction.
 */
export const acceptLead = async (db: Db, lead: LeadRow, c: Candidate, attempt: AttemptRecord, found: Found) => {
  const once = await acceptAtOnce(db, lead, c, attempt, found);
  if (once.outcome === 'accepted') return once.lead ?? lead;
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await recordAttempt(tx, c, attempt);
    const [updated] = await tx
      .update(leads)
      .set({
        status: 'accepted',
        productId: c.product.id,
        acceptedAttemptId: attempt.id,
        externalId: found.externalId,
        autologinUrl: found.autologinUrl,
        reason: null,
        reasonDetail: null,
        updatedAt: sql`now()`,
      })
      .where(stillProcessing(lead.id))
      .returning();
    if (updated) await fireLeadPostbacks(tx, updated);
    return updated ?? lead;
  });
};

/** The send about to go out, kept on the lead (its age says whether the routing process still runs). */
export const markSending = (db: Db, leadId: string, attemptId: string, productId: string) =>
  writerOf(db).query({
    name: 'lead-mark-sending',
    text: `update leads set sending_attempt_id = $2::uuid, sending_product_id = $3::uuid, updated_at = now()
      where id = $1::uuid and status = 'processing'`,
    values: [leadId, attemptId, productId],
  });

/** No product took it: kept as failed with the reason (the Cold API feeds on these). */
export const failLead = async (db: Db, lead: LeadRow, detail: string) => {
  const [updated] = await db
    .update(leads)
    .set({ status: 'failed', reason: 'no_product_available', reasonDetail: detail, updatedAt: sql`now()` })
    .where(stillProcessing(lead.id))
    .returning();
  return updated ?? lead;
};

/** A buyer timed out and its lookup could not tell: nobody else gets the lead; the status pull resolves it later. */
export const leaveUnknown = async (db: Db, lead: LeadRow, detail: string) => {
  const [updated] = await db
    .update(leads)
    .set({ status: 'unknown', reason: 'buyer_timeout', reasonDetail: detail, updatedAt: sql`now()` })
    .where(stillProcessing(lead.id))
    .returning();
  return updated ?? lead;
};
