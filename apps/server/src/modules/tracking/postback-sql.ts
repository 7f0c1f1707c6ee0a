import { getTableColumns } from 'drizzle-orm';
import {
  resolveFraudSettings,
  type AffiliateOverride,
  type FraudReason,
  type FraudSettings,
  type Goal,
} from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { clicks, conversions, NO_ID, ROLLUP_KEY_COLUMNS, rollupDeltas } from '../../db/schema.ts';
import { readerOf, writerOf } from '../../db/group-commit.ts';
import { jobInsertSql, QUEUES } from '../../jobs/jobs.ts';
import { columnList, rowReader } from '../../lib/plain-sql.ts';
import type { CapRow } from '../offers/index.ts';
import { hashPostbackToken } from '../advertisers/index.ts';
import { getFraudSettings, offerFraudSettingsOf } from '../fraud/index.ts';
import type { FraudEntry } from './conversion-fraud.ts';

// The inbound postback's hot statements as plain SQL (lib/plain-sql.ts): each is parsed once per connection and costs
// no query building. A first postback on an offer without conversion caps is two round trips, with the affiliate's postback or without.

export type Click = typeof clicks.$inferSelect;
export type Conversion = typeof conversions.$inferSelect;
export type PostbackOffer = {
  id: string;
  number: number;
  advertiserId: string | null;
  goals: Goal[];
  currency: string;
  holdDays: number;
};
/** Everything a postback reads before it writes, as of one snapshot. */
export type PostbackContext = {
  advertiserId: string | null;
  click: Click | null;
  offer: PostbackOffer | null;
  caps: CapRow[];
  overrides: AffiliateOverride[];
  /** The affiliate's 'conversion' postback URL for the offer, as firePostbacks (outbound.service.ts) picks it: the offer's wins. */
  conversionUrl: string | null;
  /** The network's fraud settings with the offer's own over them (docs/product/fraud.md). */
  fraudSettings: FraudSettings;
  /** The reasons of the latest scored lead naming the click, inherited by its conversion. */
  leadReasons: FraudReason[] | null;
  /** An automation rule's hold on the click's offer, affiliate or sub (docs/product/automation.md), null when none. */
  hold: ConversionHold | null;
};
/** The hold action that holds a new conversion, and its rule's name for the conversion's history. */
export type ConversionHold = { actionId: string; rule: string };
/** One row of Statistics › Postbacks (inbound); params carry the token masked. */
export type InboundLog = {
  advertiserId: string | null;
  offerId: string | null;
  affiliateId: string | null;
  conversionId: string | null;
  clickId: string | null;
  method: string;
  params: Record<string, string>;
  ip: string;
  statusCode: number;
  response: Record<string, unknown>;
};

// The first hold block of an automation rule that covers the click (its offer, affiliate, sub value): the check rides on
// the context statement, so a postback pays no round trip for it; with no hold block it reads an empty table.
const HOLD_OF_CLICK = `select json_build_object('actionId', b.action_id, 'rule', coalesce(r.name, ''))
    from automation_blocks b join automation_actions a on a.id = b.action_id left join automation_rules r on r.id = a.rule_id
    where b.kind = 'hold' and (b.offer_id is null or b.offer_id = c.offer_id) and (b.affiliate_id is null or b.affiliate_id = c.affiliate_id)
      and (b.sub_key is null or b.sub_value = case b.sub_key when 'sub1' then c.sub1 when 'sub2' then c.sub2
        when 'sub3' then c.sub3 when 'sub4' then c.sub4 when 'sub5' then c.sub5 end)
    order by b.created_at limit 1`;

// The advertiser of the token (by its hash), the click, its offer, the offer's conversion caps, the affiliate's payout
// overrides and postback URL, the offer's own fraud values and the reasons of the click's lead. The network's fraud
// settings come from the click cache (dropped on NOTIFY pxl_cache), not this statement: the section can be tens of KB.
const CONTEXT = `select
  (select id from users where postback_token_hash = $1::text and role = 'advertiser' and status <> 'deleted') as ctx_advertiser,
  o.id as ctx_offer, o.number as ctx_number, o.advertiser_id as ctx_owner, o.goals as ctx_goals, o.currency as ctx_currency, o.hold_days as ctx_hold_days,
  (select coalesce(json_agg(json_build_object('id', k.id, 'offerId', k.offer_id, 'metric', k.metric, 'period', k.period, 'limit', k."limit",
    'geo', k.geo, 'device', k.device, 'os', k.os, 'affiliateId', k.affiliate_id) order by k.position), '[]')
    from offer_caps k where k.offer_id = c.offer_id and k.metric = 'conversions') as ctx_caps,
  (select coalesce(json_agg(json_build_object('goal', v.goal, 'geo', v.geo, 'payout', v.payout, 'bp', v.payout_percent_bp)), '[]')
    from offer_payout_overrides v where v.offer_id = c.offer_id and v.affiliate_id = c.affiliate_id) as ctx_overrides,
  (select p.url from affiliate_postbacks p where p.affiliate_id = c.affiliate_id and p.event = 'conversion' and (p.offer_id is null or p.offer_id = c.offer_id)
    order by p.offer_id is null limit 1) as ctx_conversion_url,
  o.fraud_settings as ctx_offer_fraud,
  (select l.fraud_reasons from leads l where l.click_id = c.id and l.fraud_reasons is not null
    order by l.created_at desc limit 1) as ctx_lead_reasons,
  (${HOLD_OF_CLICK}) as ctx_hold,
  ${columnList(clicks, 'c.')}
  from (select 1) one left join clicks c on c.id = $2::uuid left join offers o on o.id = c.offer_id`;
