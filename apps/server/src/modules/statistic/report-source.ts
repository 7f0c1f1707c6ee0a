import { sql, type SQL } from 'drizzle-orm';
import { NO_ID } from '../../db/schema.ts';

// Every report reads one "source": rows of (at, key columns, subs, status, counts, money) from the rollups or from
// the raw tables. Both have the same columns, so one query builder serves both and a test can hold them equal.

export type Period = { from: SQL; to: SQL };

/**
 * The advertiser of a source row: the offer's, else (API offers route to many advertisers) the owner of the row's
 * product. Needs the product joined as `pr`.
 */
export const ADVERTISER = sql`coalesce(o.advertiser_id, pr.advertiser_id)`;
export type SourceKind = 'core' | 'hourly' | 'daily' | 'raw';

const COUNTS = [
  'clicks',
  'unique_clicks',
  'trafficback',
  'bots',
  'conversions',
  'approved',
  'pending',
  'rejected',
  'hold',
  'payout',
  'revenue',
  'leads',
  'accepted',
  'ftd',
  'fraud_clicks',
];
const KEYS = 'offer_id, affiliate_id, landing_id, country, device, os, product_id, currency';
const no = sql.raw(`'${NO_ID}'::uuid`);

const rollup = (table: 'stats_hourly' | 'stats_daily', p: Period) => {
  const at = table === 'stats_hourly' ? sql`hour` : sql`(day::timestamp at time zone 'UTC')`;
  const bounds =
    table === 'stats_hourly'
      ? sql`hour >= ${p.from} and hour < ${p.to}`
      : sql`day >= (${p.from} at time zone 'UTC')::date and day < (${p.to} at time zone 'UTC')::date`;
  return sql`select ${at} as at, ${sql.raw(KEYS)}, null::text as sub1, null::text as sub2, null::text as sub3, null::text as sub4,
    null::text as sub5, null::text as status, ${sql.raw(COUNTS.join(', '))} from ${sql.raw(table)} where ${bounds}`;
};

/** Days in the zone without landing, device and OS (those columns read as none). */
const core = (
  p: Period,
  tz: string,
) => sql`select (day::timestamp at time zone ${tz}) as at, offer_id, affiliate_id, ${no} as landing_id, country,
  '' as device, '' as os, product_id, currency, null::text as sub1, null::text as sub2, null::text as sub3, null::text as sub4, null::text as sub5,
  null::text as status, ${sql.raw(COUNTS.join(', '))} from stats_daily_core
  where zone = ${tz} and day >= (${p.from} at time zone ${tz})::date and day < (${p.to} at time zone ${tz})::date`;

/** The network's values the raw source needs to judge a stored click score (the offer's own actions come from SQL). */
export type RawFraud = { flagAt: number | null; trafficbackAt: number | null; allowed: string[] };

/** An offer's own action threshold when it sets one (null included: off), else the network's. */
const threshold = (key: string, network: number | null) =>
  sql`case when fo.fraud_settings->'actions' ? ${key} then (fo.fraud_settings->'actions'->>${key})::int else ${network}::int end`;

/**
 * A raw click counted as flagged. The click writer counts the verdict of the moment it scored the click (rollups);
 * a raw row keeps only its score, so it gets the verdict clickAction (modules/fraud/actions.ts) gives it under the
 * settings in force now, and a click sent to trafficback for fraud counts whatever they say. The two agree until a
 * threshold or the allow-list changes (docs/decisions/054-fraud-share-in-statistics.md).
 */
const flaggedClick = (
  f: RawFraud,
) => sql`((k.trafficback_reason = 'fraud' or k.fraud_score >= ${threshold('flag_at', f.flagAt)}
    or (k.fraud_score >= ${threshold('trafficback_click_at', f.trafficbackAt)}
      and not coalesce(k.affiliate_id = any(${sql.param(f.allowed)}::uuid[]), false))) is true)::int`;

/**
 * The raw tables mapped as the rollups count them: every click; conversions that are not tests and were not sent to
 * trafficback, their money unless rejected; non-test leads under their current product. Keep in step with the
 * click writer, conversion-rollup.ts and the leads trigger (migration 0013).
 */
const raw = ({ from, to }: Period, fraud: RawFraud) => sql`
  select k.created_at as at, k.offer_id, coalesce(k.affiliate_id, ${no}) as affiliate_id, coalesce(k.landing_id, ${no}) as landing_id,
    coalesce(k.country, '') as country, coalesce(k.device, '') as device, coalesce(k.os, '') as os, ${no} as product_id, '' as currency,
    k.sub1, k.sub2, k.sub3, k.sub4, k.sub5, null::text as status,
    1 as clicks, k.is_unique::int as unique_clicks, (k.trafficback_reason is not null)::int as trafficback, k.is_bot::int as bots,
    0 as conversions, 0 as approved, 0 as pending, 0 as rejected, 0 as hold, 0::bigint as payout, 0::bigint as revenue, 0 as leads, 0 as accepted, 0 as ftd,
    ${flaggedClick(fraud)} as fraud_clicks
  from clicks k left join offers fo on fo.id = k.offer_id where k.created_at >= ${from} and k.created_at < ${to}
  union all
  select v.created_at, v.offer_id, v.affiliate_id, coalesce(v.landing_id, ${no}), coalesce(v.country, ''), coalesce(v.device, ''), coalesce(v.os, ''),
    coalesce(v.product_id, ${no}), v.currency, coalesce(c.sub1, l.sub1), coalesce(c.sub2, l.sub2), coalesce(c.sub3, l.sub3),
    coalesce(c.sub4, l.sub4), coalesce(c.sub5, l.sub5), v.status,
    0, 0, 0, 0, 1, (v.status = 'approved')::int, (v.status = 'pending')::int, (v.status = 'rejected')::int, (v.status = 'hold')::int,
    case when v.status <> 'rejected' then v.payout else 0 end, case when v.status <> 'rejected' then v.revenue else 0 end, 0, 0, (v.goal = 'ftd')::int, 0
  from conversions v left join clicks c on c.id = v.click_id left join leads l on l.id = v.lead_id
  where not v.is_test and v.flow = 'accepted' and v.created_at >= ${from} and v.created_at < ${to}
  union all
  select created_at, offer_id, affiliate_id, coalesce(landing_id, ${no}), coalesce(country, ''), coalesce(device, ''), coalesce(os, ''),
    coalesce(product_id, ${no}), '', sub1, sub2, sub3, sub4, sub5, null::text,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, (status = 'accepted')::int, 0, 0
  from leads where not is_test and created_at >= ${from} and created_at < ${to}`;

/** The source as SQL with its period bound into every branch (so each uses its own time index). */
export const sourceSql = (kind: SourceKind, p: Period, tz: string, fraud: RawFraud): SQL =>
  kind === 'raw'
    ? raw(p, fraud)
    : kind === 'core'
      ? core(p, tz)
      : rollup(kind === 'hourly' ? 'stats_hourly' : 'stats_daily', p);
