import { createHash } from 'node:crypto';
import { getTableColumns } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { leads } from '../../db/schema.ts';
import { writerOf } from '../../db/group-commit.ts';
import { columnList, rowReader } from '../../lib/plain-sql.ts';

export type LeadRow = typeof leads.$inferSelect;
type Inserted = (typeof INSERTED)[number];
export type NewLead = { [K in Inserted]: LeadRow[K] };

export const DEDUP_DAYS = 30;

/** The first send of a lead, marked by its insert (waterfall.ts planWalk). */
export type SendMark = { attemptId: string; productId: string };

/** A 64-bit advisory lock key; taken in sorted order, so two requests never wait on each other crosswise. */
export const lockKey = (text: string) => createHash('sha256').update(text).digest().readBigInt64BE(0);
export const sortKeys = (keys: bigint[]) => [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

const INSERTED = [
  'offerId',
  'affiliateId',
  'apiKeyId',
  'clickId',
  'landingId',
  'country',
  'device',
  'os',
  'firstName',
  'lastName',
  'email',
  'phone',
  'ip',
  'language',
  'passwordEnc',
  'funnel',
  'gender',
  'isTest',
  'sub1',
  'sub2',
  'sub3',
  'sub4',
  'sub5',
  'status',
  'reason',
  'reasonDetail',
  'fraudScore',
  'fraudReasons',
  'sendingAttemptId',
  'sendingProductId',
] as const;
const columns = getTableColumns(leads);
const param = (key: Inserted) => `$${INSERTED.indexOf(key) + 1}::${columns[key].getSQLType()}`;

// Plain SQL named from the schema: parsed and planned once per connection, and no query building per lead.
// pxl_lead_is_new (migration 0012) takes the email and phone locks, then looks for an earlier lead with a fresh snapshot.
const INSERT_IF_NEW = `insert into leads (${INSERTED.map((k) => columns[k].name).join(', ')})
  select ${INSERTED.map(param).join(', ')}
  where pxl_lead_is_new($${INSERTED.length + 1}::bigint[], ${param('offerId')}, ${param('email')}, ${param('phone')}, ${param('isTest')}, ${DEDUP_DAYS})
  returning ${columnList(leads)}`;
const readLead = rowReader(leads);

/** The dedup lock keys of a lead: its email and its phone on the offer. */
export const dedupKeys = (offerId: string, email: string, phone: string) => [
  lockKey(`lead-email:${offerId}:${email}`),
  lockKey(`lead-phone:${offerId}:${phone}`),
];

/**
 * Stores the lead unless the same email or phone came to the offer in the last 30 days among leads that did not fail
 * (and of the same kind: test or not): one statement, one round trip. Null when it is a duplicate.
 */
export const insertIfNew = async (db: Db, lead: NewLead): Promise<LeadRow | null> => {
  const keys = sortKeys(dedupKeys(lead.offerId, lead.email ?? '', lead.phone ?? '')).map(String);
  const { rows } = await writerOf(db).query({
    name: 'lead-insert-if-new',
    text: INSERT_IF_NEW,
    // node-postgres would send an array as a PostgreSQL array; jsonb wants its text.
    values: [
      ...INSERTED.map((k) => (k === 'fraudReasons' && lead[k] ? JSON.stringify(lead[k]) : (lead[k] ?? null))),
      keys,
    ],
  });
  return rows[0] ? readLead(rows[0]) : null;
};
