// The log views of `npm run bench:stats`: the first page (50 rows) of the click, conversion and user-session logs
// over HTTP through the built app, as the statistics screens ask for them (default period: the last 7 days).
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';
import { expectStatus, ms } from './lib.ts';
import { ROLLUP_RUNS, timeRuns } from './stats-reports.ts';

type Pick = { offer: string; small: string; affiliate: string; smallAffiliate: string; clickId: string };

/** The busiest and the quietest offer and affiliate of the kind over the last week, and a click id to search for. */
const picks = async (db: Db, kind: string, clickIdSql: ReturnType<typeof sql>): Promise<Pick> => {
  const { rows: offers } = await db.execute<{
    id: string;
  }>(sql`select d.offer_id as id from stats_daily d join offers o on o.id = d.offer_id
    where o.type = ${kind} and d.day > current_date - 7 group by 1 having sum(d.clicks) > 0 order by sum(d.clicks) desc`);
  const { rows: affiliates } = await db.execute<{
    id: string;
  }>(sql`select d.affiliate_id as id from stats_daily d join offers o on o.id = d.offer_id
    join users u on u.id = d.affiliate_id where o.type = ${kind} and d.day > current_date - 7 group by 1 having sum(d.clicks) > 0 order by sum(d.clicks) desc`);
  const {
    rows: [click],
  } = await db.execute<{ id: string }>(clickIdSql);
  return {
    offer: offers[0].id,
    small: offers[offers.length - 1].id,
    affiliate: affiliates[0].id,
    smallAffiliate: affiliates[affiliates.length - 1].id,
    clickId: click.id,
  };
};

export const benchLogs = async (db: Db, appUrl: string, token: string, log: (m: string) => void) => {
  const misses: string[] = [];
  // A click, a converted click and a lead's click from three days ago: inside the default week, not on its first page.
  const logs = [
    {
      name: 'click log',
      path: 'clicks',
      kind: 'direct_link',
      click: sql`select c.id from clicks c join offers o on o.id = c.offer_id where o.type = 'direct_link' and c.created_at < now() - interval '3 days' order by c.created_at desc limit 1`,
    },
    {
      name: 'conversion log',
      path: 'conversions',
      kind: 'direct_link',
      click: sql`select v.click_id as id from conversions v join offers o on o.id = v.offer_id where o.type = 'direct_link' and v.click_id is not null and v.created_at < now() - interval '3 days' order by v.created_at desc limit 1`,
    },
    {
      name: 'user sessions log',
      path: 'user-sessions',
      kind: 'api',
      click: sql`select l.click_id as id from leads l where l.click_id is not null and l.created_at < now() - interval '3 days' order by l.created_at desc limit 1`,
    },
  ];
  for (const l of logs) {
    const p = await picks(db, l.kind, l.click);
    const variants: [string, string][] = [
      ['unfiltered', ''],
      ['busiest offer', `&offer=${p.offer}`],
      ['quietest offer', `&offer=${p.small}`],
      ['busiest affiliate', `&affiliate=${p.affiliate}`],
      ['quietest affiliate', `&affiliate=${p.smallAffiliate}`],
      ['click-id search', `&search=${p.clickId}`],
    ];
    for (const [what, params] of variants) {
      const url = `${appUrl}/api/statistic/v1/${l.path}?kind=${l.kind}&count=50${params}`;
      const res = await fetch(url, { headers: { 'pxl-authorization': token } });
      const body = (await res.json()) as { data?: { list: unknown[]; count: number; count_capped: boolean } };
      if (!res.ok || !body.data) throw new Error(`${url}: HTTP ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
      const t = await timeRuns(ROLLUP_RUNS, () => expectStatus(url, 200, { headers: { 'pxl-authorization': token } }));
      const found = `${body.data.list.length} rows, count ${body.data.count}${body.data.count_capped ? '+' : ''}`;
      log(`${l.name}, ${what}: p50 ${ms(t.p50)}, p95 ${ms(t.p95)} (max ${ms(t.max)}; ${found})`);
      if (t.p95 >= 100) misses.push(`${l.name}, ${what}: p95 ${ms(t.p95)} ≥ 100 ms`);
    }
  }
  return misses;
};
