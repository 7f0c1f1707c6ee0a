import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Advertiser, Paged, advertiserListQuerySchema } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { partnerScope } from '../../lib/scope.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { createdBetween, refOf, totalOf, userSearch } from '../../lib/people.ts';
import { takePage } from '../../lib/paging.ts';

type ListQuery = z.output<typeof advertiserListQuerySchema>;

const manager = alias(users, 'manager');

/** Explicit columns: secrets of the users row (password hash, TOTP, recovery codes) are never read. */
const select = (db: Db) =>
  db
    .select({
      id: users.id,
      email: users.email,
      company: users.company,
      firstName: users.firstName,
      lastName: users.lastName,
      status: users.status,
      contacts: users.contacts,
      notes: users.notes,
      postbackTokenHint: users.postbackTokenHint,
      createdAt: users.createdAt,
      lastLoginAt: users.lastLoginAt,
      managerId: manager.id,
      managerFirst: manager.firstName,
      managerLast: manager.lastName,
      managerEmail: manager.email,
      productsCount:
        sql<number>`(select count(*) from products p where p.advertiser_id = ${users.id} and p.status <> 'deleted')`.mapWith(
          Number,
        ),
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(users)
    .leftJoin(manager, eq(manager.id, users.managerId));

type Row = Awaited<ReturnType<typeof select>>[number];

export const toAdvertiser = (r: Row): Advertiser => ({
  uuid: r.id,
  email: r.email,
  company: r.company,
  first_name: r.firstName,
  last_name: r.lastName,
  status: r.status as Advertiser['status'],
  contacts: r.contacts,
  notes: r.notes,
  postback_token_hint: r.postbackTokenHint ?? '',
  manager: refOf(r.managerId, r.managerFirst, r.managerLast, r.managerEmail),
  products_count: r.productsCount,
  created_at: r.createdAt.toISOString(),
  last_login_at: r.lastLoginAt?.toISOString() ?? null,
});

export const findAdvertiserById = async (db: Db, id: string) => {
  const [row] = await select(db)
    .where(and(eq(users.id, id), eq(users.role, 'advertiser')))
    .limit(1);
  return row ? toAdvertiser(row) : null;
};

export const findAdvertiser = async (db: Db, auth: AuthContext, id: string) => {
  const [row] = await select(db)
    .where(and(eq(users.id, id), eq(users.role, 'advertiser'), partnerScope(auth) ?? undefined))
    .limit(1);
  return row ? toAdvertiser(row) : null;
};

const sortColumns = (sort: ListQuery['sort']) => {
  switch (sort) {
    case 'email':
      return [users.email];
    case 'company':
      return [users.company];
    case 'status':
      return [users.status];
    default:
      return [users.createdAt];
  }
};

/** Search covers company too; deleted advertisers leave the list unless asked for with status=deleted. */
export const listAdvertisers = async (
  db: Db,
  auth: AuthContext,
  q: ListQuery,
  timeZone: string,
): Promise<Paged<Advertiser>> => {
  const where = and(
    eq(users.role, 'advertiser'),
    partnerScope(auth) ?? undefined,
    q.status ? eq(users.status, q.status) : ne(users.status, 'deleted'),
    q.manager_uuid ? eq(users.managerId, q.manager_uuid) : undefined,
    userSearch(q.search, [users.company]),
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
  return { list: rows.map(toAdvertiser), count: await totalOf(db, rows, q.page, where) };
};
