import { arrayContains, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Affiliate, PaymentMethod, affiliateListQuerySchema } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { partnerScope } from '../../lib/scope.ts';
import { refOf } from '../../lib/people.ts';
import { findPerson, personColumns, personOf, type PeopleKind } from '../partners/index.ts';

type ListQuery = z.output<typeof affiliateListQuerySchema>;

const manager = alias(users, 'manager');
const referrer = alias(users, 'referrer');

const columns = {
  ...personColumns,
  username: users.username,
  geos: users.geos,
  tags: users.tags,
  website: users.website,
  heardFrom: users.heardFrom,
  minPayoutAmount: users.minPayoutAmount,
  minPayoutCurrency: users.minPayoutCurrency,
  paymentMethods: users.paymentMethods,
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

const select = (db: Db) =>
  db
    .select(columns)
    .from(users)
    .leftJoin(manager, eq(manager.id, users.managerId))
    .leftJoin(referrer, eq(referrer.id, users.referrerId))
    .$dynamic();

type Row = Awaited<ReturnType<typeof select>>[number];

export const toAffiliate = (r: Row): Affiliate => ({
  ...personOf(r),
  username: r.username,
  status: r.status as Affiliate['status'],
  geos: r.geos,
  tags: r.tags,
  website: r.website,
  heard_from: r.heardFrom,
  min_payout: { amount: r.minPayoutAmount, currency: r.minPayoutCurrency as Affiliate['min_payout']['currency'] },
  manager: refOf(r.managerId, r.managerFirst, r.managerLast, r.managerEmail),
  referrer: refOf(r.referrerId, r.referrerFirst, r.referrerLast, r.referrerEmail),
  payment_methods: r.paymentMethods as PaymentMethod[],
  api_key_prefix: r.apiKeyPrefix,
});

/** What is particular to affiliates; finding and listing are the partner core's (modules/partners). */
export const affiliateKind: PeopleKind<ListQuery, ReturnType<typeof select>, Affiliate> = {
  label: 'Affiliate',
  isKind: eq(users.role, 'affiliate'),
  scope: partnerScope,
  select,
  toRecord: toAffiliate,
  sorts: {
    email: [users.email],
    name: [users.firstName, users.lastName],
    status: [users.status],
    last_login_at: [users.lastLoginAt],
  },
  searchAlso: [users.username],
  filters: (q) => [
    q.manager_uuid ? eq(users.managerId, q.manager_uuid) : undefined,
    q.geo ? arrayContains(users.geos, [q.geo]) : undefined,
    q.tag ? arrayContains(users.tags, [q.tag]) : undefined,
  ],
};

/** By ID without scoping: for reading back a record the caller has just been allowed to write. */
export const findAffiliateById = (db: Db, id: string) => findPerson(db, affiliateKind, id);
