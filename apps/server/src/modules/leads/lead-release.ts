import { and, eq, sql } from 'drizzle-orm';
import type { FraudReleaseResult } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { leads } from '../../db/schema.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { affiliatesInScope } from '../../lib/scope.ts';
import type { LeadCache } from './lead-cache.ts';
import { routeLead } from './waterfall.ts';

const refusedForFraud = and(eq(leads.status, 'failed'), eq(leads.reason, 'fraud'));

/**
 * Staff override a lead refused for traffic quality (docs/product/fraud.md, "Leads"): it goes down the offer's
 * waterfall now, as a fresh lead would (buyers, product caps, hours, the 'lead' postback). Seen by the same people as
 * in User sessions: out of the caller's scope it is a 404. Taking it back to processing is conditional, so two
 * releases at once send it once.
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
    throw new AppError(409, { lead: 'This lead was not refused for traffic quality' });
  const claimed = await inTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .update(leads)
      .set({ status: 'processing', reason: null, reasonDetail: null, updatedAt: sql`now()` })
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
        },
      });
    return row;
  });
  if (!claimed) throw new AppError(409, { lead: 'This lead was already released' });
  const password = claimed.passwordEnc ? deps.secrets.decrypt(claimed.passwordEnc) : '';
  const { lead } = await routeLead(deps, cache, claimed, password);
  return { lead_id: lead.id, status: lead.status as FraudReleaseResult['status'], reason: lead.reason };
};
