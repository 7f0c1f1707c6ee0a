import { and, arrayContains, asc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Affiliate, Paged, PaymentMethod, affiliateListQuerySchema } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { partnerScope } from '../../lib/scope.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { createdBetween, refOf, totalOf, userSearch } from '../../lib/people.ts';
import { takePage } from '../../lib/paging.ts';

type ListQuery = z.output<typeof affiliateListQuerySchema>;

const manager = alias(users, 'manager');
const referrer = alias(users, 'referrer');

/** Only what the screen shows: password hashes, TOTP secrets and recovery codes are never even read here. */
const columns = {
  id: users.id,
  email: users.email,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  status: users.status,
  contacts: users.contacts,
  geos: users.geos,
  tags: users.tags,
  notes: users.notes,
  website: users.website,
  heardFrom: users.heardFrom,
  minPayoutAmount: users.minPayoutAmount,
  minPayoutCurrency: users.minPayoutCurrency,
  paymentMethods: users.paymentMethods,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
  managerId: manager.id,
  managerFirst: manager.firstName,
  managerLast: manager.lastName,
  managerEmail: manager.email,
  referrerId: referrer.id,
  referrerFirst: referrer.firstName,
  referrerLast: referrer.lastName,
  referrerEmail: referrer.email,
  // The prefix only, so staff can tell which key is live; the key itself comes from revealApiKey (audited).
  apiKeyPrefix: sql<
    string | null
  >`(select k.prefix from api_keys k where k.user_id = ${users.id} and k.revoked_at is null order by k.created_at desc limit 1)`,
};

/** `total` is the window count for the pager; on a one-row read it costs nothing. */
const select = (db: Db) =>
  db
    .select({ ...columns, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(users)
    .leftJoin(manager, eq(manager.id, users.managerId))
    .leftJoin(referrer, eq(referrer.id, users.referrerId));

type Row = Awaited<ReturnType<typeof select>>[number];

export const toAffiliate = (r: Row): Affiliate => ({
  uuid: r.id,
  email: r.email,
  username: r.username,
  first_name: r.firstName,
  last_name: r.lastName,
  status: r.status as Affiliate['status'],
  contacts: r.contacts,
  geos: r.geos,
  tags: r.tags,
  notes: r.notes,
  website: r.website,
  heard_from: r.heardFrom,
  min_payout: { amount: r.minPayoutAmount, currency: r.minPayoutCurrency as Affiliate['min_payout']['currency'] },
  manager: refOf(r.managerId, r.managerFirst, r.managerLast, r.managerEmail),
  referrer: refOf(r.referrerId, r.referrerFirst, r.referrerLast, r.referrerEmail),
  payment_methods: r.paymentMethods as PaymentMethod[],
  api_key_prefix: r.apiKeyPrefix,
  created_at: r.createdAt.toISOString(),
  last_login_at: r.lastLoginAt?.toISOString() ?? null,
});

/** By ID without scoping: for reading back a record the caller has just been allowed to write. */
export const findAffiliateById = async (db: Db, id: string) => {
  const [row] = await select(db)
    .where(and(eq(users.id, id), eq(users.role, 'affiliate')))
    .limit(1);
  return row ? toAffiliate(row) : null;
};

export const findAffiliate = async (db: Db, auth: AuthContext, id: string) => {
  const [row] = await select(db)
    .where(and(eq(users.id, id), eq(users.role, 'affiliate'), partnerScope(auth) ?? undefined))
    .limit(1);
  return row ? toAffiliate(row) : null;
};

const sortColumns = (sort: ListQuery['sort']) => {
  switch (sort) {
    case 'email':
      return [users.email];
    case 'name':
      return [users.firstName, users.lastName];
    case 'status':
      return [users.status];
    case 'last_login_at':
      return [users.lastLoginAt];
    default:
      return [users.createdAt];
  }
};

/** Deleted affiliates keep their history but leave the list unless asked for with status=deleted. */
export const listAffiliates = async (
  db: Db,
  auth: AuthContext,
  q: ListQuery,
  timeZone: string,
): Promise<Paged<Affiliate>> => {
  const where = and(
    eq(users.role, 'affiliate'),
    partnerScope(auth) ?? undefined,
    q.status ? eq(users.status, q.status) : ne(users.status, 'deleted'),
    q.manager_uuid ? eq(users.managerId, q.manager_uuid) : undefined,
    q.geo ? arrayContains(users.geos, [q.geo]) : undefined,
    q.tag ? arrayContains(users.tags, [q.tag]) : undefined,
    userSearch(q.search, [users.username]),
    ...createdBetween(q, timeZone),
  );
  const dir = q.order === 'asc' ? sql`asc` : sql`desc`;
  const rows = await takePage(
    select(db)
      .where(where)
      .orderBy(...sortColumns(q.sort).map((c) => sql`${c} ${dir} nulls last`), asc(users.id))
      .$dynamic(),
    q,
  );
  return { list: rows.map(toAffiliate), count: await totalOf(db, rows, q.page, where) };
};
