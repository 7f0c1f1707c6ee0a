import { getTableColumns, sql } from 'drizzle-orm';
import type { SkipReason } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { coldDistributions, coldRules, leads } from '../../db/schema.ts';
import { columnList, pgOf, rowReader } from '../../lib/plain-sql.ts';
import {
  orderCandidates,
  type Candidate,
  type LeadCache,
  generatePassword,
  type LeadRow,
  lockKey,
  routeLead,
} from '../leads/index.ts';

export type DistributionRow = typeof coldDistributions.$inferSelect;
export type RuleRow = typeof coldRules.$inferSelect;
/** A claimed lead: skipped by the rule, or a stored copy whose `send` walks the offer (no call made before it). */
export type Claimed =
  | { kind: 'taken' }
  | { kind: 'skipped'; reason: SkipReason }
  | { kind: 'copy'; copy: LeadRow; send: (calling?: () => void) => Promise<LeadRow> };

const DAY_MS = 86_400_000;

/** What the rule is checked against, read in one statement after the stored lead's lock. */
type History = { sends: number; lastSend: Date | null; copyFtd: boolean; tried: string[]; claimed: string[] };

// Sends count copies that exist (a claim given back after a crash before its send is not one); a product "had" the
// lead when an attempt made a real call to it (`called`, which outlives the stored request), the stored lead's own or
// any copy's.
const HISTORY = `select
  (select count(*)::int from cold_sends s where s.origin_lead_id = $1 and s.session_id is not null) as sends,
  (select max(s.created_at) from cold_sends s where s.origin_lead_id = $1 and s.session_id is not null) as last_send,
  coalesce((select bool_or(c.is_ftd) from leads c where c.origin_lead_id = $1), false) as copy_ftd,
  coalesce((select array_agg(distinct a.product_id::text) from lead_attempts a
    where a.called
      and (a.lead_id = $1 or a.lead_id in (select c.id from leads c where c.origin_lead_id = $1))), '{}') as tried,
  coalesce((select array_agg(p.product_id::text) from cold_product_claims p
    join cold_distributions d on d.id = p.distribution_id
    where p.origin_lead_id = $1 and p.distribution_id <> $2 and d.status in ('active', 'paused')), '{}') as claimed`;
const historyOf = async (tx: Db, originId: string, distributionId: string): Promise<History> => {
  const {
    rows: [row],
  } = await pgOf(tx).query({ name: 'cold-history', text: HISTORY, values: [originId, distributionId] });
  return {
    sends: Number(row.sends),
    lastSend: row.last_send ? new Date(row.last_send) : null,
    copyFtd: row.copy_ftd,
    tried: row.tried,
    claimed: row.claimed,
  };
};

// The claim takes the stored lead's lock first, in the same statement; the rule's read is the next statement, so its
// snapshot sees every send of the lead committed before the lock was granted.
const CLAIM = `insert into cold_sends (distribution_id, origin_lead_id)
  select $1::uuid, $2::uuid from (select pg_advisory_xact_lock($3::bigint)) l
  on conflict do nothing returning id`;
const COPIED = [
  'offerId',
  'affiliateId',
  'country',
  'device',
  'os',
  'gender',
  'firstName',
  'lastName',
  'email',
  'phone',
  'ip',
  'language',
  'passwordEnc',
  'funnel',
  'status',
  'originLeadId',
  'coldDistributionId',
  // The origin's fraud verdict travels with the copy (docs/product/fraud.md, "Leads"): a lead refused for traffic
  // quality and resold is still flagged, and its FTD inherits the reasons.
  'fraudScore',
  'fraudReasons',
] as const;
const leadColumns = getTableColumns(leads);
const COPY = `with c as (
    insert into leads (${COPIED.map((k) => `"${leadColumns[k].name}"`).join(', ')})
    values (${COPIED.map((k, i) => `$${i + 1}::${leadColumns[k].getSQLType()}`).join(', ')})
    returning ${columnList(leads)}),
  u as (update cold_sends set session_id = (select id from c) where id = $${COPIED.length + 1}::uuid)
  select * from c`;
const readLead = rowReader(leads);
/** node-postgres sends a JS array as a Postgres array: the jsonb column gets its JSON text. */
const param = (values: { [K in (typeof COPIED)[number]]: LeadRow[K] }) => (k: (typeof COPIED)[number]) =>
  k === 'fraudReasons' && values.fraudReasons ? JSON.stringify(values.fraudReasons) : values[k];

type Plan = { skip: SkipReason } | { skip: null; exclude: Set<string> };

