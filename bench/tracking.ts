// `npm run bench:tracking`: click redirects through the real /click route, clicks recorded, against a bare
// Fastify 302 in the same process (the load comes from a separate process); durable inbound postbacks against the bare
// postback handler of bench/baselines.ts (click looked up and conversion inserted in one statement), over HTTP alike.
import os from 'node:os';
import Fastify from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/config.ts';
import { affiliatePostbacks, automationRules, clicks, offers, users } from '../apps/server/src/db/schema.ts';
import { newToken } from '../apps/server/src/lib/tokens.ts';
import { postbackTokenColumns } from '../apps/server/src/modules/advertisers/index.ts';
import { barePostbacks } from './baselines.ts';
import { CONCURRENCY, DURATION_MS, type Measured, expectStatus, measureHttp, ms, withDemoDatabase } from './lib.ts';
import { cpuDuring, cpuProfileDuring, serverStatementsDuring, statementLines, statementsDuring } from './profile.ts';
import { LOCKED_RUN_MS, measureLockedClicks } from './tracking-locked.ts';

await withDemoDatabase(async (db) => {
  const [offer] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.title, 'CoinApp — crypto wallet')))
    .limit(1);
  const [affiliate] = await db.select().from(users).where(eq(users.email, 'affiliate@demo.test'));
  const [advertiser] = await db.select().from(users).where(eq(users.id, offer.advertiserId!));

  // The automation rules' evaluation every 10 s is work of its own that would land in some runs and not others.
  await db.update(automationRules).set({ enabled: false });
  const bare = Fastify();
  bare.get('/click/:id', async (_req, reply) => reply.code(302).header('location', 'https://example.com/?c=1').send());
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  const { app, services } = await buildApp({
    db,
    // The proxy header names the visitor in the run with many visitors; without it the socket's address counts.
    config: loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '1' }),
    distDir: '/nonexistent',
    secretKey: 'bench-secret-key-0123456789',
  });
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });

  const ua = {
    'user-agent':
      'Mozilla/5.0 (Linux; Android 13; SM-S901B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/112.0.0.0 Mobile Safari/537.36',
  };
  const clickUrl = `${appUrl}/click/${offer.number}?aff=${affiliate.id}&sub1=bench`;

  // BENCH_ONLY=postbacks skips the click runs; the demo traffic then gives the clicks to convert.
  const clicksToo = process.env.BENCH_ONLY !== 'postbacks';
  const countClicks = async () => (await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(clicks))[0].n;
  let clickLines: string[] = [];
  if (clicksToo) {
    await measureHttp({ url: clickUrl, status: 302, headers: ua }); // warm-up: cache loaded, JIT warm
    await services.clicks.writer.drain();
    const before = await countClicks();
    const bareRun = await measureHttp({ url: `${bareUrl}/click/1`, status: 302, headers: ua });
    services.clicks.writer.peak = 0;
    const clickRun = await measureHttp({ url: clickUrl, status: 302, headers: ua });
    const peak = services.clicks.writer.peak;
    await services.clicks.writer.drain();
    const recorded = (await countClicks()) - before;
    const locked = await measureLockedClicks(services.clicks.writer, db, {
      url: clickUrl.replace('sub1=bench', 'sub1=locked'),
      status: 302,
      headers: ua,
    });
    const lockedRecorded = (await countClicks()) - before - recorded;
    // The runs above come from one address at thousands a second: with traffic-quality scoring every click of them
    // is past the velocity limit and stored with a reason. People come from many addresses: one each here.
    const visitors = await measureHttp({
      url: clickUrl.replace('sub1=bench', 'sub1=visitors'),
      status: 302,
      headers: { ...ua, 'x-forwarded-for': '{ip}' },
    });
    clickLines = [
      `clicks:    ${(clickRun.rps / bareRun.rps).toFixed(2)} of a bare Fastify 302 (${clickRun.rps.toFixed(0)}/s vs ${bareRun.rps.toFixed(0)}/s); p50 ${ms(clickRun.p50)}, p99 ${ms(clickRun.p99)} (bare p99 ${ms(bareRun.p99)})`,
      `           ${recorded} of ${clickRun.count} redirects stored, lost ${services.clicks.writer.lost}; at most ${peak} answered and not yet stored at once (bound ${locked.bound})`,
      `  a ${LOCKED_RUN_MS} ms run with the clicks table locked for its first ${locked.lockedMs} ms (bound reached after ${locked.fullAfterMs ?? '—'} ms):` +
        ` ${(locked.run.rps / clickRun.rps).toFixed(2)} of the rate without the lock (${locked.run.rps.toFixed(0)}/s); p50 ${ms(locked.run.p50)}, p99 ${ms(locked.run.p99)}`,
      `           at most ${locked.peakWhileLocked} answered and unstored while locked, ${locked.peak} in the whole run (bound ${locked.bound});` +
        ` ${locked.waitingAtRelease} redirects waiting at release; ${lockedRecorded} of ${locked.run.count} stored`,
      `clicks, one address each: ${(visitors.rps / bareRun.rps).toFixed(2)} of the bare 302 (${visitors.rps.toFixed(0)}/s); p50 ${ms(visitors.p50)}, p99 ${ms(visitors.p99)}`,
    ];
  }
  // BENCH_ONLY=clicks stops after the click runs.
  if (process.env.BENCH_ONLY === 'clicks') {
    for (const line of clickLines) console.log(line);
    await app.close();
    await bare.close();
    return;
  }

  // The offer takes every country (loopback has none) and mobile traffic. Durable postbacks: each answer waits for its commit.
  // Clicks to convert come from the run above and the demo traffic; every request is a new conversion (its own txid).
  const ids = (
    await db
      .select({ id: clicks.id })
      .from(clicks)
      .where(and(eq(clicks.offerId, offer.id), isNull(clicks.trafficbackReason)))
      .limit(200_000)
  ).map((r) => r.id);
  // Only the token's hash is stored: the bench gives the advertiser one it knows.
  const token = newToken();
  await db.update(users).set(postbackTokenColumns(token)).where(eq(users.id, advertiser.id));
  const postbackUrl = `${appUrl}/postback?click_id={id}&goal=install&txid=b{i}&token=${token}`;
  const barePostback = await barePostbacks(db);
  const baseUrl = `${barePostback.url}?click_id={id}&goal=install&txid=b{i}`;
  type Run = {
    run: Measured;
    nodeMs: number;
    nodeSysMs: number;
    postgresMs: number;
    postgresBy: Record<string, number>;
  };
  const timed = async (url: string, profile?: string): Promise<Run> => {
    const { result, ...cpu } = await cpuDuring(() =>
      cpuProfileDuring(profile, () => measureHttp({ url, ids, status: 200 })),
    );
    return { run: result, ...cpu };
  };
  // Warm-up of both: JIT, statements prepared on the pools' connections.
  await timed(baseUrl.replace('txid=b', 'txid=v'));
  await timed(postbackUrl.replace('txid=b', 'txid=w'));
  const load = os.loadavg()[0];
  const baseline = await timed(baseUrl);
  // BENCH_CPU_PROFILE=file: the postback run under the CPU profiler (bench/cpu-top.ts reads it).
  const grouped = { ...services.groupCommit.stats };
  let postbackRun: Run | undefined;
  const serverLines = await serverStatementsDuring(
    db,
    () => postbackRun!.run.count,
    async () => {
      postbackRun = await timed(postbackUrl, process.env.BENCH_CPU_PROFILE);
    },
  );
  const groups = services.groupCommit.stats.groups - grouped.groups;
  const perGroup = groups ? (services.groupCommit.stats.writes - grouped.writes) / groups : 0;
  // One postback at a time, every statement counted.
  const PROFILED = 200;
  const seen = await statementsDuring(async () => {
    for (let i = 0; i < PROFILED; i += 1)
      await expectStatus(postbackUrl.replace('{id}', ids[i]).replace('{i}', `p${i}`), 200);
  });
  // Most affiliates have a conversion postback URL: each conversion then also queues its outbound postback in its
  // transaction. Loopback is refused by the address guard, so deliveries cost a log row and no network.
  await db.insert(affiliatePostbacks).values(
    (await db.select({ id: users.id }).from(users).where(eq(users.role, 'affiliate'))).map((a) => ({
      affiliateId: a.id,
      event: 'conversion',
      url: 'http://127.0.0.1:9/pb?c={click_id}&p={payout}',
    })),
  );
  const baselineAgain = await timed(baseUrl.replace('txid=b', 'txid=x'));
  const postbackUrlRun = await timed(postbackUrl.replace('txid=b', 'txid=u'));

  console.log(
    `machine: ${os.cpus().length} cores, ${CONCURRENCY} concurrent clients, ${DURATION_MS} ms per run, load ${load.toFixed(1)}`,
  );
  for (const line of clickLines) console.log(line);
  const cpuOf = ({ run, nodeMs, nodeSysMs, postgresMs, postgresBy }: Run) =>
    `CPU per request ${(nodeMs / run.count).toFixed(2)} ms in the server's process (${(nodeSysMs / run.count).toFixed(2)} in the kernel), ${(postgresMs / run.count).toFixed(2)} ms in PostgreSQL (${Object.entries(
      postgresBy,
    )
      .map(([kind, ms]) => `${kind} ${(ms / run.count).toFixed(2)}`)
      .join(', ')})`;
  const postbackLine = (what: string, { run }: Run, { run: base }: Run) =>
    `${what}${(run.rps / base.rps).toFixed(2)} of the bare postback handler (${run.rps.toFixed(0)}/s vs ${base.rps.toFixed(0)}/s);` +
    ` p50 ${ms(run.p50)} vs ${ms(base.p50)} (${(base.p50 / run.p50).toFixed(2)}), p99 ${ms(run.p99)} vs ${ms(base.p99)} (${(base.p99 / run.p99).toFixed(2)})`;
  console.log(`${postbackLine('postbacks: ', postbackRun!, baseline)}; ${ids.length} clicks converted`);
  console.log(
    `           product: ${cpuOf(postbackRun!)}; bare: ${cpuOf(baseline)}; ${perGroup.toFixed(1)} writes per commit`,
  );
  console.log(postbackLine('           with an affiliate postback URL: ', postbackUrlRun, baselineAgain));
  console.log(`           product: ${cpuOf(postbackUrlRun)}`);
  console.log(
    `statements per postback (${PROFILED} new conversions one at a time, no affiliate postback URL), round trip each:`,
  );
  for (const line of statementLines(seen, PROFILED)) console.log(line);
  if (serverLines.length) console.log('PostgreSQL per postback in the run without a postback URL (BENCH_PG_STATS=1):');
  for (const line of serverLines) console.log(line);
  await barePostback.close();
  await app.close();
  await bare.close();
});
