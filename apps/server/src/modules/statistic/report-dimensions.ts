import { sql, type SQL } from 'drizzle-orm';
import type { StatDimension } from '@pxl/contract';
import { NO_ID } from '../../db/schema.ts';
import { ADVERTISER } from './report-source.ts';

// How each grouping reads the source (`s`, joined with its offer `o` and affiliate `au`) and how its value gets a label
// after aggregation. Values are text, so one or two keys of any kind fit the same query.

type Dim = {
  /** The grouping value over the source row, as text. */
  value: (tz: string) => SQL;
  /** The label of aggregated value `k` (a column of the grouped rows); `asAdvertiser` hides affiliate names. */
  label: (k: SQL, asAdvertiser: boolean) => SQL;
  /** Only the raw source has it. */
  rawOnly?: boolean;
};

const id = (column: string) => () => sql.raw(`s.${column}::text`);
const plain = (column: string, empty: string) => ({
  value: () => sql.raw(`s.${column}`),
  label: (k: SQL) => sql`case when ${k} = '' then ${empty} else ${k} end`,
});
const sub = (n: number): Dim => ({
  value: () => sql.raw(`coalesce(s.sub${n}, '')`),
  label: (k) => sql`case when ${k} = '' then '(empty)' else ${k} end`,
  rawOnly: true,
});
const person = (
  k: SQL,
  none: SQL,
) => sql`coalesce((select coalesce(nullif(u.company, ''), nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email)
  from users u where u.id = ${k}::uuid), ${none})`;

export const DIMENSIONS: Record<StatDimension, Dim> = {
  day: { value: (tz) => sql`to_char(s.at at time zone ${tz}, 'YYYY-MM-DD')`, label: (k) => k },
  hour: {
    value: (tz) => sql`to_char(date_trunc('hour', s.at at time zone ${tz}), 'YYYY-MM-DD HH24:00')`,
    label: (k) => k,
  },
  offer: {
    value: id('offer_id'),
    label: (k) => sql`coalesce((select '#' || x.number || ' ' || x.title from offers x where x.id = ${k}::uuid), ${k})`,
  },
  affiliate: {
    value: id('affiliate_id'),
    // Advertisers know affiliates by ID only (docs/product/statistics.md).
    label: (k, asAdvertiser) =>
      sql`case when ${k} = ${NO_ID} then '(none)' else ${asAdvertiser ? sql`'ID ' || left(${k}, 8)` : person(k, sql`${k}`)} end`,
  },
  // Clicks on API offers have no advertiser yet: the lead's product decides it.
  advertiser: {
    value: () => sql`coalesce(${ADVERTISER}::text, '')`,
    label: (k) => sql`case when ${k} = '' then '(none)' else ${person(k, k)} end`,
  },
  product: {
    value: id('product_id'),
    label: (k) =>
      sql`case when ${k} = ${NO_ID} then '(no product)' else coalesce((select x.name from products x where x.id = ${k}::uuid), ${k}) end`,
  },
  landing: {
    value: id('landing_id'),
    label: (k) =>
      sql`case when ${k} = ${NO_ID} then '(no landing)' else coalesce((select x.name from landings x where x.id = ${k}::uuid), ${k}) end`,
  },
  geo: plain('country', 'Unknown'),
  device: plain('device', 'Unknown'),
  os: plain('os', 'Unknown'),
  sub1: sub(1),
  sub2: sub(2),
  sub3: sub(3),
  sub4: sub(4),
  sub5: sub(5),
  manager: {
    value: () => sql`coalesce(au.manager_id::text, '')`,
    label: (k) => sql`case when ${k} = '' then '(no manager)' else ${person(k, k)} end`,
  },
};