/** The rule at send time (docs/product/cold-api.md, "Rules"), then whether any product is left for the lead. */
const planFor = (
  offerLinks: Candidate[],
  d: DistributionRow,
  rule: RuleRow,
  lead: LeadRow,
  h: History,
  now: Date,
): Plan => {
  if (!lead.email || !lead.phone || !lead.country) return { skip: 'lead_missing' };
  if (rule.geos.length && !rule.geos.includes(lead.country)) return { skip: 'geo' };
  if (rule.skipFtd && (lead.isFtd || h.copyFtd)) return { skip: 'ftd' };
  if (h.sends >= rule.maxResends) return { skip: 'max_resends' };
  const last = Math.max(lead.createdAt.getTime(), h.lastSend?.getTime() ?? 0);
  if (rule.minDaysBetween > 0 && now.getTime() - last < rule.minDaysBetween * DAY_MS) return { skip: 'too_soon' };
  const exclude = new Set([...h.claimed, ...(rule.neverSameProduct ? h.tried : [])]);
  const only = d.productIds.length ? new Set(d.productIds) : null;
  const links = offerLinks.filter((c) => !exclude.has(c.product.id) && (!only || only.has(c.product.id)));
  if (!orderCandidates(links, lead.country).ordered.length) return { skip: 'no_product' };
  return { skip: null, exclude };
};

/**
 * A claim on the product for this stored lead; a claim of another distribution that is still active or paused wins,
 * one of a done or deleted distribution is taken over.
 */
const claimProduct = (db: Db, originId: string, distributionId: string) => async (productId: string) => {
  const { rows } = await db.execute(sql`
    insert into cold_product_claims (origin_lead_id, product_id, distribution_id)
    values (${originId}, ${productId}, ${distributionId})
    on conflict (origin_lead_id, product_id) do update set distribution_id = excluded.distribution_id, created_at = now()
    where cold_product_claims.distribution_id = excluded.distribution_id
      or exists (select 1 from cold_distributions d where d.id = cold_product_claims.distribution_id and d.status in ('done', 'deleted'))
    returning 1 as ok`);
  return rows.length > 0;
};

/**
 * One stored lead taken by the distribution: under a lock on the stored lead (two distributions check its rule one
 * after the other), the claim, the rule and the copy commit together BEFORE any call, so a crash leaves a copy the
 * sweeper settles (lead-recovery.ts) and never a lead sent twice by one distribution. `send` then walks the offer.
 */
export const claimStoredLead = async (
  deps: AppDeps,
  cache: LeadCache,
  d: DistributionRow,
  rule: RuleRow,
  lead: LeadRow,
  now: Date,
): Promise<Claimed> => {
  const { db } = deps;
  type Prepared =
    | { kind: 'taken' }
    | { kind: 'skipped'; reason: SkipReason }
    | { kind: 'copy'; copy: LeadRow; claimId: string; password: string; exclude: Set<string> };
  // Read before the transaction: a cache miss must not wait for a pool connection while holding one.
  const offerLinks = await cache.links.get(d.offerId);
  const prepared = await db.transaction(async (t): Promise<Prepared> => {
    const tx = t as unknown as Db;
    const pg = pgOf(tx);
    const {
      rows: [claim],
    } = await pg.query<{ id: string }>({
      name: 'cold-claim',
      text: CLAIM,
      values: [d.id, lead.id, lockKey(`cold-lead:${lead.id}`).toString()],
    });
    if (!claim) return { kind: 'taken' };
    const plan = planFor(offerLinks, d, rule, lead, await historyOf(tx, lead.id, d.id), now);
    if (plan.skip) {
      await pg.query('update cold_sends set skip_reason = $1 where id = $2', [plan.skip, claim.id]);
      return { kind: 'skipped', reason: plan.skip };
    }
    const original = lead.passwordEnc ? deps.secrets.decrypt(lead.passwordEnc) : null;
    const password = rule.regeneratePassword || !original ? generatePassword() : original;
    const values: { [K in (typeof COPIED)[number]]: LeadRow[K] } = {
      offerId: d.offerId,
      affiliateId: d.affiliateId,
      country: lead.country,
      device: lead.device,
      os: lead.os,
      gender: lead.gender,
      firstName: lead.firstName,
      lastName: lead.lastName,
      email: lead.email,
      phone: lead.phone,
      ip: rule.sendOriginalIp ? lead.ip : rule.neutralIp,
      language: lead.language,
      passwordEnc: deps.secrets.encrypt(password),
      funnel: rule.funnel ?? lead.funnel,
      status: 'processing',
      originLeadId: lead.id,
      coldDistributionId: d.id,
      fraudScore: lead.fraudScore,
      fraudReasons: lead.fraudReasons,
    };
    const {
      rows: [row],
    } = await pg.query({ name: 'cold-copy', text: COPY, values: [...COPIED.map(param(values)), claim.id] });
    const copy = readLead(row);
    return { kind: 'copy', copy, claimId: claim.id, password, exclude: plan.exclude };
  });
  if (prepared.kind !== 'copy') return prepared;
  const { copy, password, exclude } = prepared;
  return {
    kind: 'copy',
    copy,
    send: async (calling?: () => void) =>
      (
        await routeLead(deps, cache, copy, password, now, undefined, {
          only: d.productIds.length ? new Set(d.productIds) : null,
          exclude,
          claim: claimProduct(db, lead.id, d.id),
          calling,
        })
      ).lead,
  };
};
