import type { Config } from '../config/config.ts';
import { connectDb, type Db } from './client.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { ensureDatabase, migrateDb } from './migrate.ts';

const DB_NAME = 'panel';

/** Connect to DATABASE_URL, or start the embedded cluster; then migrate. `close` also stops the embedded server. */
export const openDatabase = async (config: Config, log: (m: string) => void): Promise<{ db: Db; close: () => Promise<void> }> => {
  if (config.DATABASE_URL) {
    const db = connectDb(config.DATABASE_URL);
    await migrateDb(db);
    return { db, close: () => db.$client.end() };
  }
  const port = config.EMBEDDED_PG_PORT ?? Math.min(config.PORT + 10000, 65535);
  const embedded = await startEmbeddedPostgres(config.DATA_DIR, port, log);
  try {
    const admin = connectDb(embedded.url(), 1);
    await ensureDatabase(admin, DB_NAME);
    await admin.$client.end();
    const db = connectDb(embedded.url(DB_NAME));
    await migrateDb(db);
    return { db, close: async () => { await db.$client.end(); await embedded.stop(); } };
  } catch (err) {
    await embedded.stop();
    throw err;
  }
};
