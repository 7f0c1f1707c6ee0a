import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Db } from './client.ts';
import { readMigrations } from './migration-files.ts';
import {
  MIGRATIONS_TABLE,
  PROGRESS_TABLE,
  runInTransaction,
  runOnline,
  type Step,
  type StepOptions,
} from './migration-steps.ts';

export type { Step } from './migration-steps.ts';
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));
const LOCK_ID = 727274;
/** The migration's connection as pg_stat_activity names it (what an operator or a test looks for in pg_locks). */
export const MIGRATION_CLIENT = 'pxl-migrate';

/**
 * Every migration statement waits at most this long for a lock. While it waits, writers queue behind it, so this is
 * the longest a waiting migration stalls clicks, postbacks or leads; half of the one-second budget, leaving the other
 * half for the catalog change itself (docs/decisions/049-online-migrations.md).
 */
export const LOCK_TIMEOUT_MS = 500;
/** With pauses growing to 10 s between tries: about five minutes of a table held by someone else before giving up. */
export const LOCK_TRIES = 40;

export type MigrateOptions = Partial<Omit<StepOptions, 'log'>> & {
  folder?: string;
  log?: (m: string) => void;
  onStep?: (step: Step) => Promise<void> | void;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Apply committed migrations: drizzle-kit's files and journal, recorded in drizzle's table. Without the
 * `-- pxl:no-transaction` header a migration runs in one transaction; with it, statement by statement, resumable
 * (migration-steps.ts). One process migrates at a time: the others poll the advisory lock rather than wait on it,
 * because a session waiting inside a statement would hold a snapshot CREATE INDEX CONCURRENTLY waits for.
 */
export const migrateDb = async (db: Db, o: MigrateOptions = {}) => {
  const c = new pg.Client({ ...db.$client.options, application_name: MIGRATION_CLIENT });
  await c.connect();
  const steps: StepOptions = {
    lockTimeoutMs: o.lockTimeoutMs ?? LOCK_TIMEOUT_MS,
    lockTries: o.lockTries ?? LOCK_TRIES,
    onStep: o.onStep,
    log: o.log ?? ((m) => console.warn(`[migrate] ${m}`)),
  };
  try {
    while (!(await c.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [LOCK_ID])).rows[0].ok)
      await sleep(200);
    await c.query('create schema if not exists drizzle');
    await c.query(
      `create table if not exists ${MIGRATIONS_TABLE} (id serial primary key, hash text not null, created_at bigint)`,
    );
    await c.query(
      `create table if not exists ${PROGRESS_TABLE} (hash text not null, step integer not null,
         done boolean not null, cursor text, primary key (hash, step))`,
    );
    // As drizzle decides: what is newer than the newest applied migration is pending.
    const { rows } = await c.query<{ last: string | null }>(`select max(created_at) as last from ${MIGRATIONS_TABLE}`);
    const last = Number(rows[0].last ?? -1);
    for (const m of readMigrations(o.folder ?? MIGRATIONS_DIR).filter((x) => x.when > last)) {
      if (m.online) await runOnline(c, m, steps);
      else await runInTransaction(c, m, steps);
    }
  } finally {
    await c.end();
  }
};

/** Create a database if it is missing (the embedded cluster starts with only `postgres`). */
export const ensureDatabase = async (adminDb: Db, name: string) => {
  const { rows } = await adminDb.$client.query('select 1 from pg_database where datname = $1', [name]);
  if (rows.length === 0) await adminDb.$client.query(`create database "${name.replace(/"/g, '')}"`);
};
