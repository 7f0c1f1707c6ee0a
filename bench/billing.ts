// `npm run bench:billing`: invoice generation for last month over 1,000,000 approved conversions of 1,000
// affiliates, against a bare `sum(payout) group by affiliate, currency` over the same rows in the same run, and one
// affiliate's balances (p95 of BENCH_BALANCE_CALLS calls). Prints figures and the aims missed, never pass/fail
// (docs/decisions/022-billing-bench.md).
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { getGeneralSettings } from '../apps/server/src/modules/settings/index.ts';
import {
  generateInvoices,
  type GenerateScope,
  generateSql,
  paramsOf,
  readBalance,
} from '../apps/server/src/modules/billing/index.ts';
import type { Db } from '../apps/server/src/db/client.ts';
import { AFFILIATES, CONVERSIONS, lastMonth, seedBillingVolume, sumBaseline } from './billing-seed.ts';
import { ms, withDemoDatabase } from './lib.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BALANCE_CALLS = Number(process.env.BENCH_BALANCE_CALLS ?? 500);
const log = (m: string) => console.log(m);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const timed = async <T>(f: () => Promise<T>) => {
  const t0 = performance.now();
  const value = await f();
  return { value, ms: performance.now() - t0 };
};

/** Back to no invoices at all, so every generation starts from the same state (rows, indexes, statistics). */
const resetInvoices = async (db: Db) => {
  await db.execute(sql`truncate invoice_items, invoice_lines, invoice_payments, invoices`);
  await db.execute(sql`delete from audit_log where action = 'invoice_create'`);
  await db.execute(sql`vacuum analyze invoice_items, invoices, audit_log`);
};

/** p50 and p95 of `calls` sequential reads of one affiliate's balances, after ten warm-up calls. */
const balanceTimes = async (db: Db, affiliateId: string, calls: number) => {
  for (let i = 0; i < 10; i++) await readBalance(db, affiliateId);
  const times: number[] = [];
  for (let i = 0; i < calls; i++) times.push((await timed(() => readBalance(db, affiliateId))).ms);
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(calls * 0.5)], p95: times[Math.floor(calls * 0.95)] };
};

/** Where one generation's time goes (BENCH_EXPLAIN=1): its statement's nodes that write, and the triggers it fires. */
const explainGeneration = async (db: Db, scope: GenerateScope, actorId: string) => {
  await resetInvoices(db);
  const client = await db.$client.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${generateSql(scope)}`, [
      ...paramsOf(scope),
      actorId,
      '127.0.0.1',
    ]);
    const lines = rows.map((r) => r['QUERY PLAN']);
    log(lines.filter((l) => /Insert on|LockRows|Trigger|Execution Time/.test(l)).join('\n'));
  } finally {
    await client.query('rollback');
    client.release();
  }
};

await withDemoDatabase(async (db) => {
  const zone = (await getGeneralSettings(db)).time_zone;
  const period = await lastMonth(db, zone);
  const seeded = await timed(() => seedBillingVolume(db, zone, period));
  log(
    `seeded ${CONVERSIONS.toLocaleString('en')} approved conversions of ${AFFILIATES.toLocaleString('en')} affiliates ` +
      `for ${period.date_from} … ${period.date_to} (${zone}) in ${(seeded.ms / 1000).toFixed(1)} s`,
  );
  log(
    `machine: ${os.cpus().length} cores, Node ${process.version}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const [admin] = (await db.execute<{ id: string }>(sql`select id from users where email = 'admin@demo.test'`)).rows;
  const [probe] = (await db.execute<{ id: string }>(sql`select id from users where email = 'bench-1@bench.test'`)).rows;
  const scope: GenerateScope = { kind: 'period', dateFrom: period.date_from, dateTo: period.date_to, timeZone: zone };

  const before = await balanceTimes(db, probe.id, BALANCE_CALLS);
  log(`balances of one affiliate, nothing invoiced: p50 ${ms(before.p50)}, p95 ${ms(before.p95)}`);

  // The demo network's own invoices go too, so every run starts from no invoices at all.
  await resetInvoices(db);
  await sumBaseline(db, zone, period); // warm the cache, as the generation's first run will find it
  const ratios: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const base = await timed(() => sumBaseline(db, zone, period));
    const gen = await timed(() => generateInvoices(db, scope, admin.id, '127.0.0.1'));
    const {
      rows: [made],
    } = await db.execute<{ invoices: string; items: string; total: string }>(sql`select
      (select count(*) from invoices) as invoices, (select count(*) from invoice_items) as items,
      (select coalesce(sum(total), 0) from invoices) as total`);
    ratios.push(gen.ms / base.ms);
    log(
      `run ${run}: baseline ${ms(base.ms)} (${base.value.length} affiliate × currency sums); generation ${ms(gen.ms)} ` +
        `(${made.invoices} invoices, ${Number(made.items).toLocaleString('en')} items, total ${made.total}) ` +
        `= ${(gen.ms / base.ms).toFixed(2)}× the baseline`,
    );
    if (run < RUNS) await resetInvoices(db);
  }
  const after = await balanceTimes(db, probe.id, BALANCE_CALLS);
  log(`balances of one affiliate, everything invoiced: p50 ${ms(after.p50)}, p95 ${ms(after.p95)}`);

  if (process.env.BENCH_EXPLAIN) await explainGeneration(db, scope, admin.id);

  const misses = [
    ...(median(ratios) > 3 ? [`generation ${median(ratios).toFixed(2)}× the baseline (median; aim ≤ 3×)`] : []),
    ...(Math.max(before.p95, after.p95) > 20
      ? [`balances p95 ${ms(Math.max(before.p95, after.p95))} (aim ≤ 20 ms)`]
      : []),
  ];
  log(misses.length ? `aims missed:\n  ${misses.join('\n  ')}` : 'every aim met');
});
