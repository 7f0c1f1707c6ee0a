// `npm run bench:scale`: the server as real child processes (WORKERS=1, then 2, node's cluster module on one port)
// on one embedded PostgreSQL with the demo network: clicks/s and leads/s, and a click cap's exactness under two
// processes. The load generator runs in a process of its own but on the same two cores. Then the slow-buyer and
// partition benches run (bench/slow-buyers.ts, bench/partitions.ts).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpus } from 'node:os';
import path from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';
import { clicks, offerCaps, offers, users } from '../apps/server/src/db/schema.ts';
import { freePort } from '../apps/server/test/free-port.ts';
import { sandboxLeadOffer } from './lead-setup.ts';
import { CONCURRENCY, DURATION_MS, measureHttp, ms, withDemoDatabase } from './lib.ts';

const root = path.resolve(import.meta.dirname, '..');
const UA = {
  'user-agent':
    'Mozilla/5.0 (Linux; Android 13; SM-S901B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/112.0.0.0 Mobile Safari/537.36',
};

// The partitions part takes 10-15 minutes here: BENCH_SCALE_PARTS=processes,slow-buyers leaves it out.
const parts = (process.env.BENCH_SCALE_PARTS ?? 'processes,slow-buyers,partitions').split(',');

// Stopped on the way out even when a run fails, so no server is left on a database that is gone.
const running = new Set<() => Promise<void>>();

/** The server as `npm start` runs it, on the bench database, until `stop` (SIGTERM: the workers flush their clicks). */
const startServer = async (databaseUrl: string, workers: number) => {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      WORKERS: String(workers),
      SECRET_KEY: 'bench-secret-key-0123456789',
      LEAD_API_RATE_PER_MINUTE: '1000000',
    },
  });
  const stop = () => {
    running.delete(stop);
    if (child.exitCode !== null) return Promise.resolve();
    return new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  };
  running.add(stop);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 600) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  // Every worker listening: the primary's cluster hands connections round-robin only to those that are.
  await new Promise((r) => setTimeout(r, 1000));
  return { url, stop };
};

if (parts.includes('processes'))
  await withDemoDatabase(async (db) => {
    try {
      await measureAll(db);
    } finally {
      await Promise.all([...running].map((stop) => stop()));
    }
  });

async function measureAll(db: Db) {
  const databaseUrl = db.$client.options.connectionString!;
  const [offer] = await db.select().from(offers).where(eq(offers.title, 'CoinApp — crypto wallet')).limit(1);
  const [affiliate] = await db.select().from(users).where(eq(users.email, 'affiliate@demo.test'));
  const clickPath = `/click/${offer.number}?aff=${affiliate.id}&sub1=scale`;

  const rows: { workers: number; clicks: number; clickP99: number; leads: number; leadP99: number }[] = [];
  let lead: Awaited<ReturnType<typeof sandboxLeadOffer>> | null = null;
  for (const workers of [1, 2]) {
    const server = await startServer(databaseUrl, workers);
    lead ??= await sandboxLeadOffer(db, server.url);
    await measureHttp({ url: `${server.url}${clickPath}`, status: 302, headers: UA }); // warm-up
    const c = await measureHttp({ url: `${server.url}${clickPath}`, status: 302, headers: UA });
    const l = await measureHttp({
      url: `${server.url}/api/lead/v1/create`,
      body: lead.body(workers),
      status: 200,
      headers: { 'x-api-key': lead.key },
    });
    rows.push({ workers, clicks: c.rps, clickP99: c.p99, leads: l.rps, leadP99: l.p99 });
    await server.stop();
  }

  // A total click cap 3,000 above what the offer has now, under two processes, with more load than it admits.
  const through = async () =>
    (
      await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(clicks)
        .where(and(eq(clicks.offerId, offer.id), isNull(clicks.trafficbackReason)))
    )[0].n;
  const before = await through();
  await db.update(offers).set({ trafficbackUrl: 'https://tb.example/?r={click_id}' }).where(eq(offers.id, offer.id));
  await db.insert(offerCaps).values({ offerId: offer.id, metric: 'clicks', period: 'total', limit: before + 3000 });
  const server = await startServer(databaseUrl, 2);
  const capped = await measureHttp({ url: `${server.url}${clickPath}`, status: 302, headers: UA });
  await server.stop();
  const admitted = (await through()) - before;

  const [one, two] = rows;
  console.log(
    `machine: ${cpus().length} cores shared by the server processes, PostgreSQL and the load generator; ${CONCURRENCY} concurrent clients, ${DURATION_MS} ms per run`,
  );
  console.log(
    `clicks: 1 process ${one.clicks.toFixed(0)}/s (p99 ${ms(one.clickP99)}), 2 processes ${two.clicks.toFixed(0)}/s (p99 ${ms(two.clickP99)}): ${(two.clicks / one.clicks).toFixed(2)}×`,
  );
  console.log(
    `leads:  1 process ${one.leads.toFixed(0)}/s (p99 ${ms(one.leadP99)}), 2 processes ${two.leads.toFixed(0)}/s (p99 ${ms(two.leadP99)}): ${(two.leads / one.leads).toFixed(2)}×`,
  );
  console.log(
    `cap:    a cap 3,000 clicks above the offer's count, 2 processes, ${capped.count} clicks sent: ${admitted} let through (${admitted === 3000 ? 'exact' : admitted > 3000 ? 'OVER THE CAP' : 'under the cap: not enough load'})`,
  );
}

// The other two parts of the scale figures, each on a database of its own.
for (const part of ['slow-buyers', 'partitions'].filter((p) => parts.includes(p)).map((p) => `${p}.ts`)) {
  console.log(`\n--- bench/${part}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, part)], {
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exitCode = r.status ?? 1;
}
