import { sql, type SQL } from 'drizzle-orm';
import type { RuleMetric, RuleScope } from '@pxl/contract';
import { NO_ID } from '../../db/schema.ts';
import { sourceSql, type RawFraud } from '../statistic/index.ts';

// The rows a rule's metric is summed from: (at, offer_id, affiliate_id, product_id, sub, num, den), one source per
// metric, from the raw tables or the hourly rollup (docs/decisions/066-automation-rules.md, "Metrics").

export type SpanKind = 'raw' | 'hourly';
export type Span = { from: Date; to: Date; kind: SpanKind };
export type SourceContext = { currency: string; tz: string; fraud: RawFraud };

const no = sql.raw(`'${NO_ID}'::uuid`);
const money = (ctx: SourceContext, col: 'revenue' | 'payout') =>
  sql`case when currency = ${ctx.currency} then ${sql.raw(col)} else 0 end`;

/** num / den of the metrics the statistics' source carries; a count's den is its volume (docs/product/automation.md). */
const statParts = (metric: RuleMetric, ctx: SourceContext): [SQL, SQL] | null => {
  const rev = money(ctx, 'revenue');
  const pay = money(ctx, 'payout');
  const parts: Partial<Record<RuleMetric, [SQL, SQL]>> = {
    clicks: [sql`clicks`, sql`clicks`],
    conversions: [sql`conversions`, sql`conversions`],
    cr: [sql`conversions`, sql`clicks`],
    epc: [rev, sql`clicks`],
    ftd_rate: [sql`ftd`, sql`accepted`],
    lead_acceptance: [sql`accepted`, sql`leads`],
    fraud_pct: [sql`fraud_clicks`, sql`clicks`],
    revenue: [rev, sql`conversions`],
    payout: [pay, sql`conversions`],
    profit: [sql`(${rev}) - (${pay})`, sql`conversions`],
  };
  return parts[metric] ?? null;
};

/** Metrics the rollup cannot give (no sub, or no such count): always read from raw rows. */
export const RAW_ONLY_METRICS: RuleMetric[] = ['buyer_errors', 'postback_failures', 'cap_fill'];
export const readsRollup = (metric: RuleMetric, scope: RuleScope) =>
  !RAW_ONLY_METRICS.includes(metric) && scope.type !== 'sub';

const subCol = (scope: RuleScope) => sql.raw(scope.type === 'sub' && scope.sub_key ? scope.sub_key : 'null::text');

/** Attempts that called a buyer, found through the leads of the window (their index), an error or timeout counted. */
const buyerErrors = (s: Span, scope: RuleScope) => sql`
  select a.created_at as at, l.offer_id, l.affiliate_id, a.product_id, ${subCol(scope)} as sub,
    (a.result in ('error', 'timeout'))::int::float8 as num, 1::float8 as den
  from leads l join lead_attempts a on a.lead_id = l.id
  where not l.is_test and a.called and l.created_at >= ${s.from}::timestamptz - interval '1 hour'
    and l.created_at < ${s.to} and a.created_at >= ${s.from} and a.created_at < ${s.to}`;

/** Delivery attempts of affiliates' postbacks (retried for up to a day), a refused or unanswered one counted. */
const postbackFailures = (s: Span) => sql`
  select a.at, coalesce(p.offer_id, ${no}) as offer_id, p.affiliate_id, ${no} as product_id, null::text as sub,
    (a.error is not null or a.status_code is null or a.status_code not between 200 and 299)::int::float8 as num,
    1::float8 as den
  from outbound_postbacks p join outbound_attempts a on a.postback_id = p.id
  where p.created_at >= ${s.from}::timestamptz - interval '1 day' and p.created_at < ${s.to}
    and a.at >= ${s.from} and a.at < ${s.to}`;

/** The rows of one span of a metric; null for cap fill, which is read per cap (rule-metrics.ts). */
export const metricSource = (metric: RuleMetric, scope: RuleScope, s: Span, ctx: SourceContext): SQL | null => {
  if (metric === 'buyer_errors') return buyerErrors(s, scope);
  if (metric === 'postback_failures') return postbackFailures(s);
  const parts = statParts(metric, ctx);
  if (!parts) return null;
  const period = { from: sql`${s.from}::timestamptz`, to: sql`${s.to}::timestamptz` };
  return sql`select at, offer_id, affiliate_id, product_id, ${subCol(scope)} as sub,
    (${parts[0]})::float8 as num, (${parts[1]})::float8 as den
    from (${sourceSql(s.kind, period, ctx.tz, ctx.fraud)}) src`;
};

/** The columns a scope's subjects are told apart by, and its fixed ids as conditions on the rows. */
export const subjectColumns = (scope: RuleScope): string[] =>
  ({
    offer: ['offer_id'],
    affiliate: ['affiliate_id'],
    offer_affiliate: ['offer_id', 'affiliate_id'],
    product: ['product_id'],
    sub: ['sub'],
  })[scope.type];

export const scopeConditions = (scope: RuleScope): SQL[] => {
  const c: SQL[] = [];
  const uses = (col: string) => subjectColumns(scope).includes(col) || (scope.type === 'sub' && col === 'offer_id');
  if (scope.offer_uuid && uses('offer_id')) c.push(sql`s.offer_id = ${scope.offer_uuid}`);
  if (scope.affiliate_uuid && uses('affiliate_id')) c.push(sql`s.affiliate_id = ${scope.affiliate_uuid}`);
  if (scope.product_uuid && uses('product_id')) c.push(sql`s.product_id = ${scope.product_uuid}`);
  if (scope.type === 'sub' && scope.sub_value) c.push(sql`s.sub = ${scope.sub_value}`);
  for (const col of subjectColumns(scope))
    c.push(col === 'sub' ? sql`s.sub is not null and s.sub <> ''` : sql`s.${sql.raw(col)} <> ${no}`);
  // An offer that is not running is not watched (a paused or deleted one has no traffic to speak of).
  if (scope.type === 'offer' || scope.type === 'offer_affiliate')
    c.push(sql`exists (select 1 from offers o where o.id = s.offer_id and o.status = 'active')`);
  return c;
};
