// Rollup lag for `npm run bench:stats`: while the running app's click writer stores a steady stream of clicks and
// its fold timer folds conversion deltas every second, how long until the general report shows a click batch and a
// postback's conversion.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { generalQuerySchema } from '@pxl/contract';
import type { Db } from '../apps/server/src/db/client.ts';
import type { AuthContext } from '../apps/server/src/lib/auth-context.ts';
import { todayIn, generalReport } from '../apps/server/src/modules/statistic/index.ts';
import type { ClickRow, ClickWriter } from '../apps/server/src/modules/tracking/index.ts';
import { newToken } from '../apps/server/src/lib/tokens.ts';
import { hashPostbackToken } from '../apps/server/src/modules/advertisers/index.ts';
import { ms } from './lib.ts';

const LAG_MS = Number(process.env.BENCH_LAG_MS ?? 30_000);
/** Background clicks per second, besides the probes (bench:tracking stores about 4,000 redirects/s on this VM). */
const RATE = Number(process.env.BENCH_LAG_RATE ?? 2000);
const PROBE = 50;
const TIMEOUT_MS = 60_000;
const COUNTRIES = ['DE', 'GB', 'FR', 'PL', 'UA', 'ES', 'IT'];

const clickOf = (offerId: string, affiliateId: string): ClickRow => ({
  id: randomUUID(),
  createdAt: new Date(),
  offerId,
  affiliateId,
  ip: `198.51.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`,
  country: COUNTRIES[Math.floor(Math.random() * COUNTRIES.length)],
  device: 'mobile',
  os: 'android',
  browser: 'chrome',
  isBot: false,
  trafficbackReason: null,
});

const percentile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * q) - 1)];

export const benchLag = async (
  db: Db,
  writer: ClickWriter,
  appUrl: string,
  auth: AuthContext,
  log: (m: string) => void,
) => {
  // An offer with no caps (a conversion over a cap goes to trafficback and is not counted), its advertiser's token.
  const {
    rows: [found],
  } = await db.execute<{
    id: string;
    goal: string;
    advertiser: string;
  }>(sql`select o.id, o.goals->0->>'goal' as goal, u.id as advertiser
    from offers o join users u on u.id = o.advertiser_id where o.type = 'direct_link' and o.status = 'active' and jsonb_array_length(o.goals) > 0
    and u.status <> 'deleted' and not exists (select 1 from offer_caps c where c.offer_id = o.id) order by o.number limit 1`);
  // Only a token's hash is stored: the bench gives the advertiser one it knows.
  const probe = { ...found, token: newToken() };
  await db.execute(
    sql`update users set postback_token_hash = ${hashPostbackToken(probe.token)} where id = ${found.advertiser}`,
  );
  const { rows: affiliates } = await db.execute<{ id: string }>(
    sql`select id from users where role = 'affiliate' and status = 'active' order by email`,
  );
  const { rows: offers } = await db.execute<{ id: string }>(
    sql`select id from offers where status = 'active' and id <> ${probe.id}`,
  );
  const [probeAffiliate, ...others] = affiliates.map((a) => a.id);
  const q = generalQuerySchema.parse({
    kind: 'direct_link',
    date_from: todayIn('UTC'),
    tz: 'UTC',
    group: 'day',
    offer: probe.id,
    affiliate: probeAffiliate,
  });
  const figures = async () => (await generalReport(db, auth, q)).totals;

  // The stream: every 100 ms a tenth of a second's clicks on other offers and affiliates, as redirects would add them.
  const stream = setInterval(() => {
    for (let i = 0; i < RATE / 10; i++) {
      writer.add(clickOf(offers[i % offers.length].id, others[Math.floor(Math.random() * others.length)]));
    }
  }, 100);
  const clickLags: number[] = [];
  const conversionLags: number[] = [];
  const waitFor = async (done: (t: Awaited<ReturnType<typeof figures>>) => boolean, since: number) => {
    while (performance.now() - since < TIMEOUT_MS) {
      if (done(await figures())) return performance.now() - since;
      await new Promise((r) => setTimeout(r, 20));
    }
    return Infinity;
  };
  try {
    const base = await figures();
    let clicks = base.clicks;
    let conversions = base.conversions;
    const end = Date.now() + LAG_MS;
    for (let i = 0; Date.now() < end; i++) {
      const batch = Array.from({ length: PROBE }, () => clickOf(probe.id, probeAffiliate));
      const t0 = performance.now();
      for (const c of batch) writer.add(c);
      clicks += PROBE;
      clickLags.push(await waitFor((t) => t.clicks >= clicks, t0));
      // A durable postback on one of those clicks: answered after its commit; the fold timer moves its delta.
      const res = await fetch(
        `${appUrl}/postback?click_id=${batch[0].id}&goal=${probe.goal}&txid=lag-${i}&token=${probe.token}`,
      );
      const body = (await res.json()) as { data?: { flow: string } };
      const t1 = performance.now();
      if (res.status !== 200 || body.data?.flow !== 'accepted')
        throw new Error(`lag postback: HTTP ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
      conversions += 1;
      conversionLags.push(await waitFor((t) => t.conversions >= conversions, t1));
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    clearInterval(stream);
  }
  await writer.drain();
  const line = (xs: number[]) => `p50 ${ms(percentile(xs, 0.5))}, max ${ms(Math.max(...xs))} (${xs.length} probes)`;
  log(`rollup lag with ${RATE.toLocaleString('en')} background clicks/s through the writer (${writer.lost} lost):`);
  log(`  a batch of ${PROBE} clicks added to the writer → in the report: ${line(clickLags)}`);
  log(`  a durable postback answered → its conversion in the report: ${line(conversionLags)}`);
  return Math.max(...clickLags, ...conversionLags) > 60_000 ? ['rollup lag over 60 s'] : [];
};
