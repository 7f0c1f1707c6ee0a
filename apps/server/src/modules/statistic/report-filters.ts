import { sql, type SQL } from 'drizzle-orm';
import type { StatDimension, StatFilters } from '@pxl/contract';
import { hiddenDimensionsFor } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { affiliatesInScope } from '../../lib/scope.ts';
import { ADVERTISER } from './report-source.ts';

// The WHERE of a report over the source `s` joined with its offer `o`, product `pr` and affiliate `au`: the caller's scope, the kind
// and the filters of docs/product/statistics.md.

const FILTER_OF: Partial<Record<keyof StatFilters, StatDimension>> = {
  advertiser: 'advertiser',
  product: 'product',
  manager: 'manager',
  account_manager: 'manager',
};

/** A role may neither group nor filter by what it may not see: a 400 naming the field, not an empty report. */
export const checkRoleFields = (auth: AuthContext, filters: StatFilters, group: StatDimension[] = []) => {
  const hidden = hiddenDimensionsFor(auth.user.role);
  const badGroup = group.find((d) => hidden.includes(d));
  if (badGroup) throw badRequest('group', `You cannot group by ${badGroup}`);
  for (const [field, dim] of Object.entries(FILTER_OF)) {
    if (dim && hidden.includes(dim) && filters[field as keyof StatFilters] !== undefined)
      throw badRequest(field, `You cannot filter by ${field.replace('_', ' ')}`);
  }
};

/** Rows the caller may see (decision 006): own traffic, own offers, or the affiliates in the staff member's scope. */
export const scopeSql = (db: Db, auth: AuthContext): SQL | undefined => {
  if (auth.user.role === 'affiliate') return sql`s.affiliate_id = ${auth.user.id}`;
  if (auth.user.role === 'advertiser') return sql`${ADVERTISER} = ${auth.user.id}`;
  const scope = affiliatesInScope(db, auth);
  return scope ? sql`s.affiliate_id in (${scope})` : undefined;
};

const anyOf = (column: SQL, values: string[] | undefined, type: string) =>
  values?.length ? [sql`${column} = any(${sql.param(values)}::${sql.raw(type)}[])`] : [];

export const filterSql = (f: StatFilters): SQL[] => [
  // No kind (the dashboard): both kinds of offer.
  ...(f.kind ? [sql`o.type = ${f.kind}`] : []),
  ...anyOf(sql`s.offer_id`, f.offer, 'uuid'),
  ...anyOf(sql`s.affiliate_id`, f.affiliate, 'uuid'),
  ...anyOf(ADVERTISER, f.advertiser, 'uuid'),
  ...anyOf(sql`s.product_id`, f.product, 'uuid'),
  ...anyOf(sql`s.landing_id`, f.landing, 'uuid'),
  ...anyOf(sql`au.manager_id`, f.manager, 'uuid'),
  ...(f.account_manager?.length
    ? [sql`${ADVERTISER} in (select id from users where manager_id = any(${sql.param(f.account_manager)}::uuid[]))`]
    : []),
  ...anyOf(sql`s.country`, f.geo, 'text'),
  ...anyOf(sql`s.device`, f.device, 'text'),
  ...anyOf(sql`s.os`, f.os, 'text'),
  ...([1, 2, 3, 4, 5] as const).flatMap((n) => (f[`sub${n}`] ? [sql`s.${sql.raw(`sub${n}`)} = ${f[`sub${n}`]}`] : [])),
  // A status filter narrows the conversions; clicks and leads (status null) stay.
  ...(f.status?.length ? [sql`(s.status is null or s.status = any(${sql.param(f.status)}::text[]))`] : []),
];

/** Filters only the raw tables can answer. */
export const needsRaw = (f: StatFilters, group: StatDimension[]) =>
  group.some((d) => d.startsWith('sub')) ||
  [f.sub1, f.sub2, f.sub3, f.sub4, f.sub5].some(Boolean) ||
  Boolean(f.status?.length);

/** Groupings and filters that `stats_daily_core` can answer: none by landing, device or OS. */
export const isCoarse = (f: StatFilters, group: StatDimension[]) =>
  !group.some((d) => d === 'landing' || d === 'device' || d === 'os') &&
  !f.landing?.length &&
  !f.device?.length &&
  !f.os?.length;
