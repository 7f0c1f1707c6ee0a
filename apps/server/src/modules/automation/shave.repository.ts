// The shave detector on stored leads: one aggregate per product × affiliate × geo × hour of the sends of the detector's
// window, then the statistics of shave.ts (docs/decisions/064-shave-detector.md).
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { detectShaving, SHAVE_DEFAULTS, type ShaveBucket, type ShaveParams, type ShaveSuspect } from './shave.ts';

const DAY = 24 * 3_600_000;

type Row = {
  product_id: string;
  affiliate_id: string;
  geo: string;
  at: Date | string;
  sent: string;
  accepted: string;
  leads: string;
  ftd: string;
  fraud_sum: string;
  fraud_count: string;
};

/**
 * Sends answered by a buyer (accepted, rejected, duplicate: errors and timeouts say nothing of the leads) of the
 * non-test leads created since `from`, by the lead's hour. `leads` are those the product took (its accepted attempt);
 * `ftd` those of them whose FTD came within the maturity lag, so that old and recent leads are counted alike.
 * Driven by leads_created_idx, then lead_attempts_lead_idx.
 */
export const readShaveBuckets = async (db: Db, from: Date, maturityDays: number): Promise<ShaveBucket[]> => {
  const { rows } = await db.execute<Row>(sql`
    select a.product_id, l.affiliate_id, coalesce(l.country, '') as geo, date_trunc('hour', l.created_at) as at,
      count(*) as sent,
      count(*) filter (where a.result = 'accepted') as accepted,
      count(*) filter (where a.id = l.accepted_attempt_id and l.status = 'accepted') as leads,
      count(*) filter (where a.id = l.accepted_attempt_id and l.status = 'accepted' and l.is_ftd
        and l.ftd_at <= l.created_at + make_interval(days => ${maturityDays})) as ftd,
      coalesce(sum(l.fraud_score), 0) as fraud_sum,
      count(l.fraud_score) as fraud_count
    from leads l
    join lead_attempts a on a.lead_id = l.id
    where l.created_at >= ${from.toISOString()} and not l.is_test
      and a.called and a.result in ('accepted', 'rejected', 'duplicate')
    group by 1, 2, 3, 4
    order by 4`);
  return rows.map((r) => ({
    productId: r.product_id,
    affiliateId: r.affiliate_id,
    geo: r.geo,
    at: new Date(r.at).getTime(),
    sent: Number(r.sent),
    accepted: Number(r.accepted),
    leads: Number(r.leads),
    ftd: Number(r.ftd),
    fraudSum: Number(r.fraud_sum),
    fraudCount: Number(r.fraud_count),
  }));
};

export type ShaveSuspectRow = ShaveSuspect & { product_name: string };

/** Buyer products (and their affiliates and geos) whose FTD rate fell beyond chance while lead quality held, at `now`. */
export const findShaveSuspects = async (
  db: Db,
  now: Date,
  params: Partial<ShaveParams> = {},
): Promise<ShaveSuspectRow[]> => {
  const p = { ...SHAVE_DEFAULTS, ...params };
  const from = new Date(now.getTime() - (p.maturityDays + p.monitorDays + p.baselineDays) * DAY);
  const buckets = await readShaveBuckets(db, from, p.maturityDays);
  const suspects = detectShaving({ now: now.getTime(), buckets }, p);
  if (!suspects.length) return [];
  const names = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(
      inArray(
        products.id,
        suspects.map((s) => s.product_id),
      ),
    );
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  return suspects.map((s) => ({ ...s, product_name: nameOf.get(s.product_id) ?? '' }));
};
