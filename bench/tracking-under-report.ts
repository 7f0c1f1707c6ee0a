// `npm run bench:tracking-report`: click redirect latency while a heavy report scans a large raw click
// table (default 10 million rows, BENCH_CLICKS to change), against the same redirects with no report running.
import { and, eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/config.ts';
import { offers, users } from '../apps/server/src/db/schema.ts';
import { measureHttp, ms, withDemoDatabase } from './lib.ts';

const CLICKS = Number(process.env.BENCH_CLICKS ?? 10_000_000);

await withDemoDatabase(async (db) => {
  const [offer] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.title, 'CoinApp — crypto wallet')))
    .limit(1);
  const [affiliate] = await db.select().from(users).where(eq(users.email, 'affiliate@demo.test'));
  const t0 = Date.now();
  // Generated in SQL (the writer's per-click work is measured by bench:tracking); spread over 60 days and all demo offers.
  for (let done = 0; done < CLICKS; done += 1_000_000) {
    const n = Math.min(1_000_000, CLICKS - done);
    await db.execute(sql`insert into clicks (id, created_at, offer_id, affiliate_id, ip, country, device, os, browser, is_unique)
      select gen_random_uuid(), now() - (random() * interval '60 days'), o.id, ${affiliate.id}, '198.51.100.' || (g % 250), (array['DE','GB','FR','PL','UA'])[1 + g % 5],
        (array['mobile','desktop'])[1 + g % 2], 'android', 'chrome', g % 3 = 0
      from generate_series(1, ${n}) g join lateral (select id from offers order by id offset (g % 20) limit 1) o on true`);
  }
  await db.execute(sql`analyze clicks`);
  console.log(`seeded ${CLICKS.toLocaleString('en')} clicks in ${((Date.now() - t0) / 1000).toFixed(0)} s`);

  const { app } = await buildApp({
    db,
    config: loadConfig({ NODE_ENV: 'test' }),
    distDir: '/nonexistent',
    secretKey: 'bench-secret-key-0123456789',
    jobs: { start: false },
  });
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const clickUrl = `${appUrl}/click/${offer.number}?aff=${affiliate.id}`;
  const ua = {
    'user-agent':
      'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/112.0 Mobile Safari/537.36',
  };
  const hit = () => measureHttp({ url: clickUrl, status: 302, headers: ua });

  await hit();
  // Three rounds, each a run with nothing else going on and a run while the report runs, so the spread shows.
  for (let round = 1; round <= 3; round++) {
    const quiet = await hit();
    // The heaviest kind of report: every click of 30 days grouped by day, offer and country, straight from the raw table.
    let reports = 0;
    let running = true;
    const report = (async () => {
      while (running) {
        await db.execute(sql`select date_trunc('day', created_at), offer_id, country, count(*), count(*) filter (where is_unique)
          from clicks where created_at > now() - interval '30 days' group by 1, 2, 3`);
        reports++;
      }
    })();
    const loaded = await hit();
    running = false;
    await report;
    console.log(
      `round ${round}: redirect p99 without a report: ${ms(quiet.p99)} (p50 ${ms(quiet.p50)}, ${quiet.rps.toFixed(0)}/s)`,
    );
    console.log(
      `round ${round}: redirect p99 while the report ran (${reports} finished in the run, the next one cut short): ${ms(loaded.p99)} (p50 ${ms(loaded.p50)}, ${loaded.rps.toFixed(0)}/s)`,
    );
  }
  await app.close();
});
