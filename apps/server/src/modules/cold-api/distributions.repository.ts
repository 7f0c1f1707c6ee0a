import { and, asc, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  SKIP_REASONS,
  type SkipReason,
  type ColdSend,
  type Distribution,
  type DistributionStatus,
  type distributionQuerySchema,
  type sendsQuerySchema,
} from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { sendableBy } from './distribution-scope.ts';
import {
  coldDistributions,
  coldLeadLists,
  coldRules,
  coldSends,
  leads,
  offerProducts,
  offers,
  products,
  users,
} from '../../db/schema.ts';
import type { LeadContactMask } from '../../lib/lead-contacts.ts';
import { containsPattern, nameOf } from '../../lib/people.ts';
import { takePage } from '../../lib/paging.ts';

type ListQuery = z.output<typeof distributionQuerySchema>;
type SendsQuery = z.output<typeof sendsQuerySchema>;
export type Row = typeof coldDistributions.$inferSelect;

const select = (db: Db) =>
  db
    .select({
      d: coldDistributions,
      listTitle: coldLeadLists.title,
      ruleName: coldRules.name,
      affFirst: users.firstName,
      affLast: users.lastName,
      affEmail: users.email,
      offerNumber: offers.number,
      offerTitle: offers.title,
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(coldDistributions)
    .innerJoin(coldLeadLists, eq(coldLeadLists.id, coldDistributions.listId))
    .innerJoin(coldRules, eq(coldRules.id, coldDistributions.ruleId))
    .innerJoin(users, eq(users.id, coldDistributions.affiliateId))
    .innerJoin(offers, eq(offers.id, coldDistributions.offerId));
type Joined = Awaited<ReturnType<typeof select>>[number];

type Counters = Distribution['counters'];
const emptyCounters = (): Counters => ({
  queued: 0,
  sent: 0,
  accepted: 0,
  rejected: 0,
  pending: 0,
  ftd: 0,
  skipped: 0,
  skipped_by: {},
});

/**
 * Counters of each distribution (distributionCountersSchema): a send's result is its copy's status; queued are the
 * list's leads it has not taken yet.
 */
export const countersOf = async (db: Db, ds: Row[]) => {
  const out = new Map<string, Counters>(ds.map((d) => [d.id, emptyCounters()]));
  if (!ds.length) return out;
  const ids = ds.map((d) => d.id);
  const sends = await db
    .select({
      id: coldSends.distributionId,
      skip: coldSends.skipReason,
      sent: sql<number>`count(${coldSends.sessionId})`.mapWith(Number),
      accepted: sql<number>`count(*) filter (where ${leads.status} = 'accepted')`.mapWith(Number),
      rejected: sql<number>`count(*) filter (where ${leads.status} = 'failed')`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${leads.status} in ('processing', 'unknown'))`.mapWith(Number),
      ftd: sql<number>`count(*) filter (where ${leads.isFtd})`.mapWith(Number),
      n: sql<number>`count(*)`.mapWith(Number),
    })
    .from(coldSends)
    .leftJoin(leads, eq(leads.id, coldSends.sessionId))
    .where(inArray(coldSends.distributionId, ids))
    .groupBy(coldSends.distributionId, coldSends.skipReason);
  for (const r of sends) {
    const c = out.get(r.id)!;
    if (r.skip) {
      c.skipped += r.n;
      c.skipped_by[r.skip] = (c.skipped_by[r.skip] ?? 0) + r.n;
    }
    c.sent += r.sent;
    c.accepted += r.accepted;
    c.rejected += r.rejected;
    c.pending += r.pending;
    c.ftd += r.ftd;
  }
  const queued = await db
    .select({
      id: coldDistributions.id,
      // Spelled out: a select from one table renders its columns unqualified, which the subquery would misread.
      n: sql<number>`(select count(*) from cold_list_leads l join leads x on x.id = l.lead_id
        where l.list_id = cold_distributions.list_id
        and not exists (select 1 from cold_sends s where s.distribution_id = cold_distributions.id and s.origin_lead_id = l.lead_id)
        and ${sendableBy(sql`cold_distributions.created_by`, sql`x.affiliate_id`)})`.mapWith(Number),
    })
    .from(coldDistributions)
    .where(inArray(coldDistributions.id, ids));
  for (const q of queued) out.get(q.id)!.queued = q.n;
  return out;
};

const productRefs = async (db: Db, ds: Row[]) => {
  const ids = [...new Set(ds.flatMap((d) => d.productIds))];
  if (!ids.length) return new Map<string, string>();
  const rows = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
};

const iso = (d: Date | null) => d?.toISOString() ?? null;

const toView = (r: Joined, counters: Counters, names: Map<string, string>): Distribution => ({
  uuid: r.d.id,
  title: r.d.title,
  list: { uuid: r.d.listId, title: r.listTitle },
  rule: { uuid: r.d.ruleId, name: r.ruleName },
  affiliate: { uuid: r.d.affiliateId, name: nameOf(r.affFirst, r.affLast, r.affEmail), email: r.affEmail },
  offer: { uuid: r.d.offerId, id: r.offerNumber, title: r.offerTitle },
  products: r.d.productIds.map((id) => ({ uuid: id, name: names.get(id) ?? '' })),
  start_date: r.d.startDate,
  end_date: r.d.endDate,
  hour_from: r.d.hourFrom,
  hour_to: r.d.hourTo,
  time_zone: r.d.timeZone,
  interval_min: r.d.intervalMin,
  interval_max: r.d.intervalMax,
  daily_limit: r.d.dailyLimit,
  order: r.d.order as Distribution['order'],
  status: r.d.status as DistributionStatus,
  counters,
  last_send_at: iso(r.d.lastSendAt),
  next_send_at: r.d.status === 'active' ? iso(r.d.nextSendAt) : null,
  waiting: r.d.status === 'active' ? r.d.waiting : null,
  created_at: r.d.createdAt.toISOString(),
  updated_at: r.d.updatedAt.toISOString(),
});

const views = async (db: Db, rows: Joined[]) => {
  const [counters, names] = await Promise.all([
    countersOf(
      db,
      rows.map((r) => r.d),
    ),
    productRefs(
      db,
      rows.map((r) => r.d),
    ),
  ]);
  return rows.map((r) => toView(r, counters.get(r.d.id)!, names));
};

/** `scope`: the affiliates the caller may act as (lib/scope.ts), applied to the distribution's affiliate. */
export const findDistribution = async (db: Db, id: string, scope: SQL | null) => {
  const [row] = await select(db)
    .where(and(eq(coldDistributions.id, id), scope ?? undefined))
    .limit(1);
  return row ? (await views(db, [row]))[0] : null;
};

export const findRow = async (db: Db, id: string, scope: SQL | null) => {
  const [row] = await db
    .select({ d: coldDistributions })
    .from(coldDistributions)
    .innerJoin(users, eq(users.id, coldDistributions.affiliateId))
    .where(and(eq(coldDistributions.id, id), scope ?? undefined))
    .limit(1);
  return row?.d ?? null;
};

const SORTS = {
  created_at: coldDistributions.createdAt,
  title: coldDistributions.title,
  last_send_at: coldDistributions.lastSendAt,
} as const;

/** Deleted distributions are left out unless the status filter asks for them. */
export const listDistributions = async (db: Db, q: ListQuery, scope: SQL | null, timeZone: string) => {
  const where = and(
    scope ?? undefined,
    q.status?.length ? inArray(coldDistributions.status, q.status) : ne(coldDistributions.status, 'deleted'),
    q.search ? ilike(coldDistributions.title, containsPattern(q.search)) : undefined,
    q.created_from
      ? sql`${coldDistributions.createdAt} >= (${q.created_from}::date)::timestamp at time zone ${timeZone}`
      : undefined,
    q.created_to
      ? sql`${coldDistributions.createdAt} < (${q.created_to}::date + 1)::timestamp at time zone ${timeZone}`
      : undefined,
  );
  const dir = q.order === 'asc' ? asc : desc;
  const sort = SORTS[q.sort ?? 'created_at'];
  const rows = await takePage(
    select(db)
      .where(where)
      .orderBy(sql`${dir(sort)} nulls last`, desc(coldDistributions.createdAt), asc(coldDistributions.id))
      .$dynamic(),
    q,
  );
  let count = rows[0]?.total ?? 0;
  if (!rows.length && q.page > 1) {
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(coldDistributions)
      .innerJoin(users, eq(users.id, coldDistributions.affiliateId))
      .where(where);
    count = n;
  }
  return { list: await views(db, rows), count };
};

const copies = alias(leads, 'copy');
/**
 * The buyer of a re-send: the one that took it, else the one it was last sent to (a refused or unknown send names its
 * buyer too). The sends page and a list's last re-send read it alike.
 */
export const sentToOf = (copy: typeof copies) =>
  sql<string | null>`coalesce(${copy.productId}, ${copy.sendingProductId})`;
const RESULT_OF = sql<string>`case when ${coldSends.skipReason} is not null then 'skipped'
  when ${copies.status} = 'accepted' then 'accepted' when ${copies.status} = 'failed' then 'rejected'
  when ${copies.status} = 'unknown' then 'unknown' else 'sending' end`;

/** A distribution's sends, newest first; `mask` hides the stored lead's contacts from a team lead, in its error too. */
export const listSends = async (db: Db, distributionId: string, q: SendsQuery, mask: LeadContactMask) => {
  const where = and(
    eq(coldSends.distributionId, distributionId),
    q.result?.length ? inArray(RESULT_OF, q.result) : undefined,
  );
  const rows = await takePage(
    db
      .select({
        id: coldSends.id,
        at: coldSends.createdAt,
        leadId: coldSends.originLeadId,
        email: leads.email,
        phone: leads.phone,
        ip: leads.ip,
        country: leads.country,
        sessionId: coldSends.sessionId,
        productId: sentToOf(copies),
        productName: products.name,
        result: RESULT_OF,
        skip: coldSends.skipReason,
        autologin: copies.autologinUrl,
        status: copies.status,
        detail: copies.reasonDetail,
        isFtd: copies.isFtd,
        total: sql<number>`count(*) over()`.mapWith(Number),
      })
      .from(coldSends)
      .innerJoin(leads, eq(leads.id, coldSends.originLeadId))
      .leftJoin(copies, eq(copies.id, coldSends.sessionId))
      .leftJoin(products, eq(products.id, sentToOf(copies)))
      .where(where)
      .orderBy(desc(coldSends.createdAt), desc(coldSends.id))
      .$dynamic(),
    q,
  );
  let count = rows[0]?.total ?? 0;
  if (!rows.length && q.page > 1) {
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(coldSends)
      .leftJoin(copies, eq(copies.id, coldSends.sessionId))
      .where(where);
    count = n;
  }
  const list: ColdSend[] = rows.map((r) => ({
    uuid: r.id,
    at: r.at.toISOString(),
    lead: { uuid: r.leadId, email: mask.email(r.email), country: r.country },
    session_uuid: r.sessionId,
    product: r.productId && r.productName ? { uuid: r.productId, name: r.productName } : null,
    result: r.result as ColdSend['result'],
    // In words, as the screen and the docs name them (docs/product/cold-api.md, "Rules").
    skip_reason: r.skip ? (SKIP_REASONS[r.skip as SkipReason] ?? r.skip) : null,
    autologin_url: r.autologin,
    error: r.status === 'failed' || r.status === 'unknown' ? mask.text(r.detail, r) : null,
    is_ftd: r.isFtd ?? false,
  }));
  return { list, count };
};

/** API offers (not deleted) with their linked products (not deleted), in the offer's order. */
export const apiOffers = async (db: Db) => {
  const rows = await db
    .select({
      id: offers.id,
      number: offers.number,
      title: offers.title,
      productId: products.id,
      productName: products.name,
    })
    .from(offers)
    .leftJoin(offerProducts, eq(offerProducts.offerId, offers.id))
    .leftJoin(products, and(eq(products.id, offerProducts.productId), ne(products.status, 'deleted')))
    .where(and(eq(offers.type, 'api'), ne(offers.status, 'deleted')))
    .orderBy(desc(offers.number), asc(offerProducts.priority), asc(offerProducts.position));
  const byOffer = new Map<
    string,
    { uuid: string; id: number; title: string; products: { uuid: string; name: string }[] }
  >();
  for (const r of rows) {
    let o = byOffer.get(r.id);
    if (!o) byOffer.set(r.id, (o = { uuid: r.id, id: r.number, title: r.title, products: [] }));
    if (r.productId && r.productName !== null) o.products.push({ uuid: r.productId, name: r.productName });
  }
  return [...byOffer.values()];
};

export const scopedAffiliates = (db: Db, scope: SQL | null, id?: string) =>
  db
    .select({ id: users.id, first: users.firstName, last: users.lastName, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.role, 'affiliate'),
        ne(users.status, 'deleted'),
        scope ?? undefined,
        id ? eq(users.id, id) : undefined,
      ),
    )
    .orderBy(asc(users.email))
    .limit(id ? 1 : 5000);

export const listsAndRules = async (db: Db) => {
  const [lists, rules] = await Promise.all([
    db
      .select({
        uuid: coldLeadLists.id,
        title: coldLeadLists.title,
        leads: sql<number>`(select count(*) from cold_list_leads l where l.list_id = cold_lead_lists.id)`.mapWith(
          Number,
        ),
      })
      .from(coldLeadLists)
      .orderBy(desc(coldLeadLists.createdAt)),
    db.select({ uuid: coldRules.id, name: coldRules.name }).from(coldRules).orderBy(asc(coldRules.name)),
  ]);
  return { lists, rules };
};