const readClick = rowReader(clicks);

/** `network`: the network's fraud settings, read beside the statement (the route's is cached: no round trip when warm). */
export const readPostbackContext = async (
  db: Db,
  token: string,
  clickId: string,
  network: () => Promise<FraudSettings> = () => getFraudSettings(db),
): Promise<PostbackContext> => {
  const [
    {
      rows: [r],
    },
    networkFraud,
  ] = await Promise.all([
    readerOf(db).query({ name: 'postback-context', text: CONTEXT, values: [hashPostbackToken(token), clickId] }),
    network(),
  ]);
  return {
    advertiserId: r.ctx_advertiser,
    click: r.id ? readClick(r) : null,
    offer: r.ctx_offer
      ? {
          id: r.ctx_offer,
          number: r.ctx_number,
          advertiserId: r.ctx_owner,
          goals: r.ctx_goals,
          currency: r.ctx_currency,
          holdDays: r.ctx_hold_days,
        }
      : null,
    caps: r.ctx_caps ?? [],
    overrides: (r.ctx_overrides ?? []).map((o: { goal: string; geo: string | null; payout: number; bp: number }) => ({
      goal: o.goal,
      geo: o.geo,
      payout: o.payout,
      payout_percent: o.bp / 100,
    })),
    conversionUrl: r.ctx_conversion_url,
    fraudSettings: resolveFraudSettings(networkFraud, offerFraudSettingsOf(r.ctx_offer_fraud)),
    leadReasons: r.ctx_lead_reasons,
    hold: r.ctx_hold,
  };
};

const LOG_COLUMNS =
  'advertiser_id, offer_id, affiliate_id, conversion_id, click_id, method, params, ip, status_code, response';
const logValues = (l: InboundLog) => [
  l.advertiserId,
  l.offerId,
  l.affiliateId,
  l.conversionId,
  l.clickId,
  l.method,
  JSON.stringify(l.params),
  l.ip,
  l.statusCode,
  JSON.stringify(l.response),
];
const LOG_INSERT = `insert into inbound_postbacks (${LOG_COLUMNS})
  values ($1::uuid, $2::uuid, $3::uuid, $4::uuid, $5::text, $6::text, $7::jsonb, $8::text, $9::integer, $10::jsonb)`;

export const insertInboundLog = (db: Db, log: InboundLog) =>
  writerOf(db).query({ name: 'postback-log', text: LOG_INSERT, values: logValues(log) });

// A rollup_deltas row as rollUpConversions (conversion-rollup.ts) writes it: the key from the conversion row, "none"
// as NO_ID or '', and one parameter per count column (the delta of statusDelta; absent counts are 0).
const deltaColumns = Object.entries(getTableColumns(rollupDeltas)).filter(
  ([, c]) => c.name !== 'id' && c.name !== 'at' && !(ROLLUP_KEY_COLUMNS as readonly string[]).includes(c.name),
);
const noneOf = Object.fromEntries(
  Object.values(getTableColumns(rollupDeltas)).map((c) => [
    c.name,
    c.getSQLType() === 'uuid' ? `'${NO_ID}'::uuid` : `''`,
  ]),
);
const FIRST_COUNT = 18;
const FIRST_LOG = FIRST_COUNT + deltaColumns.length;

