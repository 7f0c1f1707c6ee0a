import { sql, type SQL } from 'drizzle-orm';
import type { Figures } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { offerCaps } from '../../db/schema.ts';

export type CapRow = {
  id: string;
  offerId: string;
  metric: string;
  period: string;
  limit: number;
  geo: string | null;
  device: string | null;
  os: string | null;
  affiliateId: string | null;
};

/** The columns of `offer_caps` a CapRow holds, for a select that also joins or adds its own. */
export const capRowColumns = {
  id: offerCaps.id,
  offerId: offerCaps.offerId,
  metric: offerCaps.metric,
  period: offerCaps.period,
  limit: offerCaps.limit,
  geo: offerCaps.geo,
  device: offerCaps.device,
  os: offerCaps.os,
  affiliateId: offerCaps.affiliateId,
};

/** Start of the cap's current period in the partner time zone (docs/product/offers.md); null for `total`. */
const periodStart = (period: string, timeZone: string): SQL | null =>
  period === 'total' ? null : sql`date_trunc(${period}, now() at time zone ${timeZone}) at time zone ${timeZone}`;

/** What a cap counts: clicks that reached the offer, leads not failed, or conversions that were accepted and not rejected. */
export const capCount = (cap: CapRow, timeZone: string): SQL => {
  const table = cap.metric === 'clicks' ? sql`clicks` : cap.metric === 'leads' ? sql`leads` : sql`conversions`;
  const start = periodStart(cap.period, timeZone);
  const conds: SQL[] = [sql`offer_id = ${cap.offerId}`];
  if (start) conds.push(sql`created_at >= ${start}`);
  if (cap.geo) conds.push(sql`country = ${cap.geo}`);
  if (cap.device) conds.push(sql`device = ${cap.device}`);
  if (cap.os) conds.push(sql`os = ${cap.os}`);
  if (cap.affiliateId) conds.push(sql`affiliate_id = ${cap.affiliateId}`);
  if (cap.metric === 'clicks') conds.push(sql`trafficback_reason is null`);
  // A lead refused or found no buyer (failed) took nothing; test leads are never counted.
  if (cap.metric === 'leads') conds.push(sql`status <> 'failed' and not is_test`);
  if (cap.metric === 'conversions') conds.push(sql`flow = 'accepted' and status <> 'rejected' and not is_test`);
  return sql`(select count(*) from ${table} where ${sql.join(conds, sql` and `)})`;
};

/** Current fill of many caps in one round trip. */
export const capFills = async (db: Db, caps: CapRow[], timeZone: string): Promise<Map<string, number>> => {
  if (!caps.length) return new Map();
  const parts = caps.map((c) => sql`select ${c.id}::uuid as id, ${capCount(c, timeZone)}::int as n`);
  const { rows } = await db.execute<{ id: string; n: number }>(sql.join(parts, sql` union all `));
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
};

const ratio = (part: number, whole: number, scale = 100) =>
  whole ? Math.round((part / whole) * scale * 100) / 100 : 0;

/**
 * The figures of docs/product/offers.md over all time, from the raw traffic tables. `affiliates` narrows to a
 * subquery of affiliate ids (a manager's partners); `products` to leads and conversions of those products.
 */
export const offerFigures = async (
  db: Db,
  offerId: string,
  opts: { affiliates?: SQL; products?: SQL } = {},
): Promise<Figures> => {
  const byAffiliate = opts.affiliates ? sql` and affiliate_id in (${opts.affiliates})` : sql``;
  const byProduct = opts.products ? sql` and product_id in (${opts.products})` : sql``;
  const {
    rows: [r],
  } = await db.execute<Record<string, string | number>>(sql`select
    (select count(*) from clicks where offer_id = ${offerId} and trafficback_reason is null${byAffiliate}) as clicks,
    (select count(*) from leads where offer_id = ${offerId} and not is_test${byAffiliate}${byProduct}) as user_sessions,
    c.conversions, c.approved, c.payout, c.revenue
    from (select count(*) as conversions, count(*) filter (where status = 'approved') as approved,
      coalesce(sum(payout), 0) as payout, coalesce(sum(revenue), 0) as revenue
      from conversions where offer_id = ${offerId} and flow = 'accepted' and status <> 'rejected' and not is_test${byAffiliate}${byProduct}) c`);
  const n = (k: string) => Number(r[k]);
  const clicks = n('clicks');
  return {
    clicks,
    conversions: n('conversions'),
    approved: n('approved'),
    user_sessions: n('user_sessions'),
    payout: n('payout'),
    revenue: n('revenue'),
    epc: ratio(n('payout'), clicks, 1),
    cr: ratio(n('conversions'), clicks),
    cr_customer: ratio(n('user_sessions'), clicks),
    cr_conversion: ratio(n('approved'), clicks),
  };
};
