import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Advertiser, advertiserListQuerySchema } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { partnerScope } from '../../lib/scope.ts';
import { refOf } from '../../lib/people.ts';
import { findPerson, personColumns, personOf, type PeopleKind } from '../partners/index.ts';

type ListQuery = z.output<typeof advertiserListQuerySchema>;

const manager = alias(users, 'manager');

const select = (db: Db) =>
  db
    .select({
      ...personColumns,
      company: users.company,
      postbackTokenHint: users.postbackTokenHint,
      managerId: manager.id,
      managerFirst: manager.firstName,
      managerLast: manager.lastName,
      managerEmail: manager.email,
      productsCount:
        sql<number>`(select count(*) from products p where p.advertiser_id = ${users.id} and p.status <> 'deleted')`.mapWith(
          Number,
        ),
    })
    .from(users)
    .leftJoin(manager, eq(manager.id, users.managerId))
    .$dynamic();

type Row = Awaited<ReturnType<typeof select>>[number];

export const toAdvertiser = (r: Row): Advertiser => ({
  ...personOf(r),
  company: r.company,
  status: r.status as Advertiser['status'],
  postback_token_hint: r.postbackTokenHint ?? '',
  manager: refOf(r.managerId, r.managerFirst, r.managerLast, r.managerEmail),
  products_count: r.productsCount,
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
