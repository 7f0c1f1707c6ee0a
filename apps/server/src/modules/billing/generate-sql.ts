// The set-based statements of invoice generation (docs/product/billing.md, docs/decisions/020-billing-model.md): one
// pass over the conversions whatever their number, never a loop per conversion.

/** What a generation is over: a period (days in the network time zone) or conversions picked by hand. */
export type GenerateScope =
  | { kind: 'period'; dateFrom: string; dateTo: string; currency?: string; affiliateIds?: string[]; timeZone: string }
  | { kind: 'picked'; conversionIds: string[]; timeZone: string };

/** Positional parameters of the statements below: $1 is the time zone for both kinds. */
export const paramsOf = (s: GenerateScope): unknown[] =>
  s.kind === 'period'
    ? [s.timeZone, s.dateFrom, s.dateTo, s.currency ?? null, s.affiliateIds ?? null]
    : [s.timeZone, s.conversionIds];

const PERIOD = `c.created_at >= ($2::date)::timestamp at time zone $1
    and c.created_at < ($3::date + 1)::timestamp at time zone $1
    and ($4::text is null or c.currency = $4) and ($5::uuid[] is null or c.affiliate_id = any($5))`;
const ADJUSTED_PERIOD = `($4::text is null or a.currency = $4) and ($5::uuid[] is null or a.affiliate_id = any($5))`;
// checkPicked has made sure the picked conversions are one affiliate's in one currency.
const ADJUSTED_PICKED = `(a.affiliate_id, a.currency) in (select affiliate_id, currency from conversions where id = any($2::uuid[]))`;
const EARNED_PERIOD = `e.created_at >= ($2::date)::timestamp at time zone $1
    and e.created_at < ($3::date + 1)::timestamp at time zone $1
    and ($4::text is null or e.currency = $4) and ($5::uuid[] is null or e.referrer_id = any($5))`;

/**
 * Approved real conversions no live invoice holds, and (for a period) accrued referral earnings likewise; `lock`
 * takes a share lock on them, so a status change waits for the generation to commit and is then refused, and a
 * generation waiting on a status change sees its outcome. Pending adjustments of the same affiliates and currencies
 * (whatever their day: they wait for the next invoice, docs/decisions/060-pending-adjustments.md) are locked for
 * update: a second generation waits for the first and then re-reads them as taken, so none is taken twice.
 */
const candidates = (s: GenerateScope, lock: boolean) => `
picked as materialized (
  select c.id, c.affiliate_id, c.currency, c.offer_id, c.goal, c.payout::bigint as amount, c.created_at
  from conversions c
  where c.status = 'approved' and c.flow = 'accepted' and not c.is_test
    and ${s.kind === 'period' ? PERIOD : 'c.id = any($2::uuid[])'}
    and not exists (select 1 from invoice_items i where i.conversion_id = c.id and i.live)
  ${lock ? 'for share of c' : ''}
), earned as materialized (
  select e.id, e.referrer_id as affiliate_id, e.currency, e.amount::bigint as amount, e.created_at
  from referral_earnings e
  where ${s.kind === 'period' ? EARNED_PERIOD : 'false'} and e.status = 'accrued'
    and not exists (select 1 from invoice_items i where i.referral_earning_id = e.id and i.live)
  ${lock ? 'for share of e' : ''}
), adjusted as materialized (
  select a.id, a.affiliate_id, a.currency, a.amount, a.comment
  from billing_adjustments a
  where a.invoice_id is null and ${s.kind === 'period' ? ADJUSTED_PERIOD : ADJUSTED_PICKED}
  ${lock ? 'for update of a' : ''}
), sums as (
  select affiliate_id, currency, sum(amount) as total, count(*) filter (where conv) as conversions,
    (min(created_at) at time zone $1)::date as first_day, (max(created_at) at time zone $1)::date as last_day
  from (select affiliate_id, currency, amount, created_at, true as conv from picked
        union all select affiliate_id, currency, amount, created_at, false from earned
        union all select affiliate_id, currency, amount, null, false from adjusted) x
  group by 1, 2
), affs as (
  select s.*, u.first_name, u.last_name, u.email,
    coalesce((select jsonb_agg(m order by (m->>'priority')::int) from jsonb_array_elements(u.payment_methods) m),
      '[]') as payment_methods,
    s.total > 0 and (${s.kind === 'picked' ? 'true' : 's.total >= u.min_payout_amount'}) as eligible,
    (select m->>'system' from jsonb_array_elements(u.payment_methods) m
      order by (m->>'priority')::int nulls last limit 1) as payment_system
  from sums s join users u on u.id = s.affiliate_id
  where u.role = 'affiliate' and u.status <> 'deleted'
), elig as (select * from affs where eligible)`;

