import { and, desc, eq, gte, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { ColdSearchFilters, ColdSource } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { conversions, leadAttempts, leads, users } from '../../db/schema.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { badRequest } from '../../lib/errors.ts';
import { leadContactsFor, refuseContactSearch } from '../../lib/lead-contacts.ts';
import { affiliatesInScope } from '../../lib/scope.ts';
import { generalSettings } from '../settings/index.ts';
import { periodSql } from '../statistic/index.ts';
import { anyOf, searchOf } from '../statistic-logs/index.ts';

const l = leads;
const c = conversions;

/**
 * One search of stored leads, resolved before the big tables are read (the role's affiliates become an ID list, a
 * searched ID the leads it names). The search page and the add-all job both read `matchingLeads` of it, so "add all"
 * adds exactly what the page showed.
 */
export type ColdSearch = { source: ColdSource; where: SQL | undefined; empty: boolean };

/** The affiliates the search may read: null = any (admin, head without an affiliate filter). */
const affiliateIdsOf = async (db: Db, auth: AuthContext, wanted: string[] | undefined) => {
  const scope = affiliatesInScope(db, auth);
  if (!scope) return wanted?.length ? wanted : null;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`${users.id} in (${scope})`, wanted?.length ? anyOf(users.id, wanted) : undefined));
  return rows.map((r) => r.id);
};

/** An ID searched may be a buyer's Lead ID (an attempt's), as in the user sessions log. */
const leadIdsOf = async (db: Db, id: string) => [
  id,
  ...(await db.select({ id: leadAttempts.leadId }).from(leadAttempts).where(eq(leadAttempts.id, id)).limit(1)).map(
    (r) => r.id,
  ),
];

/** Exact, like the logs: an ID, an email (stored lower case), else a phone (with or without its +) or an IP. */
export const leadSearch = async (db: Db, auth: AuthContext, text: string | undefined): Promise<SQL | undefined> => {
  const search = searchOf(text);
  if (!search) return undefined;
  if ('id' in search) return anyOf(l.id, await leadIdsOf(db, search.id));
  // A team lead finding a lead by its email, phone or IP would learn the contact the masking hides.
  refuseContactSearch(leadContactsFor(auth), 'email' in search ? 'email' : 'contact');
  if ('email' in search) return eq(l.email, search.email);
  const phone = search.text.replace(/[\s()-]/g, '');
  return or(eq(l.ip, search.text), anyOf(l.phone, [phone, phone.startsWith('+') ? phone.slice(1) : `+${phone}`]));
};

/**
 * Days in `tz` (by default the general settings' zone); a missing end is open, so "from March" finds every lead since.
 * The user session tab dates the lead, the conversion tab the conversion.
 */
const periodOf = async (db: Db, f: ColdSearchFilters, column: typeof l.createdAt | typeof c.createdAt) => {
  if (!f.date_from && !f.date_to) return [];
  if (f.date_from && f.date_to && f.date_from > f.date_to)
    throw badRequest('date_to', 'The end date is before the start date');
  const tz = f.tz ?? (await generalSettings.get(db)).time_zone;
  const { from, to } = periodSql(f.date_from ?? f.date_to!, f.date_to ?? f.date_from!, tz);
  return [f.date_from ? gte(column, from) : undefined, f.date_to ? lt(column, to) : undefined];
};

export const resolveColdSearch = async (
  db: Db,
  auth: AuthContext,
  source: ColdSource,
  f: ColdSearchFilters,
): Promise<ColdSearch> => {
  if (source === 'user_session' && f.conversion_status?.length)
    throw badRequest('conversion_status', 'The conversion status filters the conversion tab only');
  const [affiliateIds, search, period] = await Promise.all([
    affiliateIdsOf(db, auth, f.affiliate),
    leadSearch(db, auth, f.search),
    periodOf(db, f, source === 'conversion' ? c.createdAt : l.createdAt),
  ]);
  const where = and(
    // A list holds the leads affiliates sent, never a Cold API copy (those are the sends of the originals).
    isNull(l.originLeadId),
    eq(l.isTest, false),
    affiliateIds ? anyOf(l.affiliateId, affiliateIds) : undefined,
    f.offer?.length ? anyOf(l.offerId, f.offer) : undefined,
    f.product?.length ? anyOf(l.productId, f.product) : undefined,
    f.geo?.length ? anyOf(l.country, f.geo) : undefined,
    f.lead_status?.length ? anyOf(l.status, f.lead_status) : undefined,
    f.call_status?.length ? anyOf(l.callStatus, f.call_status) : undefined,
    f.device?.length ? anyOf(l.device, f.device) : undefined,
    f.os?.length ? anyOf(l.os, f.os) : undefined,
    f.gender?.length ? anyOf(l.gender, f.gender) : undefined,
    f.never_ftd ? eq(l.isFtd, false) : undefined,
    search,
    ...period,
    ...(source === 'conversion'
      ? [eq(c.isTest, false), f.conversion_status?.length ? anyOf(c.status, f.conversion_status) : undefined]
      : []),
  );
  return { source, where, empty: affiliateIds !== null && !affiliateIds.length };
};

/**
 * The matching stored leads as (lead_id, conversion_id, sort_at): newest first by `sort_at`. The conversion tab has
 * one row per lead, through its latest matching conversion, so a lead with a registration and an FTD is one lead.
 */
export const matchingLeads = (db: Db, s: ColdSearch) =>
  s.source === 'user_session'
    ? db
        .select({
          leadId: sql<string>`${l.id}`.as('m_lead_id'),
          conversionId: sql<string | null>`null::uuid`.as('m_conversion_id'),
          sortAt: sql<Date>`${l.createdAt}`.as('m_sort_at'),
        })
        .from(l)
        .where(s.where)
        .as('m')
    : db
        .selectDistinctOn([c.leadId], {
          leadId: sql<string>`${c.leadId}`.as('m_lead_id'),
          conversionId: sql<string | null>`${c.id}`.as('m_conversion_id'),
          sortAt: sql<Date>`${c.createdAt}`.as('m_sort_at'),
        })
        .from(c)
        .innerJoin(l, eq(l.id, c.leadId))
        .where(s.where)
        .orderBy(c.leadId, desc(c.createdAt), desc(c.id))
        .as('m');
export type Matching = ReturnType<typeof matchingLeads>;
