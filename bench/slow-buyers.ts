// `node --import tsx bench/slow-buyers.ts`: click redirects and a panel page while 2,000 leads wait on buyers that
// answer after 2 s, against the same two measured alone in the same run. The server runs in this process with the
// server's two pools (openDatabase: panel and hot, 10 connections each); the buyer and the 2,000 lead senders run in
// a child process (this file with `flood`), the click and panel load in two more (bench/load.ts), so none of their
// CPU time queues on the server's event loop. Prints figures, never pass/fail.
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/config.ts';
import { connectDb } from '../apps/server/src/db/client.ts';
import { leadAttempts, leads, offers } from '../apps/server/src/db/schema.ts';
import { apiOfferFor, demoLogin, demoPartners, outsideBuyer, testedProducts } from './lead-setup.ts';
import type { LoadSpec } from './load.ts';
import { CONCURRENCY, type Measured, ms, withDemoDatabase } from './lib.ts';

const LEADS = Number(process.env.BENCH_LEADS ?? 2000);
const BUYER_DELAY_MS = Number(process.env.BENCH_BUYER_MS ?? 2000);
/** Each load window; long enough to cover taking the 2,000 leads in and their 2 s wait. */
const WINDOW_MS = Number(process.env.BENCH_MS ?? 5000);
const PRODUCTS = 5;
/** BENCH_IDEMPOTENCY=1: every lead carries an Idempotency-Key (its claim and answer are two more statements). */
const IDEMPOTENCY = process.env.BENCH_IDEMPOTENCY === '1';

type FloodReport = {
  answered: number;
  statuses: Record<string, number>;
  p50: number;
  p99: number;
  maxAtBuyer: number;
  receivedByBuyer: number;
  tookMs: number;
  /** When leads reached the buyers, ms after the first was sent: the 1st, 50th and 99th percentile. */
  arrivals: number[];
};

// The child: a buyer that accepts every lead after BUYER_DELAY_MS, and LEADS lead senders fired at once.
const flood = async () => {
  let atBuyer = 0;
  let maxAtBuyer = 0;
  let receivedByBuyer = 0;
  let startedAt = 0;
  const arrivals: number[] = [];
  const buyer = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      atBuyer += 1;
      receivedByBuyer += 1;
      arrivals.push(performance.now() - startedAt);
      maxAtBuyer = Math.max(maxAtBuyer, atBuyer);
      setTimeout(() => {
        atBuyer -= 1;
        res
          .writeHead(201, { 'content-type': 'application/json' })
          .end(JSON.stringify({ success: true, lead_id: `ext-${receivedByBuyer}` }));
      }, BUYER_DELAY_MS);
    });
  });
  await new Promise<void>((r) => buyer.listen(0, '127.0.0.1', r));
  process.send!({ buyerUrl: `http://127.0.0.1:${(buyer.address() as AddressInfo).port}/leads` });
  const go = await new Promise<{ url: string; key: string; offer: number; count: number; tag: string }>((r) =>
    process.once('message', r),
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: go.count });
  const statuses: Record<string, number> = {};
  const times: number[] = [];
  const one = (i: number) =>
    new Promise<void>((resolve) => {
      const body = JSON.stringify({
        offer_id: go.offer,
        first_name: 'Slow',
        last_name: `Lead ${i}`,
        email: `slow-${go.tag}-${i}@example.com`,
        phone: `+49152${String(1_000_000 + i).slice(-7)}${go.tag.length % 10}`,
        country: 'DE',
        ip: '46.4.0.1',
      });
      const t0 = performance.now();
      const req = http.request(
        go.url,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
            'x-api-key': go.key,
            ...(IDEMPOTENCY && { 'idempotency-key': `slow-${go.tag}-${i}` }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const json = JSON.parse(Buffer.concat(chunks).toString() || '{}') as {
              data?: { status?: string };
              error?: { reason?: string };
            };
            const what = `${res.statusCode} ${json.data?.status ?? json.error?.reason ?? ''}`.trim();
            statuses[what] = (statuses[what] ?? 0) + 1;
            times.push(performance.now() - t0);
            resolve();
          });
        },
      );
      req.on('error', (err) => {
        statuses[`network ${err.message}`] = (statuses[`network ${err.message}`] ?? 0) + 1;
        resolve();
      });
      req.end(body);
    });
  const started = performance.now();
  startedAt = started;
  await Promise.all(Array.from({ length: go.count }, (_, i) => one(i)));
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))] ?? 0;
  const report: FloodReport = {
    answered: times.length,
    statuses,
    p50: at(0.5),
    p99: at(0.99),
    maxAtBuyer,
    receivedByBuyer,
    tookMs: performance.now() - started,
    arrivals: [0.01, 0.5, 0.99].map((q) => arrivals[Math.floor(arrivals.length * q)] ?? 0),
  };
  process.send!({ report });
  agent.destroy();
  buyer.closeAllConnections();
  buyer.close();
  process.disconnect();
};

