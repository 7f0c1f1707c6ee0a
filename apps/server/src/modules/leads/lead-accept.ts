import type { Db } from '../../db/client.ts';
import { leads } from '../../db/schema.ts';
import { writerOf } from '../../db/group-commit.ts';
import { columnList, rowReader } from '../../lib/plain-sql.ts';
import { attemptValues, type AttemptRecord } from './attempts.ts';
import type { Candidate } from './candidates.ts';
import type { LeadRow } from './lead-insert.ts';

export type Found = { externalId: string | null; autologinUrl: string | null };

// The accepted attempt (with its stored request and answer, attempts.ts) and the lead's acceptance in one statement (one implicit transaction), unless the affiliate has
// a 'lead' postback URL for this offer: then nothing is written and the caller accepts in a transaction that queues the
// postback too. The URL is looked up in the same statement, so a lead accepted here never owed a postback.
const ACCEPT_UNLESS_POSTBACK = `with owed as (
    select not $14::boolean and exists (
      select 1 from affiliate_postbacks
      where affiliate_id = $15::uuid and event = 'lead' and (offer_id is null or offer_id = $16::uuid)
    ) as yes
  ),
  attempt as (
    insert into lead_attempts (id, lead_id, product_id, position, result, duration_ms, called, external_id, autologin_url, message)
    select $1::uuid, $2::uuid, $3::uuid, $4::integer, $5::text, $6::integer, $7::jsonb is not null, $9::text, $10::text, $11::text
    where not (select yes from owed)
    returning id, created_at
  ),
  body as (
    insert into lead_attempt_bodies (attempt_id, created_at, request, response)
    select id, created_at, $7::jsonb, $8::jsonb from attempt where $7::jsonb is not null
  ),
  accepted as (
    update leads set status = 'accepted', product_id = $3::uuid, accepted_attempt_id = $1::uuid, external_id = $12::text,
      autologin_url = $13::text, reason = null, reason_detail = null, updated_at = now()
    where id = $2::uuid and status = 'processing' and not (select yes from owed)
    returning ${columnList(leads)}
  )
  select (select yes from owed) as postback_owed, ${columnList(leads, 'accepted.')} from owed left join accepted on true`;
const readLead = rowReader(leads);

/**
 * Accepts in one round trip when no postback is owed: 'accepted' with the updated lead (or null when the lead was no
 * longer processing), 'postback' when the caller must accept in a transaction (nothing was written).
 */
export const acceptAtOnce = async (db: Db, lead: LeadRow, c: Candidate, a: AttemptRecord, found: Found) => {
  const {
    rows: [row],
  } = await writerOf(db).query({
    name: 'lead-accept-unless-postback',
    text: ACCEPT_UNLESS_POSTBACK,
    values: [...attemptValues(c, a), found.externalId, found.autologinUrl, lead.isTest, lead.affiliateId, lead.offerId],
  });
  if (row.postback_owed) return { outcome: 'postback' as const };
  return { outcome: 'accepted' as const, lead: row.id ? readLead(row) : null };
};
