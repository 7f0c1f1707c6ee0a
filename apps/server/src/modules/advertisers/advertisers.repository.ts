import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Advertiser, advertiserListQuerySchema } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { partnerScope } from '../../lib/scope.ts';
import { refOf } from '../../lib/people.ts';
import { findPerson, type PeopleKind } from '../partners/partners.repository.ts';

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
    .leftJoin(manager, eq(manager.id, users.managerId))
    .$dynamic();

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

/** What is particular to advertisers; finding and listing are the partner core's (modules/partners). */
export const advertiserKind: PeopleKind<ListQuery, ReturnType<typeof select>, Advertiser> = {
  label: 'Advertiser',
  isKind: eq(users.role, 'advertiser'),
  scope: partnerScope,
  select,
  toRecord: toAdvertiser,
  sorts: { email: [users.email], company: [users.company], status: [users.status] },
  searchAlso: [users.company],
  filters: (q) => [q.manager_uuid ? eq(users.managerId, q.manager_uuid) : undefined],
};

export const findAdvertiserById = (db: Db, id: string) => findPerson(db, advertiserKind, id);
