import { asc, eq, or } from 'drizzle-orm';
import type { SessionLogRow } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { coldDistributions, leadAttempts, leadStatusHistory, leads, products } from '../../db/schema.ts';
import { anyOf } from './log-sql.ts';

type Extras = Required<Pick<SessionLogRow, 'attempts' | 'history'>>;
type Attempt = Extras['attempts'][number];

/**
 * Attempts and call statuses of a whole page of leads: two queries however many rows (not one per row). A lead's
 * attempts include those of its Cold API re-sends (new user sessions copying it), so its history names every buyer
 * it went to (docs/decisions/026-cold-api.md).
 */
export const sessionExtras = async (db: Db, leadIds: string[]): Promise<Map<string, Extras>> => {
  const out = new Map<string, Extras>(leadIds.map((id) => [id, { attempts: [], history: [] }]));
  if (!leadIds.length) return out;
  const [attempts, history] = await Promise.all([
    // Not the stored request and answer: they are large and belong to the lead screen.
    db
      .select({
        id: leadAttempts.id,
        leadId: leadAttempts.leadId,
        at: leadAttempts.createdAt,
        position: leadAttempts.position,
        result: leadAttempts.result,
        durationMs: leadAttempts.durationMs,
        message: leadAttempts.message,
        productId: leadAttempts.productId,
        productName: products.name,
        originId: leads.originLeadId,
        distributionId: coldDistributions.id,
        distributionTitle: coldDistributions.title,
      })
      .from(leadAttempts)
      .innerJoin(products, eq(products.id, leadAttempts.productId))
      .innerJoin(leads, eq(leads.id, leadAttempts.leadId))
      .leftJoin(coldDistributions, eq(coldDistributions.id, leads.coldDistributionId))
      .where(or(anyOf(leadAttempts.leadId, leadIds), anyOf(leads.originLeadId, leadIds)))
      .orderBy(asc(leadAttempts.createdAt), asc(leadAttempts.position)),
    db
      .select()
      .from(leadStatusHistory)
      .where(anyOf(leadStatusHistory.leadId, leadIds))
      .orderBy(asc(leadStatusHistory.createdAt)),
  ]);
  type Row = (typeof attempts)[number];
  const view = (a: Row, resend: Attempt['resend']): Attempt => ({
    uuid: a.id,
    at: a.at.toISOString(),
    product: { uuid: a.productId, name: a.productName },
    position: a.position,
    result: a.result,
    duration_ms: a.durationMs,
    message: a.message,
    resend,
  });
  for (const a of attempts) {
    out.get(a.leadId)?.attempts.push(view(a, null));
    // A re-send's attempt also reads under the stored lead it copies, naming its session and distribution.
    if (a.originId && out.has(a.originId))
      out.get(a.originId)!.attempts.push(
        view(a, {
          session_uuid: a.leadId,
          distribution: a.distributionId ? { uuid: a.distributionId, title: a.distributionTitle ?? '' } : null,
        }),
      );
  }
  for (const h of history) {
    out.get(h.leadId)!.history.push({
      at: h.createdAt.toISOString(),
      from: h.fromStatus,
      to: h.toStatus,
      raw: h.rawStatus,
      is_ftd: h.isFtd,
      source: h.source,
      backwards: h.backwards,
    });
  }
  return out;
};
