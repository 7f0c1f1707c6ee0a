import { and, eq, sql } from 'drizzle-orm';
import type { FraudReleaseResult } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { auditLog, leads, offerCaps } from '../../db/schema.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { affiliatesInScope } from '../../lib/scope.ts';
import type { CapRow } from '../offers/index.ts';
import type { LeadCache } from './lead-cache.ts';
import { capReached, capsFor, fullCap, lockAll } from './lead-intake.ts';
import { lockKey } from './lead-insert.ts';
import { routeLead } from './waterfall.ts';

const refusedForFraud = and(eq(leads.status, 'failed'), eq(leads.reason, 'fraud'));
const ALREADY_RELEASED = 'This lead was already released';

/**
 * A release committed before this request read the lead leaves it no longer refused: the same answer as a release
 * that loses the race inside the transaction, read from the audit row every release writes.
 */
const wasReleased = async ({ db }: AppDeps, lead: { id: string; affiliateId: string }) => {
  const [row] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.subjectId, lead.affiliateId),
        eq(auditLog.action, 'fraud_override'),
        sql`${auditLog.details}->>'on' = 'lead' and ${auditLog.details}->>'uuid' = ${lead.id}`,
      ),
    )
    .limit(1);
  return Boolean(row);
};

/**
 * Staff override a lead refused for traffic quality (docs/product/fraud.md, "Leads"): it goes down the offer's
 * waterfall now, as a fresh lead would (the offer's lead caps, buyers, product caps, hours, the 'lead' postback). Seen
 * by the same people as in User sessions: out of the caller's scope it is a 404. Taking it back to processing is
 * conditional, so two releases at once send it once; the offer's lead caps are counted under the lock intake takes
 * (lead-intake.ts), so a release cannot overshoot them either. A full cap keeps it failed, now with `cap_reached`.
 */
export const releaseFraudLead = async (
  deps: AppDeps,
  cache: LeadCache,
  auth: AuthContext,
  id: string,
  ip: string,
): Promise<FraudReleaseResult> => {
  const scope = affiliatesInScope(deps.db, auth);
  const [found] = await deps.db
    .select()
    .from(leads)
    .where(and(eq(leads.id, id), scope ? sql`${leads.affiliateId} in (${scope})` : undefined))
    .limit(1);
  if (!found) throw notFound('Lead');
  if (found.status !== 'failed' || found.reason !== 'fraud')
    throw new AppError(409, {
      lead: (await wasReleased(deps, found)) ? ALREADY_RELEASED : 'This lead was not refused for traffic quality',
    });
  const timeZone = await cache.timeZone();
  const claimed = await inTransaction(deps.db, async (tx) => {
    const leadCaps = (await tx
      .select()
      .from(offerCaps)
      .where(and(eq(offerCaps.offerId, found.offerId), eq(offerCaps.metric, 'leads')))) as CapRow[];
    const caps = capsFor(leadCaps, found);
    if (caps.length) await lockAll(tx, [lockKey(`lead-caps:${found.offerId}`)]);
    const full = await fullCap(tx, caps, timeZone);
    const [row] = await tx
      .update(leads)
      .set({
        ...(full ? capReached(full) : { status: 'processing', reason: null, reasonDetail: null }),
        updatedAt: sql`now()`,
      })
      .where(and(eq(leads.id, id), refusedForFraud))
      .returning();
    if (row)
      await writeAudit(tx, {
        action: 'fraud_override',
        actorId: auth.user.id,
        subjectId: row.affiliateId,
        ip,
        details: {
          on: 'lead',
          uuid: row.id,
          action: 'release',
          score: row.fraudScore,
          reasons: row.fraudReasons,
          outcome: full ? 'cap_reached' : 'released',
          ...(full && { detail: row.reasonDetail }),
        },
      });
    return row;
  });
  if (!claimed) throw new AppError(409, { lead: ALREADY_RELEASED });
  const answer = (l: typeof claimed) => ({
    lead_id: l.id,
    status: l.status as FraudReleaseResult['status'],
    reason: l.reason,
    reason_detail: l.reason ? l.reasonDetail : null,
  });
  if (claimed.status === 'failed') return answer(claimed);
  const password = claimed.passwordEnc ? deps.secrets.decrypt(claimed.passwordEnc) : '';
  const { lead } = await routeLead(deps, cache, claimed, password);
  return answer(lead);
};