/** What a generation would create, written nowhere: one row per invoice with its lines as JSON. */
export const previewSql = (s: GenerateScope) => `
with ${candidates(s, false)}, goal_lines as (
  select p.affiliate_id, p.currency, p.offer_id, p.goal, count(*) as n, sum(p.amount) as amount
  from picked p join elig using (affiliate_id, currency) group by 1, 2, 3, 4
), lines_json as (
  select l.affiliate_id, l.currency, json_agg(json_build_object('offer_uuid', o.id, 'offer_id', o.number,
      'title', o.title, 'goal', l.goal, 'count', l.n, 'amount', l.amount) order by o.number, l.goal) as lines
  from goal_lines l join offers o on o.id = l.offer_id group by 1, 2
), referral as (
  select affiliate_id, currency, count(*) as n, sum(amount) as amount from earned group by 1, 2
), adjustment_json as (
  select affiliate_id, currency, json_agg(json_build_object('comment', comment, 'amount', amount) order by comment)
    as adjustments
  from (select affiliate_id, currency, comment, sum(amount) as amount from adjusted group by 1, 2, 3) x group by 1, 2
)
select a.affiliate_id, a.first_name, a.last_name, a.email, a.currency, a.total, a.conversions, a.payment_system,
  coalesce(j.lines, '[]') as lines,
  json_build_object('count', coalesce(r.n, 0), 'amount', coalesce(r.amount, 0)) as referral,
  coalesce(d.adjustments, '[]') as adjustments,
  (select count(*) from affs where not eligible) as below_minimum
from elig a
left join lines_json j using (affiliate_id, currency)
left join referral r using (affiliate_id, currency)
left join adjustment_json d using (affiliate_id, currency)
order by a.email, a.currency`;

/** Under the minimum only (the preview's `below_minimum` when nothing is eligible). */
export const belowMinimumSql = (s: GenerateScope) =>
  `with ${candidates(s, false)} select count(*) as n from affs where not eligible`;

/**
 * Invoices, their lines and items and an audit row each, in one statement. Each invoice freezes the affiliate's
 * payment methods as they are now: it pays to those, whatever the account holds later (docs/product/billing.md).
 * Two generations over the same conversions meet at the partial unique index of invoice_items: the later one fails
 * whole (unique_violation). Pending adjustments become one line per comment and are taken only while still free;
 * `adjusted` and `taken` differing means one was taken by someone else, and the caller refuses the whole (409).
 * The actor and the client address follow the scope's parameters.
 */
export const generateSql = (s: GenerateScope) => {
  const actor = `$${paramsOf(s).length + 1}::uuid`;
  const ip = `$${paramsOf(s).length + 2}::text`;
  const period = s.kind === 'period' ? '$2::date, $3::date' : 'first_day, last_day';
  return `
with ${candidates(s, true)}, inv as (
  insert into invoices (affiliate_id, currency, period_from, period_to, payment_system, payment_methods, total, created_by)
  select affiliate_id, currency, ${period}, payment_system, payment_methods, total, ${actor}
  from elig
  returning id, affiliate_id, currency, number, total
), goal_lines as (
  insert into invoice_lines (invoice_id, kind, offer_id, goal, count, amount)
  select inv.id, 'offer_goal', p.offer_id, p.goal, count(*), sum(p.amount)
  from picked p join inv using (affiliate_id, currency) group by inv.id, p.offer_id, p.goal
), referral_lines as (
  insert into invoice_lines (invoice_id, kind, count, amount)
  select inv.id, 'referral', count(*), sum(e.amount) from earned e join inv using (affiliate_id, currency) group by inv.id
), adjustment_lines as (
  insert into invoice_lines (invoice_id, kind, amount, comment, source)
  select inv.id, 'adjustment', sum(a.amount), a.comment, 'reconciliation'
  from adjusted a join inv using (affiliate_id, currency) group by inv.id, a.comment
), taken as (
  update billing_adjustments b set invoice_id = inv.id
  from adjusted a join inv using (affiliate_id, currency)
  where b.id = a.id and b.invoice_id is null
  returning b.id
), conversion_items as (
  insert into invoice_items (invoice_id, conversion_id, amount)
  select inv.id, p.id, p.amount from picked p join inv using (affiliate_id, currency)
), earning_items as (
  insert into invoice_items (invoice_id, referral_earning_id, amount)
  select inv.id, e.id, e.amount from earned e join inv using (affiliate_id, currency)
), audit as (
  insert into audit_log (action, actor_id, subject_id, ip, details)
  select 'invoice_create', ${actor}, inv.affiliate_id, ${ip},
    jsonb_build_object('invoice_uuid', inv.id, 'number', inv.number, 'currency', inv.currency, 'total', inv.total)
  from inv
)
select inv.id, inv.affiliate_id, inv.number, inv.currency, inv.total,
  ${s.kind === 'picked' ? '(select count(*) from picked)' : '0'} as picked,
  (select count(*) from adjusted a join inv i using (affiliate_id, currency)) as adjusted,
  (select count(*) from taken) as taken
from inv order by inv.number`;
};
