import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { MANAGER_ROLES_EDITABLE, type Manager, type Paged, type managerListQuerySchema } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { assignableManagerScope, staffScope } from '../../lib/scope.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { createdBetween, refOf, totalOf, userSearch } from '../../lib/people.ts';
import { takePage } from '../../lib/paging.ts';

type ListQuery = z.output<typeof managerListQuerySchema>;

const teamLead = alias(users, 'team_lead');
/** Admins are not managed here: the tab lists heads, team leads and managers only. */
export const isManagedStaff = inArray(users.role, [...MANAGER_ROLES_EDITABLE]);

const select = (db: Db) =>
  db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      managerType: users.managerType,
      status: users.status,
      contacts: users.contacts,
      notes: users.notes,
      createdAt: users.createdAt,
      lastLoginAt: users.lastLoginAt,
      teamLeadId: teamLead.id,
      teamLeadFirst: teamLead.firstName,
      teamLeadLast: teamLead.lastName,
      teamLeadEmail: teamLead.email,
      partnersCount:
        sql<number>`(select count(*) from users p where p.manager_id = ${users.id} and p.role in ('affiliate', 'advertiser') and p.status <> 'deleted')`.mapWith(
          Number,
        ),
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(users)
    .leftJoin(teamLead, eq(teamLead.id, users.teamLeadId));

type Row = Awaited<ReturnType<typeof select>>[number];

export const toManager = (r: Row): Manager => ({
  uuid: r.id,
  email: r.email,
  first_name: r.firstName,
  last_name: r.lastName,
  role: r.role as Manager['role'],
  // Heads created before manager types existed have none; 'head' is what they serve.
  type: (r.managerType ?? (r.role === 'head' ? 'head' : 'affiliate')) as Manager['type'],
  team_lead: refOf(r.teamLeadId, r.teamLeadFirst, r.teamLeadLast, r.teamLeadEmail),
  status: r.status === 'deleted' ? 'deleted' : 'active',
  contacts: r.contacts,
  notes: r.notes,
  partners_count: r.partnersCount,
  created_at: r.createdAt.toISOString(),
  last_login_at: r.lastLoginAt?.toISOString() ?? null,
});

export const findManagerById = async (db: Db, id: string) => {
  const [row] = await select(db)
    .where(and(eq(users.id, id), isManagedStaff))
    .limit(1);
  return row ? toManager(row) : null;
};

export const findManager = async (db: Db, auth: AuthContext, id: string) => {
  const [row] = await select(db)
    .where(and(eq(users.id, id), isManagedStaff, staffScope(auth) ?? undefined))
    .limit(1);
  return row ? toManager(row) : null;
};

const sortColumns = (sort: ListQuery['sort']) => {
  switch (sort) {
    case 'email':
      return [users.email];
    case 'name':
      return [users.firstName, users.lastName];
    case 'role':
      return [users.role];
    case 'last_login_at':
      return [users.lastLoginAt];
    default:
      return [users.createdAt];
  }
};

/** Deleted staff leave the list unless asked for with status=deleted (their partners still point at them). */
export const listManagers = async (
  db: Db,
  auth: AuthContext,
  q: ListQuery,
  timeZone: string,
): Promise<Paged<Manager>> => {
  const where = and(
    isManagedStaff,
    staffScope(auth) ?? undefined,
    q.status ? eq(users.status, q.status) : ne(users.status, 'deleted'),
    q.role ? eq(users.role, q.role) : undefined,
    userSearch(q.search),
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
  return { list: rows.map(toManager), count: await totalOf(db, rows, q.page, where) };
};

export const OPTIONS_LIMIT = 100;

/** Form pickers: the active staff the caller may assign partners to, by name; the same rule findAssignableManager checks. */
export const listManagerOptions = async (db: Db, auth: AuthContext): Promise<Paged<Manager>> => {
  const where = and(isManagedStaff, eq(users.status, 'active'), assignableManagerScope(auth) ?? undefined);
  const rows = await select(db)
    .where(where)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(OPTIONS_LIMIT);
  return { list: rows.map(toManager), count: rows[0]?.total ?? 0 };
};
