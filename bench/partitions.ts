// `node --import tsx bench/partitions.ts`: retention by dropping a week's partition of clicks against a DELETE of the
// same rows (then the VACUUM the DELETE owes), at 1 M and 10 M clicks (BENCH_PARTITION_ROWS="1000000,10000000" to
// change); and a click looked up by its id alone (what postbacks do) in tables of 90 days of clicks cut in days, weeks,
// months or not at all, against the same lookup with a one-day created_at range (what a UUIDv7 id would allow).
// BENCH_LOOKUP_ROWS (2 M) and BENCH_LOOKUPS (5,000; 0 skips that part) size the second part.
// One process, the embedded PostgreSQL, a throwaway cluster. Prints figures, never pass/fail
// (docs/decisions/030-partitions-and-retention.md).
import os from 'node:os';
import type { Db } from '../apps/server/src/db/client.ts';
import { withBenchDatabase } from './lib.ts';
import { ensurePartitions, partitionName, periodStart } from '../apps/server/src/modules/retention/index.ts';

const ROWS = (process.env.BENCH_PARTITION_ROWS ?? '1000000,10000000').split(',').map(Number);
const LOOKUP_ROWS = Number(process.env.BENCH_LOOKUP_ROWS ?? 2_000_000);
const LOOKUPS = Number(process.env.BENCH_LOOKUPS ?? 5_000);
const PORT = Number(process.env.BENCH_PG_PORT ?? 46000 + Math.floor(Math.random() * 1000));
const log = (m: string) => console.log(m);
const secs = (ms: number) => (ms < 100 ? `${ms.toFixed(1)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`);
const time = async (f: () => Promise<unknown>) => {
  const t0 = performance.now();
  await f();
  return performance.now() - t0;
};

// A far past week, so no partition the migration made is in the way; clicks spread over its 7 days.
const WEEK = new Date('2020-01-06T00:00:00Z');
const fill = (db: Db, rows: number, table = 'clicks') =>
  db.$client.query(
    `insert into ${table} (id, created_at, offer_id, affiliate_id, ip, country, device, os, browser, sub1, user_agent)
     select gen_random_uuid(), $1::timestamptz + (i % 604800) * interval '1 second',
       ('00000000-0000-4000-8000-' || lpad((i % 50)::text, 12, '0'))::uuid,
       ('00000000-0000-4000-9000-' || lpad((i % 500)::text, 12, '0'))::uuid,
       '10.' || (i % 250) || '.' || (i / 250 % 250) || '.' || (i % 7), 'GB', 'desktop', 'Windows', 'Chrome', 'sub-' || (i % 1000),
       'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36'
     from generate_series(1, $2::int) i`,
    [WEEK.toISOString(), rows],
  );

const benchDrop = async (db: Db, rows: number) => {
  const part = partitionName('clicks', periodStart('week', WEEK));
  await ensurePartitions(db, WEEK);
  const filled = await time(() => fill(db, rows));
  const size = (await db.$client.query(`select pg_size_pretty(pg_total_relation_size('${part}')) as s`)).rows[0].s;
  await db.$client.query('checkpoint');
  // As the retention job does it: detached under the parent's lock, then its files removed without it.
  const detach = await time(() => db.$client.query(`alter table clicks detach partition ${part}`));
  const drop = await time(() => db.$client.query(`drop table ${part}`));

  await ensurePartitions(db, WEEK);
  await fill(db, rows);
  await db.$client.query('checkpoint');
  const del = await time(() =>
    db.$client.query(`delete from clicks where created_at >= $1 and created_at < $1::timestamptz + interval '7 days'`, [
      WEEK.toISOString(),
    ]),
  );
  // The DELETE leaves every row's space to VACUUM (and autovacuum would do it, competing with the clicks being written).
  const vacuum = await time(() => db.$client.query(`vacuum ${part}`));
  await db.$client.query(`drop table ${part}`);
  log(
    `| ${rows.toLocaleString('en')} | ${size} | ${secs(filled)} | **${secs(detach)}** | ${secs(drop)} | ${secs(del)} | ${secs(vacuum)} | ${Math.round((del + vacuum) / (detach + drop)).toLocaleString('en')}× |`,
  );
};

type Layout = { name: string; unit: 'day' | 'week' | 'month' | null };
const LAYOUTS: Layout[] = [
  { name: 'not partitioned', unit: null },
  { name: 'months (4)', unit: 'month' },
  { name: 'weeks (14)', unit: 'week' },
  { name: 'days (91)', unit: 'day' },
];

