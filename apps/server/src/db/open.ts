import type { Config } from '../config/config.ts';
import { connectDb, type Db } from './client.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { ensureDatabase, migrateDb } from './migrate.ts';

const DB_NAME = 'panel';

/** `url` lets other server processes (WORKERS) join the same database. */
export type Database = { db: Db; hotDb: Db; url: string; close: () => Promise<void> };

/**
 * Two pools (docs/decisions/017-starvation-crash-lockout.md): `db` for the panel and reports, every statement bounded by
 * DB_STATEMENT_TIMEOUT_MS; `hotDb` for clicks, postbacks, the lead API, jobs, migrations and seeding, unbounded. A slow
 * report can then fill only its own pool.
 */
const openPools = async (url: string, config: Config): Promise<Omit<Database, 'close' | 'url'>> => {
  // Eight, not ten: the group commit's two connections are the hot pool's other two (docs/decisions/068-group-commit.md),
  // so a process opens as many connections as before it.
  const hotDb = connectDb(url, 8);
  await migrateDb(hotDb);
  return { hotDb, db: connectDb(url, 10, { statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS }) };
};
const endPools = (d: Omit<Database, 'close' | 'url'>) => Promise.all([d.db.$client.end(), d.hotDb.$client.end()]);

/** Connect to DATABASE_URL, or start the embedded cluster; then migrate. `close` also stops the embedded server. */
export const openDatabase = async (config: Config, log: (m: string) => void): Promise<Database> => {
  if (config.DATABASE_URL) {
    const pools = await openPools(config.DATABASE_URL, config);
    return {
      ...pools,
      url: config.DATABASE_URL,
      close: async () => {
        await endPools(pools);
      },
    };
  }
  const port = config.EMBEDDED_PG_PORT ?? Math.min(config.PORT + 10000, 65535);
  const embedded = await startEmbeddedPostgres(config.DATA_DIR, port, log);
  try {
    const admin = connectDb(embedded.url(), 1);
    await ensureDatabase(admin, DB_NAME);
    await admin.$client.end();
    const pools = await openPools(embedded.url(DB_NAME), config);
    return {
      ...pools,
      url: embedded.url(DB_NAME),
      close: async () => {
        await endPools(pools);
        await embedded.stop();
      },
    };
  } catch (err) {
    await embedded.stop();
    throw err;
  }
};
