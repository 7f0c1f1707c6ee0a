// `npm run bench:stats`: the general report over the rollups at 10 million clicks (BENCH_CLICKS to change)
// against the same report over the raw tables in the same run, the rollup lag under a live click stream, and the
// first page of the click, conversion and user-session logs. Prints figures and the aims missed, never pass/fail.
// BENCH_DIR keeps the database there between runs (seeded once; delete the folder to start over).
import { mkdtemp, rm, chmod, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/config.ts';
import { connectDb, type Db } from '../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { ensureDatabase, migrateDb } from '../apps/server/src/db/migrate.ts';
import { createSession, resolveSession } from '../apps/server/src/modules/auth/index.ts';
import { seedDemo } from '../apps/server/src/seed/demo.ts';
import { seedBulkTraffic } from './stats-seed.ts';
import { benchLag } from './stats-lag.ts';
import { benchLogs } from './stats-logs.ts';
import { benchDashboard, benchReports } from './stats-reports.ts';

const CLICKS = Number(process.env.BENCH_CLICKS ?? 10_000_000);
const PORT = Number(process.env.BENCH_PG_PORT ?? 45000 + Math.floor(Math.random() * 1000));
const log = (m: string) => console.log(m);

/** The demo network and its own small traffic, then the bulk through the writers; skipped when BENCH_DIR holds it. */
const seed = async (db: Db) => {
  await db.execute(
    sql`create table if not exists bench_stats_seed (clicks bigint not null, seeded_at timestamptz not null default now())`,
  );
  const {
    rows: [done],
  } = await db.execute<{ clicks: string; seeded_at: Date }>(sql`select clicks, seeded_at from bench_stats_seed`);
  if (done) {
    log(
      `reusing ${Number(done.clicks).toLocaleString('en')} clicks seeded at ${new Date(done.seeded_at).toISOString()}`,
    );
    // A migration since the seed may have filled a table the planner has no statistics on yet.
    return db.execute(sql`analyze`);
  }
  const now = Date.now();
  await seedDemo(db, { clicks: 20_000, now });
  const [demo] = (await db.execute<{ id: string }>(sql`select id from users where email = 'affiliate@demo.test'`)).rows;
  await seedBulkTraffic(db, demo.id, CLICKS, now, log);
  const t0 = performance.now();
  await db.execute(sql`analyze`);
  log(`analyze: ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  const {
    rows: [n],
  } = await db.execute<{ n: string }>(sql`select count(*) as n from clicks`);
  await db.execute(sql`insert into bench_stats_seed (clicks) values (${n.n})`);
};

const sizes = async (db: Db) => {
  const { rows } = await db.execute<{
    t: string;
    n: string;
    size: string;
  }>(sql`select c.relname as t, c.reltuples::bigint as n,
    pg_size_pretty(pg_total_relation_size(c.oid)) as size from pg_class c
    where c.relname in ('clicks', 'conversions', 'leads', 'stats_hourly', 'stats_daily', 'stats_daily_core') order by c.relname`);
  log(`tables: ${rows.map((r) => `${r.t} ${Number(r.n).toLocaleString('en')} rows (${r.size})`).join(', ')}`);
};

const dir = process.env.BENCH_DIR
  ? path.resolve(process.env.BENCH_DIR)
  : await mkdtemp(path.join(os.tmpdir(), 'panel-bench-'));
await mkdir(dir, { recursive: true });
await chmod(dir, 0o755);
const pg = await startEmbeddedPostgres(dir, PORT, () => {});
try {
  const admin = connectDb(pg.url(), 1);
  await ensureDatabase(admin, 'bench');
  await admin.$client.end();
  const db = connectDb(pg.url('bench'), 20);
  try {
    const m0 = performance.now();
    await migrateDb(db);
    log(`migrations: ${((performance.now() - m0) / 1000).toFixed(1)} s`);
    await seed(db);
    await sizes(db);
    log(
      `machine: ${os.cpus().length} cores (${os.cpus()[0].model}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    const [adminUser] = (await db.execute<{ id: string }>(sql`select id from users where email = 'admin@demo.test'`))
      .rows;
    const token = await createSession(db, adminUser.id, {});
    const auth = (await resolveSession(db, token))!;
    const misses = await benchReports(db, auth, log);
    const [affiliateUser] = (
      await db.execute<{ id: string }>(sql`select id from users where email = 'affiliate@demo.test'`)
    ).rows;
    const affiliate = (await resolveSession(db, await createSession(db, affiliateUser.id, {})))!;
    await benchDashboard(
      db,
      [
        { name: 'admin', auth },
        { name: 'affiliate', auth: affiliate },
      ],
      log,
    );
    const { app, services } = await buildApp({
      db,
      config: loadConfig({ NODE_ENV: 'test' }),
      distDir: '/nonexistent',
      secretKey: 'bench-secret-key-0123456789',
      jobs: { start: false },
    });
    const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      misses.push(...(await benchLogs(db, appUrl, token, log)));
      misses.push(...(await benchLag(db, services.clicks.writer, appUrl, auth, log)));
    } finally {
      await app.close();
    }
    log(misses.length ? `aims missed:\n  ${misses.join('\n  ')}` : 'every aim met');
  } finally {
    await db.$client.end();
  }
} finally {
  await pg.stop();
  if (!process.env.BENCH_DIR) await Promise.all([dir, pg.dir].map((d) => rm(d, { recursive: true, force: true })));
}
