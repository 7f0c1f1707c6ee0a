// Shared by the benchmarks: an embedded PostgreSQL with the demo network, and a bounded load generator.
import { fork } from 'node:child_process';
import { mkdtemp, rm, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { connectDb, type Db } from '../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { ensureDatabase, migrateDb } from '../apps/server/src/db/migrate.ts';
import { seedDemo } from '../apps/server/src/seed/demo.ts';
import type { LoadSpec } from './load.ts';

export const DURATION_MS = Number(process.env.BENCH_MS ?? 3000);
export const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

export type Measured = { rps: number; p50: number; p99: number; count: number };

/** Requests per second and latency percentiles with CONCURRENCY clients for DURATION_MS (it stops by itself). */
export const measure = async (request: (i: number) => Promise<void>): Promise<Measured> => {
  const end = Date.now() + DURATION_MS;
  const times: number[] = [];
  let n = 0;
  const worker = async () => {
    while (Date.now() < end) {
      const t0 = performance.now();
      await request(n++);
      times.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))] ?? 0;
  return { rps: times.length / (DURATION_MS / 1000), p50: at(0.5), p99: at(0.99), count: times.length };
};

/** Like `measure`, over HTTP sent from a separate process (bench/load.ts); every answer must have `status`. */
export const measureHttp = (spec: Omit<LoadSpec, 'durationMs' | 'concurrency'>) =>
  new Promise<Measured>((resolve, reject) => {
    const child = fork(path.join(import.meta.dirname, 'load.ts'), { execArgv: ['--import', 'tsx'] });
    child.once('message', (m: { result?: Measured; error?: string }) =>
      m.result ? resolve(m.result) : reject(new Error(m.error)),
    );
    child.once('exit', (code) => reject(new Error(`load generator exited with ${code}`)));
    child.send({ ...spec, durationMs: DURATION_MS, concurrency: CONCURRENCY });
  });

/** A fetch that must answer `status`; the body is read so the connection is reused. */
export const expectStatus = async (url: string, status: number, init: RequestInit = {}) => {
  const res = await fetch(url, { redirect: 'manual', ...init });
  await res.arrayBuffer();
  if (res.status !== status) throw new Error(`${url}: HTTP ${res.status}, expected ${status}`);
};

/** Runs `body` against a new migrated database on an embedded PostgreSQL of its own, and removes it all after. */
export const withBenchDatabase = async (
  body: (db: Db) => Promise<void>,
  o: { poolSize?: number; port?: number; prefix?: string } = {},
) => {
  // BENCH_PG_STATS=1: the server keeps pg_stat_statements (bench/profile.ts reads it for the profile tables).
  const settings = process.env.BENCH_PG_STATS
    ? [
        'shared_preload_libraries=pg_stat_statements',
        'pg_stat_statements.track=all',
        'pg_stat_statements.track_planning=on',
      ]
    : [];
  const dir = await mkdtemp(path.join(os.tmpdir(), o.prefix ?? 'panel-bench-'));
  await chmod(dir, 0o755);
  const pg = await startEmbeddedPostgres(
    dir,
    o.port ?? 45000 + Math.floor(Math.random() * 1000),
    () => {},
    undefined,
    settings,
  );
  try {
    const admin = connectDb(pg.url(), 1);
    await ensureDatabase(admin, 'bench');
    await admin.$client.end();
    const db = connectDb(pg.url('bench'), o.poolSize ?? 20);
    try {
      await migrateDb(db);
      if (settings.length) await db.execute(sql`create extension if not exists pg_stat_statements`);
      await body(db);
    } finally {
      await db.$client.end();
    }
  } finally {
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
    await rm(pg.dir, { recursive: true, force: true });
  }
};

/** Runs `body` against a migrated database holding the demo network, and cleans up after. */
export const withDemoDatabase = (body: (db: Db) => Promise<void>) =>
  withBenchDatabase(async (db) => {
    // The network and a little traffic; each bench makes the load it measures.
    await seedDemo(db, { clicks: 20_000 });
    await body(db);
  });

export const ms = (v: number) => `${v.toFixed(2)} ms`;
