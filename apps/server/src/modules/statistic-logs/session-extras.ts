import { asc, eq } from 'drizzle-orm';
import type { SessionLogRow } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { leadAttempts, leadStatusHistory, products } from '../../db/schema.ts';
import { anyOf } from './log-sql.ts';

type Extras = Required<Pick<SessionLogRow, 'attempts' | 'history'>>;

/** Attempts and call statuses of a whole page of leads: two queries however many rows (not one per row). */
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
      })
      .from(leadAttempts)
      .innerJoin(products, eq(products.id, leadAttempts.productId))
      .where(anyOf(leadAttempts.leadId, leadIds))
      .orderBy(asc(leadAttempts.createdAt), asc(leadAttempts.position)),
    db
      .select()
      .from(leadStatusHistory)
      .where(anyOf(leadStatusHistory.leadId, leadIds))
      .orderBy(asc(leadStatusHistory.createdAt)),
  ]);
  for (const a of attempts) {
    out.get(a.leadId)!.attempts.push({
      uuid: a.id,
      at: a.at.toISOString(),
      product: { uuid: a.productId, name: a.productName },
      position: a.position,
      result: a.result,
      duration_ms: a.durationMs,
      message: a.message,
    });
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
