import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export type PoolOptions = {
  /** Sent at connect, so it holds for every statement of every connection of the pool. */
  statementTimeoutMs?: number;
};

export const connectDb = (url: string, max = 10, o: PoolOptions = {}): Db => {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    ...(o.statementTimeoutMs && { statement_timeout: o.statementTimeoutMs }),
  });
  // An idle client losing its server must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor a checked-out one between two statements of a transaction: its next query fails and the caller handles that.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  return drizzle(pool, { schema }) as Db;
};
