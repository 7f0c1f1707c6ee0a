import { and, asc, eq, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Paged } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { createdBetween, totalOf, userSearch } from '../../lib/people.ts';
import { takePage } from '../../lib/paging.ts';

/**
 * The columns every people record shows, plus `total` (`count(*) over()`) for the pager; on a one-row read it costs
 * nothing. Secrets of the row (password hash, TOTP, recovery codes) are never read.
 */
export const personColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  status: users.status,
  contacts: users.contacts,
  notes: users.notes,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
  total: sql<number>`count(*) over()`.mapWith(Number),
};

type PersonRow = Pick<typeof users.$inferSelect, 'id' | 'email' | 'firstName' | 'lastName' | 'contacts' | 'notes'> &
  Pick<typeof users.$inferSelect, 'createdAt' | 'lastLoginAt'>;

/** The answer's fields of `personColumns` (status apart: each role says which it shows). */
export const personOf = (r: PersonRow) => ({
  uuid: r.id,
  email: r.email,
  first_name: r.firstName,
  last_name: r.lastName,
  contacts: r.contacts,
  notes: r.notes,
  created_at: r.createdAt.toISOString(),
  last_login_at: r.lastLoginAt?.toISOString() ?? null,
});

/** What every people list takes: `listQuerySchema` of the contract plus a status filter. */
export type PeopleQuery = {
  page: number;
  count: number;
  search?: string;
  sort?: string;
  order: 'asc' | 'desc';
  created_from?: string;
  created_to?: string;
  status?: string;
};

/**
 * One kind of account that staff manage on `users` (affiliates, advertisers, managers). Finding, listing, sorting and
 * the status rules are the same for all of them (this module); what really differs is stated here, once per kind, in
 * the kind's own repository: which rows it is, who sees which of them, the columns read, sorts and filters.
 */
export type PeopleKind<Q extends PeopleQuery, S extends PgSelect, T> = {
  /** Names the record in "… not found". */
  label: string;
  /** The rows of `users` that are this kind. */
  isKind: SQL;
  /** Those of them the caller may see (`lib/scope.ts`); null: all. */
  scope: (auth: AuthContext) => SQL | null;
  /** The columns read, never secrets, plus `total` (`count(*) over()`) for the pager; made `$dynamic()`. */
  select: (db: Db) => S;
  toRecord: (row: Awaited<S>[number]) => T;
  /** Columns of each `sort`; an absent sort is newest (or oldest) first. */
  sorts: { [K in NonNullable<Q['sort']>]?: AnyColumn[] };
  /** Text columns the free-text search reads besides email and names. */
  searchAlso?: AnyColumn[];
  /** Conditions of the kind's own list filters. */
  filters: (q: Q) => (SQL | undefined)[];
};

/** By ID; without `auth` unscoped, for reading back a record the caller has just been allowed to write. */
export const findPerson = async <Q extends PeopleQuery, S extends PgSelect, T>(
  db: Db,
  kind: PeopleKind<Q, S, T>,
  id: string,
  auth?: AuthContext,
): Promise<T | null> => {
  const scope = auth ? kind.scope(auth) : null;
  const [row] = await kind
    .select(db)
    .where(and(eq(users.id, id), kind.isKind, scope ?? undefined))
    .limit(1);
  return row ? kind.toRecord(row) : null;
};

/** Deleted accounts keep their history but leave the list unless asked for with status=deleted. */
export const selectPeople = async <Q extends PeopleQuery, S extends PgSelect, T>(
  db: Db,
  kind: PeopleKind<Q, S, T>,
  auth: AuthContext,
  q: Q,
  timeZone: string,
): Promise<Paged<T>> => {
  const where = and(
    kind.isKind,
    kind.scope(auth) ?? undefined,
    q.status ? eq(users.status, q.status) : ne(users.status, 'deleted'),
    ...kind.filters(q),
    userSearch(q.search, kind.searchAlso),
    ...createdBetween(q, timeZone),
  );
  const dir = q.order === 'asc' ? sql`asc` : sql`desc`;
  const sortBy = (q.sort && kind.sorts[q.sort as NonNullable<Q['sort']>]) || [users.createdAt];
  const rows = await takePage(
    kind
      .select(db)
      .where(where)
      .orderBy(...sortBy.map((c) => sql`${c} ${dir} nulls last`), asc(users.id)),
    q,
  );
  // Every kind's select carries `total` (see PeopleKind.select); the generic row type cannot say so.
  const paged = rows as unknown as { total: number }[];
  return { list: rows.map(kind.toRecord), count: await totalOf(db, paged, q.page, where) };
};