// $17 says whether the affiliate's postback is queued: by the caller in its transaction, or by this statement with the
// filled URL (the parameter after the log's). When not, a conversion that owes one is not written: the URL is looked
// up in the statement itself, so a conversion written alone never owed a postback nobody queued.
const INSERT_NEW = `with c as (
    insert into conversions (id, click_id, landing_id, offer_id, affiliate_id, goal, status, flow, payout, revenue, currency, country, device, os, txid, hold_until,
      fraud_score, fraud_reasons, fraud_action)
    select $1::uuid, $2::uuid, $3::uuid, $4::uuid, $5::uuid, $6::text, $7::text, $16::text, $8::integer, $9::integer, $10::text, $11::text, $12::text,
      $13::text, $14::text, $15::timestamptz, $${FIRST_LOG + 8}::smallint, $${FIRST_LOG + 9}::jsonb, $${FIRST_LOG + 10}::text
    where $17::boolean
      or not exists (select 1 from affiliate_postbacks p where p.affiliate_id = $5::uuid and p.event = 'conversion' and (p.offer_id is null or p.offer_id = $4::uuid))
    on conflict do nothing
    returning ${columnList(conversions)}
  ),
  history as (
    insert into conversion_history (conversion_id, from_status, to_status, source, reason)
    select id, null, status, $${FIRST_LOG + 13}::text, $${FIRST_LOG + 11}::text from c
  ),
  audit as (
    insert into audit_log (action, subject_id, details) select 'fraud_action', affiliate_id, $${FIRST_LOG + 12}::jsonb from c
    where $${FIRST_LOG + 12}::jsonb is not null
  ),
  delta as (
    insert into rollup_deltas (at, ${ROLLUP_KEY_COLUMNS.join(', ')}, ${deltaColumns.map(([, c]) => c.name).join(', ')})
    select created_at, ${ROLLUP_KEY_COLUMNS.map((k) => `coalesce(${k}, ${noneOf[k]})`).join(', ')},
      ${deltaColumns.map(([, c], i) => `$${FIRST_COUNT + i}::${c.getSQLType()}`).join(', ')} from c where flow = 'accepted'
  ),
  logged as (
    insert into inbound_postbacks (${LOG_COLUMNS})
    select $${FIRST_LOG}::uuid, offer_id, affiliate_id, id, $${FIRST_LOG + 1}::text, $${FIRST_LOG + 2}::text, $${FIRST_LOG + 3}::jsonb,
      $${FIRST_LOG + 4}::text, $${FIRST_LOG + 5}::integer, $${FIRST_LOG + 6}::jsonb from c
  ),
  outbound as (
    insert into outbound_postbacks (affiliate_id, offer_id, conversion_id, event, url, next_attempt_at)
    select affiliate_id, offer_id, id, 'conversion', $${FIRST_LOG + 7}::text, now() from c
    where $${FIRST_LOG + 7}::text is not null and flow = 'accepted'
    returning id
  ),
  job as (${jobInsertSql(QUEUES.postback, `jsonb_build_object('id', id, 'try', 0)`, 'outbound')})
  select * from c`;
const readConversion = rowReader(conversions);

export type NewConversion = Pick<
  Conversion,
  | 'id'
  | 'clickId'
  | 'landingId'
  | 'offerId'
  | 'affiliateId'
  | 'goal'
  | 'status'
  | 'flow'
  | 'payout'
  | 'revenue'
  | 'currency'
  | 'country'
  | 'device'
  | 'os'
  | 'txid'
  | 'holdUntil'
  | 'fraudScore'
  | 'fraudReasons'
  | 'fraudAction'
>;

/**
 * A new conversion from a postback with its history entry, its rollup delta (accepted flow), the inbound log row of
 * its answer, given `fraud` the audit row of the fraud action that set its status (the history entry says why; `held`
 * says it instead when an automation rule's hold set it), and
 * given `postbackUrl`, the affiliate's postback with its delivery job, in one statement: on its own
 * it is a transaction of its own. Null, with nothing written, when the (click, goal, txid) conversion exists, or when
 * the affiliate is owed a postback and neither `callerQueues` nor a URL is given.
 */
export const insertNew = async (
  db: Db,
  c: NewConversion,
  delta: Record<string, number>,
  log: InboundLog,
  postback: { callerQueues: boolean; url: string | null },
  fraud: FraudEntry | null,
  held: string | null = null,
): Promise<Conversion | null> => {
  const {
    rows: [row],
  } = await writerOf(db).query({
    name: 'postback-insert-new',
    text: INSERT_NEW,
    values: [
      c.id,
      c.clickId,
      c.landingId,
      c.offerId,
      c.affiliateId,
      c.goal,
      c.status,
      c.payout,
      c.revenue,
      c.currency,
      c.country,
      c.device,
      c.os,
      c.txid,
      c.holdUntil,
      c.flow,
      postback.callerQueues || postback.url !== null,
      ...deltaColumns.map(([key]) => delta[key] ?? 0),
      log.advertiserId,
      log.clickId,
      log.method,
      JSON.stringify(log.params),
      log.ip,
      log.statusCode,
      JSON.stringify(log.response),
      postback.url,
      c.fraudScore,
      c.fraudReasons === null ? null : JSON.stringify(c.fraudReasons),
      c.fraudAction,
      fraud?.reason ?? held ?? '',
      fraud ? JSON.stringify(fraud.audit) : null,
      fraud ? 'fraud' : held !== null ? 'automation' : 'postback',
    ],
  });
  return row ? readConversion(row) : null;
};
