// Moves the embedded database to an external PostgreSQL (docs/operations.md, "Moving to an external PostgreSQL"):
//   node --import tsx scripts/move-database.ts postgres://user:password@host:5432/panel
// with the panel stopped and the same DATA_DIR (and .env) as `npm start`. It starts the embedded cluster, migrates
// both sides to this release, makes the source's partitions on the target, copies every row of the panel's tables
// and pg-boss's jobs (as JSON, matched by column name), sets the sequences, and compares the row counts. The target
// database must be empty of panel data. Then start the panel with DATABASE_URL set to the target.
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config/config.ts';
import { connectDb, type Db } from '../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { migrateDb } from '../apps/server/src/db/migrate.ts';
import { installJobsIfMissing } from '../apps/server/src/jobs/jobs.ts';

const targetUrl = process.argv[2];
if (!targetUrl) {
  console.error('usage: node --import tsx scripts/move-database.ts <target postgres:// URL>');
  process.exit(2);
}
const SCHEMAS = ['public', 'pgboss'];
const BATCH = 5_000;

const tablesOf = async (db: Db) =>
  (
    await db.$client.query<{ name: string }>(
      `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'r' and n.nspname = any($1) order by 1`,
      [SCHEMAS],
    )
  ).rows.map((r) => r.name);

/** The source's partitions of the panel's tables (older weeks than a fresh target has) made on the target. */
const mirrorPartitions = async (source: Db, target: pg.PoolClient) => {
  const { rows } = await source.$client.query<{ part: string; parent: string; bound: string }>(
    `select format('%I', c.relname) as part, format('%I', p.relname) as parent, pg_get_expr(c.relpartbound, c.oid) as bound
     from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
     join pg_namespace n on n.oid = p.relnamespace where n.nspname = 'public' and p.relkind = 'p'`,
  );
  for (const r of rows)
    await target
      .query(`create table if not exists ${r.part} partition of ${r.parent} ${r.bound}`)
      .catch((err: Error) => {
        throw new Error(`making ${r.part} on the target: ${err.message}`);
      });
};

const copyTable = async (source: Db, target: pg.PoolClient, table: string) => {
  const reader = await source.$client.connect();
  let copied = 0;
  try {
    await reader.query('begin isolation level repeatable read read only');
    await reader.query(`declare rows_out no scroll cursor for select row_to_json(t)::text as j from ${table} t`);
    await target.query(`delete from ${table}`);
    for (;;) {
      const { rows } = await reader.query<{ j: string }>(`fetch ${BATCH} from rows_out`);
      if (!rows.length) break;
      await target.query(
        `insert into ${table} overriding system value select * from json_populate_recordset(null::${table}, $1::json)`,
        [`[${rows.map((r) => r.j).join(',')}]`],
      );
      copied += rows.length;
    }
    await reader.query('commit');
  } finally {
    reader.release();
  }
  return copied;
};

const setSequences = async (source: Db, target: pg.PoolClient) => {
  const { rows } = await source.$client.query<{ seq: string; last: string | null; called: boolean }>(
    `select format('%I.%I', schemaname, sequencename) as seq, last_value::text as last, last_value is not null as called
     from pg_sequences where schemaname = any($1)`,
    [SCHEMAS],
  );
  for (const r of rows.filter((x) => x.called))
    await target.query(`select setval($1, $2::bigint, true)`, [r.seq, r.last]);
};

const config = loadConfig(process.env);
if (config.DATABASE_URL) {
  console.error('DATABASE_URL is set: this moves the embedded database (DATA_DIR); unset it for the move.');
  process.exit(2);
}
const log = (m: string) => console.log(`[move] ${m}`);
const embedded = await startEmbeddedPostgres(
  config.DATA_DIR,
  config.EMBEDDED_PG_PORT ?? Math.min(config.PORT + 10000, 65535),
  log,
);
const source = connectDb(embedded.url('panel'), 2);
const target = connectDb(targetUrl, 2);
try {
  await migrateDb(source);
  await migrateDb(target);
  await installJobsIfMissing(source.$client);
  await installJobsIfMissing(target.$client);
  const { rows: used } = await target.$client.query<{ n: number }>('select count(*)::int as n from users');
  if (used[0].n > 0) throw new Error('the target already holds panel users; move into an empty database');
  const tables = await tablesOf(source);
  const missing = (await tablesOf(target)).filter((t) => !tables.includes(t));
  const w = await target.$client.connect();
  try {
    await mirrorPartitions(source, w);
    const onTarget = await tablesOf(target);
    await w.query('begin');
    // Rows arrive table by table, so references are checked by neither side's order (needs a superuser or the
    // provider's admin role, e.g. rds_superuser); triggers (cache notifications) stay quiet for the copy.
    await w.query('set local session_replication_role = replica');
    for (const table of tables) {
      if (!onTarget.includes(table)) throw new Error(`${table} is not on the target after its migrations`);
      log(`${table}: ${await copyTable(source, w, table)} rows`);
    }
    await setSequences(source, w);
    await w.query('commit');
  } catch (err) {
    await w.query('rollback').catch(() => {});
    throw err;
  } finally {
    w.release();
  }
  let differ = 0;
  for (const table of tables) {
    const count = async (db: Db) =>
      (await db.$client.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0].n;
    const [a, b] = [await count(source), await count(target)];
    if (a !== b) {
      differ += 1;
      console.error(`[move] ${table}: ${a} rows in the embedded database, ${b} on the target`);
    }
  }
  if (differ) throw new Error(`${differ} tables differ`);
  log(
    `done: ${tables.length} tables copied, row counts equal${missing.length ? `; only on the target: ${missing.join(', ')}` : ''}`,
  );
  log(
    'start the panel with DATABASE_URL set to the target; keep DATA_DIR (it holds the secret key) and the embedded data until you are sure',
  );
} finally {
  await source.$client.end();
  await target.$client.end();
  await embedded.stop();
}