/** bench/load.ts in its own process for `durationMs`. */
const load = (spec: Omit<LoadSpec, 'concurrency'>) =>
  new Promise<Measured>((resolve, reject) => {
    const child = fork(path.join(import.meta.dirname, 'load.ts'), { execArgv: ['--import', 'tsx'] });
    child.once('message', (m: { result?: Measured; error?: string }) =>
      m.result ? resolve(m.result) : reject(new Error(m.error)),
    );
    child.once('exit', (code) => reject(new Error(`load generator exited with ${code}`)));
    child.send({ ...spec, concurrency: CONCURRENCY });
  });

const main = () =>
  withDemoDatabase(async (seeded) => {
    const url = (seeded.$client.options as { connectionString: string }).connectionString;
    const config = loadConfig({
      NODE_ENV: 'test',
      LEAD_API_RATE_PER_MINUTE: '1000000',
      ALLOW_PRIVATE_POSTBACK_TARGETS: 'true',
    });
    // As openDatabase opens them for the server.
    const hotDb = connectDb(url);
    const db = connectDb(url, 10, { statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS });
    const { app } = await buildApp({
      db,
      hotDb,
      config,
      distDir: '/nonexistent',
      secretKey: 'bench-secret-key-0123456789',
      jobs: { start: false },
    });
    const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const child: ChildProcess = fork(import.meta.filename, ['flood'], { execArgv: ['--import', 'tsx'] });
    const fromChild = <T>(field: string) =>
      new Promise<T>((resolve, reject) => {
        const on = (m: Record<string, unknown>) => {
          if (!(field in m)) return;
          child.off('message', on);
          resolve(m[field] as T);
        };
        child.on('message', on);
        child.once('exit', (code) => reject(new Error(`flood exited with ${code}`)));
      });
    const buyerUrl = await fromChild<string>('buyerUrl');

    const partners = await demoPartners(db, appUrl);
    const { key, affiliate } = partners;

    // Buyers of the most sends at once a template allows, so the 2,000 wait at the buyer, not for a slot.
    const productIds = await testedProducts(
      db,
      appUrl,
      partners,
      Array.from({ length: PRODUCTS }, (_, i) =>
        outsideBuyer(`Slow buyer ${i + 1}`, buyerUrl, { timeoutMs: BUYER_DELAY_MS + 8000, status: 201 }),
      ),
    );
    const offer = await apiOfferFor(db, 'Slow buyers offer', productIds);

    const [clickOffer] = await db.select().from(offers).where(eq(offers.title, 'CoinApp — crypto wallet')).limit(1);
    const ua = {
      'user-agent':
        'Mozilla/5.0 (Linux; Android 13; SM-S901B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/112.0.0.0 Mobile Safari/537.36',
    };
    const clicks: Omit<LoadSpec, 'concurrency'> = {
      url: `${appUrl}/click/${clickOffer.number}?aff=${affiliate.id}&sub1=slow`,
      status: 302,
      headers: ua,
      durationMs: WINDOW_MS,
    };
    const panelToken = await demoLogin(appUrl, 'manager@demo.test');
    const panel: Omit<LoadSpec, 'concurrency'> = {
      url: `${appUrl}/api/log/v1/list?count=50`,
      status: 200,
      headers: { 'pxl-authorization': panelToken },
      durationMs: WINDOW_MS,
    };
    // Warm-up: caches loaded, statements prepared, JIT warm.
    await Promise.all([load({ ...clicks, durationMs: 1500 }), load({ ...panel, durationMs: 1500 })]);

    // The server's own view: how late its event loop ran, and how many queries queued for a pool connection.
    const watch = () => {
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      const peak = { hot: 0, panel: 0 };
      const timer = setInterval(() => {
        peak.hot = Math.max(peak.hot, hotDb.$client.waitingCount);
        peak.panel = Math.max(peak.panel, db.$client.waitingCount);
      }, 5);
      return () => {
        loop.disable();
        clearInterval(timer);
        return { loopP99: loop.percentile(99) / 1e6, loopMax: loop.max / 1e6, ...peak };
      };
    };

    let stopWatch = watch();
    const [clicksAlone, panelAlone] = await Promise.all([load(clicks), load(panel)]);
    const alone = stopWatch();

    stopWatch = watch();
    const reportP = fromChild<FloodReport>('report');
    child.send({
      url: `${appUrl}/api/lead/v1/create`,
      key,
      offer: offer.number,
      count: LEADS,
      tag: Date.now().toString(36),
    });
    const [clicksFlood, panelFlood] = await Promise.all([load(clicks), load(panel)]);
    const report = await reportP;
    const during = stopWatch();
    const [{ accepted, busy }] = await db
      .select({
        accepted: sql<number>`count(*) filter (where ${leads.status} = 'accepted')`.mapWith(Number),
        busy: sql<number>`(select count(*) from ${leadAttempts} a join ${leads} l on l.id = a.lead_id
          where l.offer_id = ${offer.id} and a.message like 'Product busy%')`.mapWith(Number),
      })
      .from(leads)
      .where(eq(leads.offerId, offer.id));

    const line = (what: string, a: Measured, b: Measured) =>
      `${what}: p99 ${(b.p99 / a.p99).toFixed(2)}× alone (${ms(b.p99)} vs ${ms(a.p99)}); p50 ${ms(b.p50)} vs ${ms(a.p50)}; ${b.rps.toFixed(0)}/s vs ${a.rps.toFixed(0)}/s`;
    console.log(
      `machine: ${(await import('node:os')).cpus().length} cores, ${CONCURRENCY} clients each for clicks and the panel, ${WINDOW_MS} ms windows; ${LEADS} leads at once${IDEMPOTENCY ? ' with Idempotency-Keys' : ''}, buyers answering after ${BUYER_DELAY_MS} ms`,
    );
    console.log(line('clicks (GET /click)', clicksAlone, clicksFlood));
    console.log(line('panel (GET /api/log/v1/list)', panelAlone, panelFlood));
    console.log(
      `leads: ${report.answered} answered in ${(report.tookMs / 1000).toFixed(1)} s (${JSON.stringify(report.statuses)}); answer p50 ${ms(report.p50)}, p99 ${ms(report.p99)}; at the buyers after ${report.arrivals.map((a) => (a / 1000).toFixed(1)).join(' / ')} s (p1 / p50 / p99), at most ${report.maxAtBuyer} at once, ${report.receivedByBuyer} received; ${accepted} stored accepted, ${busy} busy attempts`,
    );
    console.log(
      `server event loop delay p99 / max: alone ${ms(alone.loopP99)} / ${ms(alone.loopMax)}, with the leads ${ms(during.loopP99)} / ${ms(during.loopMax)}; most queries waiting for a connection: hot pool ${during.hot}, panel pool ${during.panel} (alone ${alone.hot}, ${alone.panel})`,
    );
    await app.close();
    await hotDb.$client.end();
    await db.$client.end();
  });

if (process.argv[2] === 'flood') await flood();
else await main();
