import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { LeadCallStatus, LeadStatus, leadStatusesQuerySchema, leadStatusesSchema } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { leads, offers } from '../../db/schema.ts';
import { invalidField } from './lead-refusal.ts';
import { takePage } from '../../lib/paging.ts';

type Query = z.output<typeof leadStatusesQuerySchema>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = 86_400_000;

/** A date alone means the whole UTC day: `from` its start, `to` its end. */
const bound = (value: string, end: boolean) => {
  const at = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return end && value.length === 10 ? new Date(at.getTime() + DAY) : at;
};

const idsOf = (raw: string | undefined) => {
  if (raw === undefined) return undefined;
  const ids = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = ids.find((id) => !UUID.test(id));
  if (bad) throw invalidField('lead_ids', `Not a lead id: ${bad.slice(0, 60)}`);
  return ids;
};

/** The caller's own leads only (the key's owner); by default those of the last 7 days, newest first. */
export const leadStatusesOf = async (
  db: Db,
  affiliateId: string,
  q: Query,
): Promise<z.output<typeof leadStatusesSchema>> => {
  const to = q.to ? bound(q.to, true) : new Date();
  const from = q.from ? bound(q.from, false) : new Date(to.getTime() - 7 * DAY);
  const ids = idsOf(q.lead_ids);
  const where = and(
    eq(leads.affiliateId, affiliateId),
    gte(leads.createdAt, from),
    lt(leads.createdAt, to),
    // Staff's Test API runs go out as the affiliate but are not theirs to see; their own test leads are.
    sql`not (${leads.isTest} and ${leads.apiKeyId} is null)`,
    q.offer_id ? eq(offers.number, q.offer_id) : undefined,
    ids ? inArray(leads.id, ids.length ? ids : ['00000000-0000-0000-0000-000000000000']) : undefined,
  );
  const rows = await takePage(
    db
      .select({ l: leads, number: offers.number, total: sql<number>`count(*) over()`.mapWith(Number) })
      .from(leads)
      .innerJoin(offers, eq(offers.id, leads.offerId))
      .where(where)
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .$dynamic(),
    q,
  );
  const count =
    rows[0]?.total ??
    (q.page > 1
      ? (
          await db
            .select({ n: sql<number>`count(*)`.mapWith(Number) })
            .from(leads)
            .innerJoin(offers, eq(offers.id, leads.offerId))
            .where(where)
        )[0].n
      : 0);
  return {
    count,
    list: rows.map(({ l, number }) => ({
      lead_id: l.id,
      offer_id: number,
      status: l.status as LeadStatus,
      call_status: l.callStatus as LeadCallStatus | null,
      is_ftd: l.isFtd,
      ftd_at: l.ftdAt?.toISOString() ?? null,
      created_at: l.createdAt.toISOString(),
      updated_at: l.updatedAt.toISOString(),
      sub1: l.sub1,
      sub2: l.sub2,
      sub3: l.sub3,
      sub4: l.sub4,
      sub5: l.sub5,
    })),
  };
};
