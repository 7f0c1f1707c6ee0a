// The apply's reads and writes (docs/decisions/059-reconciliation-apply.md): picked rows, their conversions locked, and
// the set-based writes (money of many conversions, the rows marked applied) as one unnest statement per chunk.
import { desc, eq, sql } from 'drizzle-orm';
import type { Goal } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { conversions, reconciliationApplies, users } from '../../db/schema.ts';

const CHUNK = 10_000;
export type Conversion = typeof conversions.$inferSelect;

export type PickedRow = {
  id: string;
  line: number | null;
  data: Record<string, unknown> | null;
  bucket: string | null;
  conversionId: string | null;
  appliedAt: Date | null;
  /** Picked by its uuid (refusals name these), not only through its bucket. */
  byUuid: boolean;
};

/** The picked rows of the import: those named and every row of the buckets, in file order. */
export const readPicked = async (db: Db, importId: string, rowUuids: string[], buckets: string[]) => {
  const { rows } = await db.execute<PickedRow & { appliedAt: string | null }>(sql`
    select id, line, data, bucket, conversion_id as "conversionId", applied_at as "appliedAt",
      id = any(${sql.param(rowUuids)}::uuid[]) as "byUuid"
    from reconciliation_rows
    where import_id = ${importId} and (id = any(${sql.param(rowUuids)}::uuid[]) or bucket = any(${sql.param(buckets)}::text[]))
    order by line asc nulls last, conversion_id`);
  return rows.map((r) => ({ ...r, appliedAt: r.appliedAt ? new Date(r.appliedAt) : null }));
};

/** Conversions locked in id order, so two transactions locking overlapping sets never wait on each other in a cycle. */
export const lockConversions = async (db: Db, ids: string[]) => {
  const out = new Map<string, Conversion>();
  const sorted = [...new Set(ids)].sort();
  for (let i = 0; i < sorted.length; i += CHUNK) {
    const part = sorted.slice(i, i + CHUNK);
    const rows = await db
      .select()
      .from(conversions)
      .where(sql`${conversions.id} = any(${sql.param(part)}::uuid[])`)
      .orderBy(conversions.id)
      .for('update');
    for (const r of rows) out.set(r.id, r);
  }
  return out;
};

export type OfferTerms = {
  goals: Goal[];
  currency: string;
  holdDays: number;
  number: number;
  fraudSettings: unknown;
  /** The affiliates' payout overrides on the offer, by affiliate id. */
  overrides: Map<string, { goal: string; geo: string | null; payout: number; payout_percent: number }[]>;
};

/** Goals, currency and payout overrides of these offers: what recomputing a payout needs, read once. */
export const readOfferTerms = async (db: Db, offerIds: string[]) => {
  const out = new Map<string, OfferTerms>();
  if (!offerIds.length) return out;
  const ids = sql.param([...new Set(offerIds)]);
  const { rows } = await db.execute<{
    id: string;
    goals: Goal[];
    currency: string;
    hold_days: number;
    number: number;
    fraud_settings: unknown;
  }>(sql`select id, goals, currency, hold_days, number, fraud_settings from offers where id = any(${ids}::uuid[])`);
  for (const o of rows)
    out.set(o.id, {
      goals: o.goals,
      currency: o.currency,
      holdDays: o.hold_days,
      number: o.number,
      fraudSettings: o.fraud_settings,
      overrides: new Map(),
    });
  const { rows: overrides } = await db.execute<{
    offer_id: string;
    affiliate_id: string;
    goal: string;
    geo: string | null;
    payout: number;
    bp: number;
  }>(sql`select offer_id, affiliate_id, goal, geo, payout, payout_percent_bp as bp from offer_payout_overrides
    where offer_id = any(${ids}::uuid[])`);
  for (const v of overrides) {
    const list = out.get(v.offer_id)!.overrides;
    const own = list.get(v.affiliate_id) ?? [];
    own.push({ goal: v.goal, geo: v.geo, payout: v.payout, payout_percent: v.bp / 100 });
    list.set(v.affiliate_id, own);
  }
  return out;
};

