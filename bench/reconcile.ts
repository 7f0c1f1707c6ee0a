// `npm run bench:reconcile`: an advertiser's 100,000-row CSV report against 100,000 of their conversions, parsed
// (the import's own reader and mapping), stored as the upload stores it, then matched and classified
// (docs/decisions/057-reconciliation-matching.md). Aim: parse + store + classify under 60 s. Then an apply of 10,000
// corrections, status and amount differences, through the apply service (docs/decisions/059-reconciliation-apply.md).
// Aim: under 30 s. Prints figures and the aims missed, never pass/fail.
import os from 'node:os';
import { execSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';
import { reconciliationImports, reconciliationRows } from '../apps/server/src/db/schema.ts';
import { unnestInsert } from '../apps/server/src/db/unnest-insert.ts';
import { getGeneralSettings } from '../apps/server/src/modules/settings/index.ts';
import {
  applyImport,
  classifyImport,
  normaliseRow,
  readReportFile,
} from '../apps/server/src/modules/reconciliation/index.ts';
import type { AppDeps } from '../apps/server/src/deps.ts';
import type { AuthContext } from '../apps/server/src/lib/auth-context.ts';
import { withBenchDatabase } from './lib.ts';

const CONVERSIONS = Number(process.env.BENCH_CONVERSIONS ?? 100_000);
const PERIOD = { from: '2026-10-01', to: '2026-10-31' };
const log = (m: string) => console.log(m);

const timed = async <T>(f: () => Promise<T> | T) => {
  const t0 = performance.now();
  const value = await f();
  return { value, s: (performance.now() - t0) / 1000 };
};

/**
 * One advertiser, one offer; CONVERSIONS conversions spread over October (network time zone) with a click each,
 * 2% more in September (for outside_period), and 3% of clicks that never converted (for missing_here).
 */
const seed = async (db: Db, zone: string) => {
  const [adv] = (
    await db.execute<{ id: string }>(sql`insert into users (email, password_hash, role, username, status)
      values ('adv@bench.test', 'x', 'advertiser', 'adv_bench', 'active') returning id`)
  ).rows;
  const [aff] = (
    await db.execute<{ id: string }>(sql`insert into users (email, password_hash, role, username, status)
      values ('aff@bench.test', 'x', 'affiliate', 'aff_bench', 'active') returning id`)
  ).rows;
  const [offer] = (
    await db.execute<{ id: string }>(sql`insert into offers (type, title, vertical, advertiser_id)
      values ('direct_link', 'Bench offer', 'gambling', ${adv!.id}) returning id`)
  ).rows;
  const outside = Math.floor(CONVERSIONS / 50);
  await db.execute(sql`insert into conversions (created_at, click_id, offer_id, affiliate_id, goal, status, payout,
      revenue, currency, txid)
    select t, md5('click-' || i)::uuid, ${offer!.id}, ${aff!.id}, 'deposit',
      (array['approved','pending'])[1 + i % 2], 100, 200 + i % 800, case when i % 10 = 0 then 'EUR' else 'USD' end,
      'tx-' || i
    from generate_series(0, ${CONVERSIONS + outside - 1}) i
    cross join lateral (select case when i < ${CONVERSIONS}
      then (${PERIOD.from}::timestamp + (i % 2592000) * interval '1 second') at time zone ${zone}
      else (${PERIOD.from}::timestamp - interval '20 days' + (i % 86400) * interval '1 second') at time zone ${zone}
      end as t) tt`);
  await db.execute(sql`insert into clicks (id, created_at, offer_id, affiliate_id)
    select md5('lost-' || i)::uuid, (${PERIOD.from}::timestamp + interval '5 days') at time zone ${zone}, ${offer!.id},
      ${aff!.id}
    from generate_series(0, ${Math.floor(CONVERSIONS * 0.03) - 1}) i`);
  await db.execute(sql`analyze`);
  return { advertiserId: adv!.id, outside };
};

const money = (minor: number) => `${Math.floor(minor / 100)},${String(minor % 100).padStart(2, '0')}`;

/**
 * The report: semicolon-separated, decimal comma, their own status words. Of the conversions of the period 7% are
 * left out (missing_there), 3% carry another status, 3% another amount, 2% another currency; then lost clicks
 * (missing_here), 1% duplicates, 1% unknown ids and the September conversions (outside_period), to 100,000 rows.
 */
const buildCsv = async (db: Db, zone: string, outside: number) => {
  const { rows } = await db.execute<{
    click_id: string;
    txid: string;
    status: string;
    revenue: number;
    currency: string;
    day: string;
    n: number;
  }>(sql`
    select click_id, txid, status, revenue, currency, to_char(created_at at time zone ${zone}, 'YYYY-MM-DD') as day,
      substr(txid, 4)::int as n
    from conversions order by substr(txid, 4)::int`);
  const word = { approved: 'Approved', pending: 'In progress', rejected: 'Declined', hold: 'On hold' } as const;
  const lines = ['Click ID;Order;Status;Payout;Currency;Date'];
  const line = (click: string, txid: string, status: keyof typeof word, amount: number, cur: string, day: string) =>
    lines.push([click, txid, word[status], money(amount), cur, day].join(';'));
  const inPeriod = rows.filter((r) => r.n < CONVERSIONS);
  for (const r of inPeriod) {
    const k = r.n % 100;
    if (k < 7) continue;
    const status = (k < 10 ? 'rejected' : r.status) as keyof typeof word;
    const amount = k >= 10 && k < 13 ? r.revenue + 50 : r.revenue;
    const cur = k >= 13 && k < 15 ? (r.currency === 'USD' ? 'EUR' : 'USD') : r.currency;
    line(r.click_id, r.txid, status, amount, cur, r.day);
  }
  const { rows: lost } = await db.execute<{ id: string }>(sql`select id from clicks where id not in
    (select click_id from conversions where click_id is not null) order by id`);
  for (const c of lost) line(c.id, '', 'approved', 500, 'USD', '2026-10-06');
  const extra = CONVERSIONS - (lines.length - 1) - outside;
  for (let i = 0; i < extra; i++)
    if (i % 2 === 0) lines.push(lines[1 + i]!);
    else line(crypto.randomUUID(), `nobody-${i}`, 'approved', 300, 'USD', '2026-10-07');
  for (const r of rows.filter((x) => x.n >= CONVERSIONS))
    line(r.click_id, r.txid, r.status as keyof typeof word, r.revenue, r.currency, r.day);
  return Buffer.from(lines.join('\n') + '\n');
};

const APPLY_ROWS = Number(process.env.BENCH_APPLY ?? 10_000);

/**
 * Another advertiser with APPLY_ROWS conversions in October on a revshare goal, and an import of their report where
 * every row differs: half another status (approved ↔ rejected, pending → approved), half another amount (a new
 * revenue, so a new payout too). Classified, then applied as two whole buckets by an admin.
 */
const benchApply = async (db: Db, zone: string) => {
  const user = async (role: string, name: string) =>
    (
      await db.execute<{ id: string }>(sql`insert into users (email, password_hash, role, username, status)
        values (${`${name}@bench.test`}, 'x', ${role}, ${name}, 'active') returning id`)
    ).rows[0]!.id;
  const [adv, aff, admin] = [
    await user('advertiser', 'adv_apply'),
    await user('affiliate', 'aff_apply'),
    await user('admin', 'admin_apply'),
  ];
  const goals = [
    { goal: 'deposit', payment_type: 'revshare', revenue: 500, payout: 0, payout_percent: 40, geo_rates: [] },
  ];
  const [offer] = (
    await db.execute<{ id: string }>(sql`insert into offers (type, title, vertical, advertiser_id, goals)
      values ('direct_link', 'Apply offer', 'gambling', ${adv}, ${JSON.stringify(goals)}::jsonb) returning id`)
  ).rows;
  const { rows } = await db.execute<{ id: string; click_id: string; status: string; revenue: number }>(sql`
    insert into conversions (created_at, click_id, offer_id, affiliate_id, goal, status, payout, revenue, currency, txid)
    select (${PERIOD.from}::timestamp + (i * 97 % 2592000) * interval '1 second') at time zone ${zone},
      md5('apply-' || i)::uuid, ${offer!.id}, ${aff}, 'deposit', (array['approved','pending'])[1 + i % 2],
      (200 + i % 800) * 40 / 100, 200 + i % 800, 'USD', 'ap-' || i
    from generate_series(0, ${APPLY_ROWS - 1}) i
    returning id, click_id, status, revenue`);
  const data = rows.map((r, i) => ({
    line: i + 1,
    click_id: r.click_id,
    lead_id: null,
    txid: null,
    status: i % 2 === 0 ? (r.status === 'approved' ? 'rejected' : 'approved') : r.status,
    amount: i % 2 === 0 ? r.revenue : r.revenue + 50,
    currency: 'USD',
    date: null,
  }));
  const [imp] = await db
    .insert(reconciliationImports)
    .values({
      advertiserId: adv,
      periodFrom: PERIOD.from,
      periodTo: PERIOD.to,
      fileName: 'apply.csv',
      fileSize: 1,
      format: 'csv',
      mapping: MAPPING,
      rowCount: data.length,
    })
    .returning({ id: reconciliationImports.id });
  for (let i = 0; i < data.length; i += 10_000)
    await db.execute(
      unnestInsert(
        reconciliationRows,
        data.slice(i, i + 10_000).map((d) => ({ importId: imp!.id, line: d.line, data: d })),
      ),
    );
  await db.execute(sql`analyze`);
  const classified = await classifyImport(db, imp!.id);
  const counts = Object.entries(classified.buckets)
    .filter(([, v]) => v.count)
    .map(([b, v]) => `${b} ${v.count.toLocaleString('en')}`);
  log(`apply import: ${counts.join(', ')}`);
  const auth = { user: { id: admin, role: 'admin' }, sessionId: '', impersonatorId: null } as unknown as AuthContext;
  const loadBefore = (await readFile('/proc/loadavg', 'utf8')).trim();
  const applied = await timed(() =>
    applyImport({ db } as AppDeps, auth, imp!.id, { row_uuids: [], buckets: ['status_differs', 'amount_differs'] }, ''),
  );
  const loadAfter = (await readFile('/proc/loadavg', 'utf8')).trim();
  log(`apply: ${JSON.stringify(applied.value)}`);
  log(`apply of ${applied.value.applied.toLocaleString('en')} corrections: ${applied.s.toFixed(1)} s (aim < 30 s)`);
  log(`loadavg before: ${loadBefore}; after: ${loadAfter}`);
  return applied.s;
};

const MAPPING = {
  columns: {
    click_id: 'Click ID',
    lead_id: null,
    txid: 'Order',
    status: 'Status',
    amount: 'Payout',
    currency: 'Currency',
    date: 'Date',
  },
  date_format: 'YYYY-MM-DD' as const,
  decimal: 'comma' as const,
  statuses: { approved: ['Approved'], pending: ['In progress'], rejected: ['Declined'], hold: ['On hold'] },
};

await withBenchDatabase(
  async (db) => {
    const zone = (await getGeneralSettings(db)).time_zone;
    const seeded = await timed(() => seed(db, zone));
    const { advertiserId, outside } = seeded.value;
    const csv = await buildCsv(db, zone, outside);
    log(
      `seeded ${CONVERSIONS.toLocaleString('en')} conversions in ${PERIOD.from} … ${PERIOD.to} (${zone}) ` +
        `+ ${outside.toLocaleString('en')} before, in ${seeded.s.toFixed(1)} s; report ${(csv.length / 1e6).toFixed(1)} MB`,
    );
    log(`machine: ${os.cpus().length} cores, Node ${process.version}; uptime: ${execSync('uptime').toString().trim()}`);

    const parsed = await timed(async () => {
      const file = await readReportFile(csv);
      return file.rows.map((cells, i) => {
        const row = normaliseRow(cells, i + 1, file.header, MAPPING, zone);
        if (row.errors.length) throw new Error(row.errors[0]!.message);
        return row.data;
      });
    });
    const stored = await timed(async () => {
      const [imp] = await db
        .insert(reconciliationImports)
        .values({
          advertiserId,
          periodFrom: PERIOD.from,
          periodTo: PERIOD.to,
          fileName: 'bench.csv',
          fileSize: csv.length,
          format: 'csv',
          mapping: MAPPING,
          rowCount: parsed.value.length,
        })
        .returning({ id: reconciliationImports.id });
      for (let i = 0; i < parsed.value.length; i += 10_000)
        await db.execute(
          unnestInsert(
            reconciliationRows,
            parsed.value.slice(i, i + 10_000).map((data) => ({ importId: imp!.id, line: data.line, data })),
          ),
        );
      return imp!.id;
    });
    const classified = await timed(() => classifyImport(db, stored.value));
    const total = parsed.s + stored.s + classified.s;
    log(
      `${parsed.value.length.toLocaleString('en')} rows: parse ${parsed.s.toFixed(1)} s, store ${stored.s.toFixed(1)} s, ` +
        `match and classify ${classified.s.toFixed(1)} s; total ${total.toFixed(1)} s`,
    );
    const counts = Object.entries(classified.value.buckets).map(([b, v]) => `${b} ${v.count.toLocaleString('en')}`);
    log(`buckets: ${counts.join(', ')}`);
    log(`difference: ${JSON.stringify(classified.value.difference)}`);
    log(`uptime after: ${execSync('uptime').toString().trim()}`);
    const applyS = await benchApply(db, zone);
    const missed = [
      ...(total > 60 ? [`import ${total.toFixed(1)} s (aim < 60 s)`] : []),
      ...(applyS > 30 ? [`apply ${applyS.toFixed(1)} s (aim < 30 s)`] : []),
    ];
    log(missed.length ? `aim missed: ${missed.join('; ')}` : 'every aim met');
  },
  { prefix: 'panel-bench-reconcile-' },
);
