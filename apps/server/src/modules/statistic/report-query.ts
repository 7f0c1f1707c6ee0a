import { and, sql, type SQL } from 'drizzle-orm';
import type { StatDimension } from '@pxl/contract';
import { DIMENSIONS } from './report-dimensions.ts';
import { sourceSql, type Period, type RawFraud, type SourceKind } from './report-source.ts';

export type ReportSpec = {
  source: SourceKind;
  period: Period;
  tz: string;
  dims: StatDimension[];
  where: SQL[];
  asAdvertiser: boolean;
  /** Join the affiliate (`au`): grouping or filtering by their manager. */
  joinAffiliate: boolean;
  /** Join the product (`pr`): anything about the advertiser. */
  joinProduct: boolean;
  /** The network's fraud actions, for raw clicks (report-source.ts). */
  fraud: RawFraud;
};
export type Paging = { sort: string; order: 'asc' | 'desc'; limit?: number; offset?: number };

const COUNTS = [
  'clicks',
  'unique_clicks',
  'trafficback',
  'conversions',
  'approved',
  'pending',
  'rejected',
  'hold',
  'leads',
  'accepted',
  'ftd',
  'fraud_clicks',
];
const MONEY = ['payout', 'revenue'];

// Clicks carry no money: they count under their offer's currency, so EPC divides a currency's payout by the clicks
// of the offers paying in it.
const CURRENCY = sql`coalesce(nullif(s.currency, ''), o.currency)`;

// Rollup rows whose changes netted out (a lead moved to another product) are no group: every raw row counts a click,
// a conversion or a lead.
const NOT_EMPTY = sql`having sum(clicks) + sum(conversions) + sum(leads) > 0`;

export type AggregateRow = Record<(typeof COUNTS)[number], string> & {
  payout: Record<string, string> | null;
  revenue: Record<string, string> | null;
  clicks_by_currency: Record<string, string> | null;
  n: string;
  [key: `k${number}` | `label${number}`]: string;
};

/**
 * One query: the source summed per key and currency, then per key with money as a map currency → amount (amounts of
 * different currencies are never added), each key labelled, `n` the number of keys. No dimensions gives the totals row.
 */
export const aggregateSql = (spec: ReportSpec, paging?: Paging): SQL => {
  const keys = spec.dims.map((d, i) => sql`${DIMENSIONS[d].value(spec.tz)} as ${sql.raw(`k${i}`)}`);
  const keyNames = spec.dims.map((_, i) => sql.raw(`k${i}`));
  const labels = spec.dims.map(
    (d, i) => sql`${DIMENSIONS[d].label(sql.raw(`g.k${i}`), spec.asAdvertiser)} as ${sql.raw(`label${i}`)}`,
  );
  // The keys come last so that groups with the same label (two products of one name) keep their order across pages.
  const tieBreak = spec.dims.map((_, i) => sql.raw(`g.k${i}`));
  const order =
    !paging || !spec.dims.length
      ? sql``
      : paging.sort === 'key' || !COUNTS.includes(paging.sort)
        ? sql`order by ${sql.join([...spec.dims.map((d, i) => sql.raw(`${d === 'day' || d === 'hour' ? `g.k${i}` : `label${i}`} ${paging.order}`)), ...tieBreak], sql`, `)}`
        : sql`order by ${sql.join([sql.raw(`g.${paging.sort} ${paging.order}`), ...spec.dims.map((_, i) => sql.raw(`label${i}`)), ...tieBreak], sql`, `)}`;
  return sql`
    with base as (
      select ${sql.join([...keys, sql`${CURRENCY} as currency`], sql`, `)},
        ${sql.raw([...COUNTS, ...MONEY].map((c) => `sum(s.${c}) as ${c}`).join(', '))}
      from (${sourceSql(spec.source, spec.period, spec.tz, spec.fraud)}) s join offers o on o.id = s.offer_id
        ${spec.joinAffiliate ? sql`left join users au on au.id = s.affiliate_id` : sql``}
        ${spec.joinProduct ? sql`left join products pr on pr.id = s.product_id` : sql``}
      where ${and(...spec.where) ?? sql`true`}
      group by ${sql.join([...keyNames, CURRENCY], sql`, `)}
    ), grouped as (
      select ${spec.dims.length ? sql`${sql.join(keyNames, sql`, `)}, ` : sql``}
        ${sql.raw(COUNTS.map((c) => `coalesce(sum(${c}), 0) as ${c}`).join(', '))},
        ${sql.raw([...MONEY, 'clicks'].map((c) => `jsonb_object_agg(currency, ${c}) as ${c === 'clicks' ? 'clicks_by_currency' : c}`).join(', '))}
      from base ${spec.dims.length ? sql`group by ${sql.join(keyNames, sql`, `)} ${NOT_EMPTY}` : sql``}
    )
    select g.*${labels.length ? sql`, ${sql.join(labels, sql`, `)}` : sql``}, count(*) over () as n
    from grouped g ${order}
    ${paging?.limit !== undefined ? sql`limit ${paging.limit} offset ${paging.offset ?? 0}` : sql``}`;
};
