import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { MANAGER_ROLES_EDITABLE, type Manager, type Paged, type managerListQuerySchema } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { assignableManagerScope, staffScope } from '../../lib/scope.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { refOf } from '../../lib/people.ts';
import { findPerson, personColumns, personOf, type PeopleKind } from '../partners/index.ts';

type ListQuery = z.output<typeof managerListQuerySchema>;

const teamLead = alias(users, 'team_lead');
/** Admins are not managed here: the tab lists heads, team leads and managers only. */
export const isManagedStaff = inArray(users.role, [...MANAGER_ROLES_EDITABLE]);

const select = (db: Db) =>
  db
    .select({
      ...personColumns,
      role: users.role,
      managerType: users.managerType,
      teamLeadId: teamLead.id,
      teamLeadFirst: teamLead.firstName,
      teamLeadLast: teamLead.lastName,
      teamLeadEmail: teamLead.email,
      partnersCount:
        sql<number>`(select count(*) from users p where p.manager_id = ${users.id} and p.role in ('affiliate', 'advertiser') and p.status <> 'deleted')`.mapWith(
          Number,
        ),
    })
    .from(users)
    .leftJoin(teamLead, eq(teamLead.id, users.teamLeadId))
    .$dynamic();

type Row = Awaited<ReturnType<typeof select>>[number];

export const toManager = (r: Row): Manager => ({
  ...personOf(r),
  role: r.role as Manager['role'],
  // Heads created before manager types existed have none; 'head' is what they serve.
  type: (r.managerType ?? (r.role === 'head' ? 'head' : 'affiliate')) as Manager['type'],
  team_lead: refOf(r.teamLeadId, r.teamLeadFirst, r.teamLeadLast, r.teamLeadEmail),
  status: r.status === 'deleted' ? 'deleted' : 'active',
  partners_count: r.partnersCount,
});

/** What is particular to the managers tab; finding and listing are the partner core's (modules/partners). */
export const managerKind: PeopleKind<ListQuery, ReturnType<typeof select>, Manager> = {
  label: 'Manager',
  isKind: isManagedStaff,
  scope: staffScope,
  select,
  toRecord: toManager,
  sorts: {
    email: [users.email],
    name: [users.firstName, users.lastName],
    role: [users.role],
    last_login_at: [users.lastLoginAt],
  },
  filters: (q) => [q.role ? eq(users.role, q.role) : undefined],
};

export const findManagerById = (db: Db, id: string) => findPerson(db, managerKind, id);

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
