import type { Balance } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { pgOf } from '../../lib/plain-sql.ts';

// "No live item" anti-joins against the live items of these affiliates' own invoices (an invoice pays only its
// affiliate's conversions and earnings), found by invoices_affiliate_idx: a few rows whatever the size of the network.
// Probing invoice_items per conversion instead let the planner scan the whole table per row when it was small, or
// hash all of it when its statistics were stale (bench/RESULTS.md, billing).

/**
 * The one balance rule of docs/product/billing.md, per affiliate and currency in minor units. Conversions count when
 * they are real money (not test, not trafficback); an approved one is unpaid while no live invoice item holds it, and
 * once an invoice holds it, its money is the invoice's: the open part (total − paid) of waiting and partly paid
 * invoices, and what was paid. So every approved payout (and every adjustment) sits in exactly one of approved_unpaid,
 * in_invoices and paid. A pending adjustment (docs/decisions/060-pending-adjustments.md) is approved unpaid money of its
 * affiliate and currency, a negative one less of it; once an invoice takes it, it is part of that invoice's total.
 */
const BALANCES_SQL = `
with live as (
  select i.conversion_id, i.referral_earning_id
  from invoices v join invoice_items i on i.invoice_id = v.id and i.live
  where v.affiliate_id = any($1::uuid[]) and v.status <> 'declined'
), conv as (
  select c.affiliate_id, c.currency,
    coalesce(sum(c.payout) filter (where c.status = 'hold' or (c.status = 'pending' and c.hold_until > now())), 0) as on_hold,
    coalesce(sum(c.payout) filter (where c.status = 'pending' and (c.hold_until is null or c.hold_until <= now())), 0) as pending,
    coalesce(sum(c.payout) filter (where c.status = 'approved' and l.conversion_id is null), 0) as approved_unpaid
  from conversions c
  left join live l on l.conversion_id = c.id
  where c.affiliate_id = any($1::uuid[]) and c.status <> 'rejected' and not c.is_test and c.flow = 'accepted'
  group by 1, 2
), earned as (
  select e.referrer_id as affiliate_id, e.currency,
    coalesce(sum(e.amount) filter (where l.referral_earning_id is null), 0) as approved_unpaid
  from referral_earnings e
  left join live l on l.referral_earning_id = e.id
  where e.referrer_id = any($1::uuid[]) and e.status = 'accrued'
  group by 1, 2
), adjusted as (
  select affiliate_id, currency, sum(amount) as approved_unpaid
  from billing_adjustments
  where affiliate_id = any($1::uuid[]) and invoice_id is null
  group by 1, 2
), billed as (
  select v.affiliate_id, v.currency,
    coalesce(sum(v.total - v.paid) filter (where v.status in ('waiting', 'partly_paid')), 0) as in_invoices,
    sum(v.paid) as paid
  from invoices v
  where v.affiliate_id = any($1::uuid[])
  group by 1, 2
), keys as (
  select affiliate_id, currency from conv union select affiliate_id, currency from earned
  union select affiliate_id, currency from billed union select affiliate_id, currency from adjusted
)
select k.affiliate_id, k.currency,
  coalesce(c.on_hold, 0) as on_hold, coalesce(c.pending, 0) as pending,
  coalesce(c.approved_unpaid, 0) + coalesce(e.approved_unpaid, 0) + coalesce(a.approved_unpaid, 0) as approved_unpaid,
  coalesce(b.in_invoices, 0) as in_invoices, coalesce(b.paid, 0) as paid
from keys k
left join conv c on c.affiliate_id = k.affiliate_id and c.currency = k.currency
left join earned e on e.affiliate_id = k.affiliate_id and e.currency = k.currency
left join adjusted a on a.affiliate_id = k.affiliate_id and a.currency = k.currency
left join billed b on b.affiliate_id = k.affiliate_id and b.currency = k.currency
order by k.affiliate_id, k.currency`;

type Row = Record<keyof Balance, string> & { affiliate_id: string };

/**
 * Balances of these affiliates, by affiliate id; an affiliate with no money at all gets an empty list. Every screen,
 * the affiliate's API and the dashboard read balances here, so they can never disagree.
 */
export const readBalances = async (db: Db, affiliateIds: string[]): Promise<Map<string, Balance[]>> => {
  const out = new Map<string, Balance[]>(affiliateIds.map((id) => [id, []]));
  if (!affiliateIds.length) return out;
  const { rows } = await pgOf(db).query<Row>(BALANCES_SQL, [affiliateIds]);
  for (const r of rows) {
    out.get(r.affiliate_id)?.push({
      currency: r.currency as Balance['currency'],
      on_hold: Number(r.on_hold),
      pending: Number(r.pending),
      approved_unpaid: Number(r.approved_unpaid),
      in_invoices: Number(r.in_invoices),
      paid: Number(r.paid),
    });
  }
  return out;
};

/** One affiliate's balances per currency. */
export const readBalance = async (db: Db, affiliateId: string) =>
  (await readBalances(db, [affiliateId])).get(affiliateId)!;
