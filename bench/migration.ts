// `npm run bench:migration`: the longest click redirect while a migration changes a clicks table of 2 M rows
// (BENCH_ROWS), through the real /click route: without a migration, with the online way (a batched backfill, an
// index built concurrently, a partition attached after its CHECK; docs/decisions/049-online-migrations.md) and with
// the old way (the same change in one transaction). The load comes from another process and runs until the
// migration ends; the figure is the maximum latency any redirect saw.
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/config.ts';
import type { Db } from '../apps/server/src/db/client.ts';
import { migrateDb } from '../apps/server/src/db/migrate.ts';
import { offers, users } from '../apps/server/src/db/schema.ts';
import {
  fillClicks,
  LOCKING_SAMPLE,
  ONLINE_SAMPLE,
  SAMPLE_PARTITION,
  sampleFolder,
} from '../apps/server/test/online-migration.ts';
import { ms, withDemoDatabase } from './lib.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 2_000_000);
const BASELINE_MS = Number(process.env.BENCH_MS ?? 20_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

type Load = { count: number; rps: number; p50: number; p99: number; max: number; failed: string };

/** Redirects from another process while `during` runs; what they saw. */
const underLoad = async (url: string, headers: Record<string, string>, during: () => Promise<unknown>) => {
  const child = fork(path.join(import.meta.dirname, 'migration-load.ts'), { execArgv: ['--import', 'tsx'] });
  const result = new Promise<Load>((resolve) => child.on('message', (m) => m !== 'started' && resolve(m as Load)));
  await new Promise<void>((resolve) => {
    child.once('message', () => resolve());
    child.send({ url, headers, concurrency: CONCURRENCY });
  });
  const t0 = performance.now();
  await during();
  const tookMs = performance.now() - t0;
  child.send('stop');
  return { ...(await result), tookMs };
};

/** The weeks before the current one as partitions, so the rows land where live ones would. */
const pastPartitions = (weeks: number) => `
  do $$ declare s timestamptz; begin
    for i in 1..${weeks} loop
      s := date_trunc('week', now() at time zone 'UTC') at time zone 'UTC' - i * interval '1 week';
      execute format('create table if not exists %I partition of clicks for values from (%L) to (%L)',
        'clicks_p' || to_char(s at time zone 'UTC', 'YYYYMMDD'), s, s + interval '1 week');
    end loop;
  end $$`;

const undo = async (db: Db) => {
  await db.$client.query(`drop table if exists ${SAMPLE_PARTITION}`);
  await db.$client.query('drop index if exists clicks_sub1_norm_idx');
  await db.$client.query('alter table clicks drop column if exists sub1_norm');
  await db.$client.query('vacuum analyze clicks');
};

await withDemoDatabase(async (db) => {
  const [offer] = await db.select().from(offers).where(eq(offers.title, 'CoinApp — crypto wallet')).limit(1);
  const [affiliate] = await db.select().from(users).where(eq(users.email, 'affiliate@demo.test'));
  // The demo's older clicks sit in the default partition, which a new partition's range must not overlap.
  await db.$client.query('delete from clicks_default');
  await db.$client.query(pastPartitions(3));
  // Spread over the last three weeks: the current week's partition and the three before it.
  await db.$client.query(fillClicks(ROWS, 21 * 24 * 3600));
  await db.$client.query('vacuum analyze clicks');
  const { rows } = await db.$client.query<{ n: number }>('select count(*)::int as n from clicks');

  const { app, services } = await buildApp({
    db,
    config: loadConfig({ NODE_ENV: 'test' }),
    distDir: '/nonexistent',
    secretKey: 'bench-secret-key-0123456789',
  });
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `${appUrl}/click/${offer.number}?aff=${affiliate.id}&sub1=Bench`;
  const headers = {
    'user-agent':
      'Mozilla/5.0 (Linux; Android 13; SM-S901B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/112.0.0.0 Mobile Safari/537.36',
  };
  await underLoad(url, headers, () => new Promise((r) => setTimeout(r, 5000))); // warm-up
  const lines: string[] = [];
  const report = (what: string, r: Load & { tookMs: number }, peak: number) =>
    lines.push(
      `${what.padEnd(34)} ${(r.tookMs / 1000).toFixed(1).padStart(6)} s  ${r.rps.toFixed(0).padStart(5)}/s  p50 ${ms(r.p50)}  p99 ${ms(r.p99)}  max ${ms(r.max)}  unstored peak ${peak}${r.failed ? `  FAILED ${r.failed}` : ''}`,
    );
  const run = async (what: string, during: () => Promise<unknown>) => {
    await services.clicks.writer.drain();
    services.clicks.writer.peak = 0;
    const r = await underLoad(url, headers, during);
    report(what, r, services.clicks.writer.peak);
    console.log(lines.at(-1));
  };

  await run('no migration', () => new Promise((r) => setTimeout(r, BASELINE_MS)));
  await run('online (batches, concurrent index)', async () =>
    migrateDb(db, { folder: await sampleFolder(ONLINE_SAMPLE) }),
  );
  await undo(db);
  if (process.env.BENCH_LOCKING !== '0')
    await run('old way (one transaction)', async () => migrateDb(db, { folder: await sampleFolder(LOCKING_SAMPLE) }));

  const [load] = os.loadavg();
  console.log(
    `\nmachine: ${os.cpus().length} cores, load ${load.toFixed(1)} at the end; ${rows[0].n} clicks in the table; ${CONCURRENCY} concurrent redirects`,
  );
  for (const line of lines) console.log(line);
  await app.close();
});