/** New revenue and payout of many conversions in one statement per chunk. */
export const writeMoney = async (db: Db, items: { id: string; revenue: number; payout: number }[]) => {
  for (let i = 0; i < items.length; i += CHUNK) {
    const part = items.slice(i, i + CHUNK);
    await db.execute(sql`update conversions c set revenue = u.revenue, payout = u.payout, updated_at = now()
      from unnest(${sql.param(part.map((x) => x.id))}::uuid[], ${sql.param(part.map((x) => x.revenue))}::integer[],
        ${sql.param(part.map((x) => x.payout))}::integer[]) as u(id, revenue, payout)
      where c.id = u.id`);
  }
};

/** Restarts the offer's hold days from now for these conversions. */
export const restartHolds = async (db: Db, ids: string[]) => {
  for (let i = 0; i < ids.length; i += CHUNK)
    await db.execute(sql`update conversions c set hold_until = now() + make_interval(days => o.hold_days)
      from offers o where o.id = c.offer_id and c.id = any(${sql.param(ids.slice(i, i + CHUNK))}::uuid[])`);
};

export type ClickOfOurs = {
  id: string;
  offerId: string;
  affiliateId: string | null;
  landingId: string | null;
  country: string | null;
  device: string | null;
  os: string | null;
  createdAt: Date;
  trafficbackReason: string | null;
  fraudReasons: unknown;
};

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuids = (list: (string | null)[]) => [
  ...new Set(list.filter((x): x is string => !!x && UUID_RE.test(x.trim())).map((x) => x.trim().toLowerCase())),
];

/** The advertiser's clicks named by these click ids or by the click of these lead ids (keys: the id as given, lower case). */
export const readClicksOfOurs = async (
  db: Db,
  advertiserId: string,
  clickIds: (string | null)[],
  leadIds: (string | null)[],
) => {
  const { rows } = await db.execute<ClickOfOurs & { createdAt: string; key: string }>(sql`
    with named as (
      select c.id as key, c.id from clicks c where c.id = any(${sql.param(uuids(clickIds))}::uuid[])
      union all
      select l.id, l.click_id from leads l where l.id = any(${sql.param(uuids(leadIds))}::uuid[]) and l.click_id is not null
    )
    select n.key::text as key, c.id, c.offer_id as "offerId", c.affiliate_id as "affiliateId", c.landing_id as "landingId",
      c.country, c.device, c.os, c.created_at as "createdAt", c.trafficback_reason as "trafficbackReason",
      c.fraud_reasons as "fraudReasons"
    from named n join clicks c on c.id = n.id join offers o on o.id = c.offer_id and o.advertiser_id = ${advertiserId}`);
  return new Map(rows.map((r) => [r.key, { ...r, createdAt: new Date(r.createdAt) }]));
};

/** Marks rows applied by this apply, each with what it did. */
export const markApplied = async (
  db: Db,
  applyId: string,
  by: string,
  rows: { id: string; applied: Record<string, unknown> }[],
) => {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK);
    await db.execute(sql`update reconciliation_rows r
      set applied_at = now(), applied_by = ${by}, apply_id = ${applyId}, applied = u.applied
      from unnest(${sql.param(part.map((x) => x.id))}::uuid[], ${sql.param(part.map((x) => JSON.stringify(x.applied)))}::jsonb[])
        as u(id, applied)
      where r.id = u.id`);
  }
};

export const insertApply = (db: Db, row: typeof reconciliationApplies.$inferInsert) =>
  db.insert(reconciliationApplies).values(row);

/** An import's applies, newest first, with who applied them. */
export const listApplies = (db: Db, importId: string) =>
  db
    .select({ a: reconciliationApplies, first: users.firstName, last: users.lastName, email: users.email })
    .from(reconciliationApplies)
    .leftJoin(users, eq(users.id, reconciliationApplies.createdBy))
    .where(eq(reconciliationApplies.importId, importId))
    .orderBy(desc(reconciliationApplies.createdAt), desc(reconciliationApplies.id));
