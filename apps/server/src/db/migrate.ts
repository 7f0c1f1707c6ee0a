import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Db } from './client.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));
const LOCK_ID = 727274;

/** Apply committed SQL migrations. An advisory lock on a connection of its own serialises processes starting together. */
export const migrateDb = async (db: Db) => {
  const lock = new pg.Client(db.$client.options);
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [LOCK_ID]);
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await lock.end();
  }
};

/** Create a database if it is missing (the embedded cluster starts with only `postgres`). */
export const ensureDatabase = async (adminDb: Db, name: string) => {
  const { rows } = await adminDb.$client.query('select 1 from pg_database where datname = $1', [name]);
  if (rows.length === 0) await adminDb.$client.query(`create database "${name.replace(/"/g, '')}"`);
};
