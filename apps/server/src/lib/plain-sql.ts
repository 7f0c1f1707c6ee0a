import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';
import type pg from 'pg';

// For the few statements of a hot path written as plain parameterised SQL: building them through Drizzle costs more
// CPU than running them, and a named statement is parsed and planned once per connection.

/** The node-postgres pool behind a Drizzle database, or the client of a Drizzle transaction (as jobs.ts sendInTx). */
export const pgOf = (db: unknown): pg.Pool | pg.PoolClient => {
  const client = (db as { session?: { client?: pg.Pool | pg.PoolClient } }).session?.client;
  if (!client?.query) throw new Error('pgOf needs a node-postgres Drizzle database or transaction');
  return client;
};

/**
 * The table's columns for a select or returning list. Named rather than `*`: a prepared statement whose result type
 * changes (a migration adds a column while this process runs) fails until its connection closes.
 */
export const columnList = (table: Table, prefix = '') =>
  Object.values(getTableColumns(table))
    .map((column) => `${prefix}"${column.name}"`)
    .join(', ');

/**
 * Reads rows of a `columnList` as Drizzle would: column names become the table's keys. node-postgres already gives
 * uuid, text, boolean, integer, timestamptz and jsonb columns their Drizzle types; a table with other types needs more.
 */
export const rowReader = <T extends Table>(table: T) => {
  const names = Object.entries(getTableColumns(table)).map(([key, column]) => [column.name, key] as const);
  return (raw: Record<string, unknown>): InferSelectModel<T> => {
    const row: Record<string, unknown> = {};
    for (const [name, key] of names) row[key] = raw[name];
    return row as InferSelectModel<T>;
  };
};
