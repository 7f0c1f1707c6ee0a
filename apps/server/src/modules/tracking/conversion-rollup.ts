import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { NO_ID } from '../../db/schema.ts';

export type RollupKey = { at: Date; offerId: string; affiliateId: string; landingId: string | null; country: string | null };
type Delta = { conversions?: number; approved?: number; pending?: number; rejected?: number; hold?: number; payout?: number; revenue?: number };

/** Adds a change of conversion counts and money to the hourly and daily rollups of the conversion's time. */
export const rollUpConversion = async (tx: Db, key: RollupKey, d: Delta) => {
  const v = { conversions: 0, approved: 0, pending: 0, rejected: 0, hold: 0, payout: 0, revenue: 0, ...d };
  for (const [table, unit, at] of [
    ['stats_hourly', 'hour', new Date(Math.floor(key.at.getTime() / 3_600_000) * 3_600_000).toISOString()],
    ['stats_daily', 'day', key.at.toISOString().slice(0, 10)],
  ] as const) {
    const t = sql.raw(table);
    await tx.execute(sql`
      insert into ${t} (${sql.raw(unit)}, offer_id, affiliate_id, landing_id, country, conversions, approved, pending, rejected, hold, payout, revenue)
      values (${at}, ${key.offerId}, ${key.affiliateId}, ${key.landingId ?? NO_ID}, ${key.country ?? ''},
        ${v.conversions}, ${v.approved}, ${v.pending}, ${v.rejected}, ${v.hold}, ${v.payout}, ${v.revenue})
      on conflict (${sql.raw(unit)}, offer_id, affiliate_id, landing_id, country) do update set
        conversions = ${t}.conversions + excluded.conversions, approved = ${t}.approved + excluded.approved,
        pending = ${t}.pending + excluded.pending, rejected = ${t}.rejected + excluded.rejected, hold = ${t}.hold + excluded.hold,
        payout = ${t}.payout + excluded.payout, revenue = ${t}.revenue + excluded.revenue`);
  }
};

/** The rollup change of moving a counted conversion from one status to another: rejected ones carry no money. */
export const statusDelta = (from: string | null, to: string, payout: number, revenue: number): Delta => {
  const d: Record<string, number> = {};
  if (from) d[from] = -1;
  d[to] = (d[to] ?? 0) + 1;
  const counted = (s: string | null) => s !== null && s !== 'rejected';
  const money = (counted(to) ? 1 : 0) - (counted(from) ? 1 : 0);
  return { ...d, ...(from === null && { conversions: 1 }), payout: money * payout, revenue: money * revenue };
};
