import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { leadAttempts, leads } from '../../db/schema.ts';
import type { PulledStatus } from '../integrations/index.ts';
import type { LeadState } from './status-plan.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export type AttemptRef = { id: string; leadId: string; result: string; externalId: string | null };
const attemptColumns = {
  id: leadAttempts.id,
  leadId: leadAttempts.leadId,
  result: leadAttempts.result,
  externalId: leadAttempts.externalId,
};

/** Our Lead Id as the buyer echoes it: anything not a uuid cannot be one of ours (and must not reach a uuid column). */
const leadIdOf = (item: PulledStatus) => (item.lead_id && UUID.test(item.lead_id) ? item.lead_id.toLowerCase() : null);

/**
 * Our attempts for a batch of pulled items on this product, in two queries: by the Lead Id we sent (the attempt id),
 * else by the buyer's own id from its push answer. The latest attempt wins when a buyer reuses an id.
 */
export const matchAttempts = async (db: Db, productId: string, items: PulledStatus[]) => {
  const ids = [...new Set(items.map(leadIdOf).filter((v): v is string => v !== null))];
  const externals = [...new Set(items.map((i) => i.external_id).filter((v): v is string => !!v))];
  if (!ids.length && !externals.length) return items.map(() => null);
  const rows = await db
    .select({ ...attemptColumns, createdAt: leadAttempts.createdAt })
    .from(leadAttempts)
    .where(
      and(
        eq(leadAttempts.productId, productId),
        or(
          ids.length ? inArray(leadAttempts.id, ids) : undefined,
          externals.length ? inArray(leadAttempts.externalId, externals) : undefined,
        ),
      ),
    )
    .orderBy(leadAttempts.createdAt);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const byExternal = new Map(rows.filter((r) => r.externalId).map((r) => [r.externalId!, r]));
  return items.map((item) => {
    const id = leadIdOf(item);
    return (id && byId.get(id)) || (item.external_id && byExternal.get(item.external_id)) || null;
  });
};

/** The state `planStatus` reads, for a batch of leads. */
export const leadStates = async (db: Db, leadIds: string[]) => {
  if (!leadIds.length) return new Map<string, LeadState>();
  const rows = await db
    .select({
      id: leads.id,
      status: leads.status,
      productId: leads.productId,
      callStatus: leads.callStatus,
      rawStatus: leads.rawStatus,
      isFtd: leads.isFtd,
    })
    .from(leads)
    .where(inArray(leads.id, [...new Set(leadIds)]));
  return new Map<string, LeadState>(rows.map((r) => [r.id, r]));
};