/** 90 days of clicks ending now in a table cut by `unit` (with a DEFAULT partition, as the app's). */
const makeLookupTable = async (db: Db, l: Layout, table: string) => {
  const q = (text: string, values: unknown[] = []) => db.$client.query(text, values);
  const by = l.unit ? ' partition by range (created_at)' : '';
  await q(`create table ${table} (id uuid not null, created_at timestamptz not null, offer_id uuid not null,
    payload text, primary key (id, created_at))${by}`);
  if (l.unit) {
    await q(`do $$ declare s timestamptz := date_trunc('${l.unit}', now() - interval '90 days'); n int := 0;
      begin while s < now() + interval '1 day' loop
        execute format('create table %I partition of ${table} for values from (%L) to (%L)', '${table}_' || n, s, s + interval '1 ${l.unit}');
        s := s + interval '1 ${l.unit}'; n := n + 1; end loop;
        execute 'create table ${table}_default partition of ${table} default'; end $$`);
  }
  await q(
    `insert into ${table} select gen_random_uuid(), now() - random() * interval '90 days', gen_random_uuid(), repeat('x', 200)
     from generate_series(1, $1::int)`,
    [LOOKUP_ROWS],
  );
  await q(`analyze ${table}`);
  const parts = l.unit
    ? (await q(`select count(*)::int as n from pg_inherits where inhparent = '${table}'::regclass`)).rows[0].n
    : 1;
  return parts as number;
};

const benchLookups = async (db: Db) => {
  log(
    `\n| layout | tables | by id alone (µs/lookup) | by id and a 1-day created_at range (µs/lookup) | index scans in the plan by id alone |`,
  );
  log(`|---|---|---|---|---|`);
  for (const [i, l] of LAYOUTS.entries()) {
    const table = `bench_lookup_${i}`;
    const parts = await makeLookupTable(db, l, table);
    const { rows: sample } = await db.$client.query(
      `select id, created_at from ${table} tablesample bernoulli (1) limit ${LOOKUPS}`,
    );
    const client = await db.$client.connect();
    try {
      // Named statements, as the postback path prepares its click lookup: PostgreSQL moves to a generic plan after
      // five runs, and partitions are then pruned (or not) at execution.
      const alone = async () => {
        for (const r of sample)
          await client.query({ name: `a${i}`, text: `select * from ${table} where id = $1`, values: [r.id] });
      };
      const ranged = async () => {
        for (const r of sample)
          await client.query({
            name: `r${i}`,
            text: `select * from ${table} where id = $1 and created_at >= $2::timestamptz - interval '12 hours' and created_at < $2::timestamptz + interval '12 hours'`,
            values: [r.id, r.created_at],
          });
      };
      await alone();
      await ranged();
      // The best of three: the machine is shared, and the quietest run is the one that measures the lookup.
      const best = async (f: () => Promise<void>) => Math.min(await time(f), await time(f), await time(f));
      const a = await best(alone);
      const r = await best(ranged);
      const plan = (
        await client.query(
          `explain (analyze, costs off, timing off, summary off) select * from ${table} where id = $1`,
          [sample[0].id],
        )
      ).rows
        .map((row) => row['QUERY PLAN'] as string)
        .filter((line) => /Index Scan|Index Only Scan|Bitmap Index Scan/.test(line)).length;
      log(
        `| ${l.name} | ${parts} | ${Math.round((a * 1000) / sample.length)} | ${Math.round((r * 1000) / sample.length)} | ${plan} |`,
      );
    } finally {
      client.release();
    }
    await db.$client.query(`drop table ${table}`);
  }
};

await withBenchDatabase(
  async (db) => {
    log(
      `machine: ${os.cpus().length} cores (${os.cpus()[0].model}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    log(
      `\n| clicks in the week | partition size | insert (generate_series) | DETACH (clicks locked) | DROP the detached table | DELETE | VACUUM after DELETE | (DELETE + VACUUM) / (DETACH + DROP) |`,
    );
    log(`|---|---|---|---|---|---|---|---|`);
    for (const rows of ROWS) await benchDrop(db, rows);
    if (LOOKUPS > 0) await benchLookups(db);
    log(
      `\nload average at the end ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  },
  { poolSize: 4, port: PORT, prefix: 'panel-bench-part-' },
);
