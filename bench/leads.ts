// `npm run bench:leads`: leads through the real lead API (X-Api-Key) to a buyer in a process of its own that answers
// at once (bench/buyer.ts), against the bare lead handler of bench/baselines.ts calling the same buyer, in the same
// run. The server has the server's two pools (panel and hot, 10 connections each); the load comes from a separate
// process (bench/load.ts). Prints figures, never pass/fail.
import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/config.ts';
import { connectDb } from '../apps/server/src/db/client.ts';
import { leads } from '../apps/server/src/db/schema.ts';
import { bareLeadApi } from './baselines.ts';
import { startBuyer } from './buyer.ts';
import { apiOfferFor, demoPartners, outsideBuyer, post, testedProducts } from './lead-setup.ts';
import { CONCURRENCY, DURATION_MS, type Measured, measureHttp, ms, withDemoDatabase } from './lib.ts';
import { cpuDuring, cpuProfileDuring, serverStatementsDuring, statementLines, statementsDuring } from './profile.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);

await withDemoDatabase(async (seeded) => {
  const buyer = await startBuyer();
  const url = (seeded.$client.options as { connectionString: string }).connectionString;
  const config = loadConfig({
    NODE_ENV: 'test',
    LEAD_API_RATE_PER_MINUTE: '1000000',
    ALLOW_PRIVATE_POSTBACK_TARGETS: 'true',
  });
  // As openDatabase opens them for the server.
  const hotDb = connectDb(url, 8);
  const db = connectDb(url, 10, { statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS });
  const { app, services } = await buildApp({
    db,
    hotDb,
    config,
    distDir: '/nonexistent',
    secretKey: 'bench-secret-key-0123456789',
    jobs: { start: false },
  });
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = await bareLeadApi(seeded, buyer.url);

  const partners = await demoPartners(seeded, appUrl);
  const offer = await apiOfferFor(
    seeded,
    'Bench API offer',
    await testedProducts(seeded, appUrl, partners, [outsideBuyer('Bench buyer', buyer.url)]),
  );
  // The offer refuses a repeated email or phone: each run sends people of its own.
  let runs = 0;
  const body = () => {
    runs += 1;
    return `{"offer_id":${offer.number},"first_name":"Bench","last_name":"Lead {i}","email":"bench${runs}x{i}@example.com","phone":"+4915${String(runs).padStart(2, '0')}0{i}","country":"DE","ip":"46.4.0.1"}`;
  };
  const product = () =>
    measureHttp({
      url: `${appUrl}/api/lead/v1/create`,
      body: body(),
      status: 200,
      headers: { 'x-api-key': partners.key },
    });
  const baseline = () => measureHttp({ url: bare.url, body: body(), status: 200 });

  // Warm-up of both: JIT, caches, prepared statements on the pools' connections.
  await baseline();
  await product();
  type Cpu = { nodeMs: number; nodeSysMs: number; postgresMs: number };
  const rounds: { base: Measured; run: Measured; load: number; baseCpu: Cpu; runCpu: Cpu; perGroup: number }[] = [];
  let answered = 0;
  let serverLines: string[] = [];
  for (let r = 0; r < ROUNDS; r += 1) {
    const load = os.loadavg()[0];
    const { result: base, ...baseCpu } = await cpuDuring(baseline);
    const grouped = { ...services.groupCommit.stats };
    // BENCH_CPU_PROFILE=file: the product's runs under the CPU profiler (bench/cpu-top.ts reads it).
    let measured: Awaited<ReturnType<typeof cpuDuring<Measured>>> | undefined;
    serverLines = await serverStatementsDuring(
      seeded,
      () => measured!.result.count,
      async () => {
        measured = await cpuDuring(() => cpuProfileDuring(process.env.BENCH_CPU_PROFILE, product));
      },
    );
    const { result: run, ...runCpu } = measured!;
    answered += run.count;
    const groups = services.groupCommit.stats.groups - grouped.groups;
    const perGroup = groups ? (services.groupCommit.stats.writes - grouped.writes) / groups : 0;
    rounds.push({ base, run, load, baseCpu, runCpu, perGroup });
  }
  // One lead at a time, every statement counted: what a lead costs the database in round trips.
  const PROFILED = 200;
  const seen = await statementsDuring(async () => {
    for (let i = 0; i < PROFILED; i += 1)
      await post(`${appUrl}/api/lead/v1/create`, JSON.parse(body().replaceAll('{i}', String(i))), {
        'x-api-key': partners.key,
      });
  });
  const [{ accepted }] = await seeded
    .select({ accepted: sql<number>`count(*) filter (where ${leads.status} = 'accepted')`.mapWith(Number) })
    .from(leads)
    .where(eq(leads.offerId, offer.id));

  console.log(
    `machine: ${os.cpus().length} cores, ${CONCURRENCY} concurrent clients, ${DURATION_MS} ms per run, load from a separate process, buyer in another`,
  );
  const perRequest = (cpu: Cpu, m: Measured) =>
    `CPU per request ${(cpu.nodeMs / m.count).toFixed(2)} ms in the server's process (${(cpu.nodeSysMs / m.count).toFixed(2)} in the kernel), ${(cpu.postgresMs / m.count).toFixed(2)} ms in PostgreSQL`;
  for (const { base, run, load, baseCpu, runCpu, perGroup } of rounds) {
    console.log(
      `leads: ${(run.rps / base.rps).toFixed(2)} of the bare lead handler (${run.rps.toFixed(0)} leads/s vs ${base.rps.toFixed(0)}/s);` +
        ` p50 ${ms(run.p50)} vs ${ms(base.p50)} (${(base.p50 / run.p50).toFixed(2)}), p99 ${ms(run.p99)} vs ${ms(base.p99)} (${(base.p99 / run.p99).toFixed(2)}); load ${load.toFixed(1)}`,
    );
    console.log(
      `       product: ${perRequest(runCpu, run)}, ${perGroup.toFixed(1)} writes per commit; bare: ${perRequest(baseCpu, base)}`,
    );
  }
  console.log(
    `       ${accepted} leads stored as accepted (${answered} answered in the measured runs, plus the warm-up); the buyer got ${await buyer.received()} calls`,
  );
  console.log(`statements per lead (${PROFILED} leads one at a time), round trip each:`);
  for (const line of statementLines(seen, PROFILED)) console.log(line);
  if (serverLines.length) console.log('PostgreSQL per lead in the last run (BENCH_PG_STATS=1), 16 clients:');
  for (const line of serverLines) console.log(line);
  await app.close();
  await bare.close();
  await hotDb.$client.end();
  await db.$client.end();
  buyer.stop();
});
