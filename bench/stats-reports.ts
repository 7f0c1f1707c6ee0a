// The general report of `npm run bench:stats`: the real engine over the rollups against the same engine over the raw
// tables (its `source: 'raw'`), and a plain SQL count over the click table, all in the same run.
import { sql } from 'drizzle-orm';
import { generalQuerySchema, type GeneralReport } from '@pxl/contract';
import type { Db } from '../apps/server/src/db/client.ts';
import type { AuthContext } from '../apps/server/src/lib/auth-context.ts';
import { addDays, todayIn, generalReport, reportSource } from '../apps/server/src/modules/statistic/index.ts';
import { dashboardSummary } from '../apps/server/src/modules/dashboard/index.ts';
import { ms } from './lib.ts';

export const ROLLUP_RUNS = Number(process.env.BENCH_RUNS ?? 30);
const RAW_RUNS = Number(process.env.BENCH_RAW_RUNS ?? 3);

export type Timing = { p50: number; p95: number; max: number; runs: number };

/** `n` runs one after the other (one warm-up run first, not counted); percentiles of the wall time. */
export const timeRuns = async (n: number, body: () => Promise<unknown>): Promise<Timing> => {
  await body();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await body();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(times.length * q) - 1)];
  return { p50: at(0.5), p95: at(0.95), max: times[times.length - 1], runs: n };
};

// The two reports the speed aim is set for, and for reference one that only the finer rollups answer (landing, device and OS are
// not in the zone-day table): its time is printed, not held to the aim.
const CASES = [
  { name: '30 days by day', group: 'day', aim: true },
  { name: '30 days by offer × geo', group: 'offer,geo', aim: true },
  { name: '30 days by device × OS (reference)', group: 'device,os', aim: false },
] as const;
const ZONES = [
  { tz: 'Europe/Kyiv', note: 'partner zone' },
  { tz: 'UTC', note: 'UTC' },
] as const;

const TABLES = { core: 'stats_daily_core', hourly: 'stats_hourly', daily: 'stats_daily', raw: 'raw tables' } as const;

/** The same numbers whichever source answered (money maps compared as JSON). */
const sameFigures = (a: GeneralReport, b: GeneralReport) =>
  JSON.stringify(a.totals) === JSON.stringify(b.totals) &&
  a.count === b.count &&
  JSON.stringify(a.list) === JSON.stringify(b.list);

export const benchReports = async (db: Db, auth: AuthContext, log: (m: string) => void) => {
  const misses: string[] = [];
  for (const z of ZONES) {
    const to = todayIn(z.tz);
    for (const c of CASES) {
      // What the general screen sends: a kind (direct-link statistics), the period, the zone, the grouping.
      const q = generalQuerySchema.parse({
        kind: 'direct_link',
        date_from: addDays(to, -29),
        date_to: to,
        tz: z.tz,
        group: c.group,
      });
      let rolled: GeneralReport | undefined;
      let raw: GeneralReport | undefined;
      const fast = await timeRuns(ROLLUP_RUNS, async () => {
        rolled = await generalReport(db, auth, q);
      });
      const slow = await timeRuns(RAW_RUNS, async () => {
        raw = await generalReport(db, auth, q, { source: 'raw' });
      });
      if (rolled!.source !== 'rollup') throw new Error(`${c.name} in ${z.tz} was answered from ${rolled!.source}`);
      const ratio = slow.p50 / fast.p50;
      log(
        `${c.name}, ${z.note} (${TABLES[await reportSource(db, auth, q)]}): rollup p50 ${ms(fast.p50)}, p95 ${ms(fast.p95)} (max ${ms(fast.max)}, ${fast.runs} runs); ` +
          `raw p50 ${ms(slow.p50)} (${slow.runs} runs); raw/rollup ${ratio.toFixed(0)}×; ` +
          `${rolled!.totals.clicks.toLocaleString('en')} clicks, ${rolled!.count} rows; figures ${sameFigures(rolled!, raw!) ? 'equal' : 'DIFFER'}`,
      );
      if (!c.aim) continue;
      if (fast.p95 > 100) misses.push(`${c.name} (${z.tz}): p95 ${ms(fast.p95)} > 100 ms`);
      if (slow.p50 / fast.p95 < 20)
        misses.push(`${c.name} (${z.tz}): raw p50 / rollup p95 = ${(slow.p50 / fast.p95).toFixed(1)} < 20`);
    }
  }
  // For reference: the plainest count of the same kind straight on the click table (every kind of offer, UTC days).
  const plain = await timeRuns(RAW_RUNS, () =>
    db.execute(sql`select date_trunc('day', created_at), count(*), count(*) filter (where is_unique)
    from clicks where created_at > now() - interval '30 days' group by 1`),
  );
  log(
    `plain SQL: 30 days of clicks by UTC day, straight on the click table: p50 ${ms(plain.p50)} (${plain.runs} runs)`,
  );
  return misses;
};

/** The dashboard as each side opens it (every figure, the 30-day chart, tops, caps): printed, no aim of its own. */
export const benchDashboard = async (
  db: Db,
  users: { name: string; auth: AuthContext }[],
  log: (m: string) => void,
) => {
  for (const u of users) {
    const t = await timeRuns(ROLLUP_RUNS, () => dashboardSummary(db, u.auth));
    log(`dashboard, ${u.name}: p50 ${ms(t.p50)}, p95 ${ms(t.p95)} (max ${ms(t.max)}, ${t.runs} runs)`);
  }
};
