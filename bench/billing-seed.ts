// The bench's volume: BENCH_AFFILIATES affiliates and BENCH_CONVERSIONS approved conversions in last month (network
// time zone), written set-based (INSERT … SELECT generate_series) onto the demo network's offers.
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';

export const AFFILIATES = Number(process.env.BENCH_AFFILIATES ?? 1_000);
export const CONVERSIONS = Number(process.env.BENCH_CONVERSIONS ?? 1_000_000);

/** Last month's first and last day in the zone, as the generation's {date_from, date_to} take them. */
export const lastMonth = async (db: Db, zone: string) => {
  const {
    rows: [p],
  } = await db.execute<{ date_from: string; date_to: string }>(sql`select
    to_char(date_trunc('month', now() at time zone ${zone}) - interval '1 month', 'YYYY-MM-DD') as date_from,
    to_char(date_trunc('month', now() at time zone ${zone}) - interval '1 day', 'YYYY-MM-DD') as date_to`);
  return p;
};

/**
 * 1,000 affiliates (every 20th deleted, every 10th with a minimum payout out of reach, so the generation has some
 * to leave out) and the conversions: spread evenly over the affiliates, six offers, their goals and EUR/UAH/USD.
 */
export const seedBillingVolume = async (db: Db, zone: string, period: { date_from: string; date_to: string }) => {
  await db.execute(sql`insert into users (email, password_hash, role, username, status, min_payout_amount,
      payment_methods, first_name, last_name)
    select 'bench-' || i || '@bench.test', 'x', 'affiliate', 'bench_' || i,
      case when i % 20 = 0 then 'deleted' else 'active' end,
      case when i % 10 = 0 then 2000000000 else 5000 end,
      jsonb_build_array(jsonb_build_object('system', 'usdt_trc20', 'details', 'T' || i, 'priority', 1)),
      'Bench', 'Affiliate ' || i
    from generate_series(1, ${AFFILIATES}) i`);
  await db.execute(sql`create temporary table bench_affiliates as
    select row_number() over (order by email) - 1 as n, id from users where email like 'bench-%@bench.test'`);
  await db.execute(sql`create temporary table bench_offers as
    select row_number() over (order by o.created_at, o.id) - 1 as n, o.id, g.goal
    from (select id, created_at, goals from offers order by created_at, id limit 6) o,
      lateral (select coalesce(jsonb_agg(e->>'goal'), '["lead"]') as goal from jsonb_array_elements(o.goals) e) g`);
  const seconds = sql`extract(epoch from ((${period.date_to}::date + 1)::timestamp - ${period.date_from}::timestamp))`;
  await db.execute(sql`insert into conversions (created_at, offer_id, affiliate_id, goal, status, flow, payout,
      revenue, currency, country, txid, hold_until, updated_at)
    select t, o.id, a.id, o.goal ->> (i % jsonb_array_length(o.goal)), 'approved', 'accepted',
      100 + (i * 37) % 4900, 200 + (i * 53) % 9800, (array['EUR','UAH','USD'])[1 + (i / 7) % 3], 'DE',
      'bench-' || i, t, t
    from generate_series(0, ${CONVERSIONS - 1}) i
    cross join lateral (select (${period.date_from}::timestamp
      + ((i::bigint * 7919) % ${seconds}::bigint) * interval '1 second') at time zone ${zone} as t) tt
    join bench_affiliates a on a.n = i % ${AFFILIATES}
    join bench_offers o on o.n = (i / ${AFFILIATES}) % (select count(*) from bench_offers)`);
  await db.execute(sql`analyze`);
};

/** What the generation must at least do: sum last month's approved payouts per affiliate and currency. */
export const sumBaseline = async (db: Db, zone: string, period: { date_from: string; date_to: string }) =>
  (
    await db.execute<{ affiliate_id: string; currency: string; sum: string }>(sql`
    select affiliate_id, currency, sum(payout) from conversions
    where status = 'approved' and flow = 'accepted' and not is_test
      and created_at >= ${period.date_from}::timestamp at time zone ${zone}
      and created_at < (${period.date_to}::date + 1)::timestamp at time zone ${zone}
    group by affiliate_id, currency`)
  ).rows;
