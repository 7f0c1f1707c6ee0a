// What a request costs, for the profile tables of bench/RESULTS.md: the statements every pg client of this process
// sends (by text, with their round-trip time), and the CPU time of this process and of the PostgreSQL processes.
import inspector from 'node:inspector';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/client.ts';

type Seen = { text: string; n: number; ms: number };

/** Runs `body` counting each statement sent by any pg client of this process, grouped by its text. */
export const statementsDuring = async (body: () => Promise<void>) => {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const seen = new Map<string, Seen>();
  const add = (text: string, ms: number) => {
    const s = seen.get(text) ?? { text, n: 0, ms: 0 };
    s.n += 1;
    s.ms += ms;
    seen.set(text, s);
  };
  proto.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string; name?: string } | undefined;
    const text = (typeof first === 'string' ? first : (first?.text ?? first?.name ?? '?')).replace(/\s+/g, ' ').trim();
    const t0 = performance.now();
    const done = () => add(text, performance.now() - t0);
    const at = args.findIndex((a) => typeof a === 'function');
    if (at >= 0) {
      const cb = args[at] as (...r: unknown[]) => unknown;
      args[at] = (...r: unknown[]) => {
        done();
        return cb(...r);
      };
      return original.apply(this, args);
    }
    const r = original.apply(this, args) as Promise<unknown> | undefined;
    if (r && typeof r.then === 'function') r.then(done, done);
    return r;
  };
  try {
    await body();
  } finally {
    proto.query = original;
  }
  return [...seen.values()].sort((a, b) => b.n - a.n || b.ms - a.ms);
};

/**
 * CPU ms of all PostgreSQL processes on the machine: user and system time from /proc, with the time of ended ones
 * (autovacuum workers, closed connections) that the postmaster collected as its children's.
 */
const postgresCpu = async () => {
  const tick = 1000 / 100; // USER_HZ is 100 on Linux
  const byKind = new Map<string, number>();
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (name !== 'postgres') continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ms = (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * tick;
      // The process title says what it is: a connection of an application, the WAL writer, an autovacuum worker…
      const title = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replaceAll('\0', ' ').trim();
      const kind = title.startsWith('postgres: postgres ')
        ? 'connections'
        : title.replace(/^postgres: /, '').split(' ')[0] || 'postmaster';
      byKind.set(kind, (byKind.get(kind) ?? 0) + ms);
    } catch {
      // The process ended while we read.
    }
  }
  return byKind;
};

/** Runs `body` and tells the CPU ms this process and PostgreSQL spent meanwhile. */
export const cpuDuring = async <T>(body: () => Promise<T>) => {
  const pgBefore = await postgresCpu();
  const before = process.cpuUsage();
  const result = await body();
  const used = process.cpuUsage(before);
  const pgAfter = await postgresCpu();
  const postgresBy = Object.fromEntries(
    [...pgAfter].map(([kind, ms]) => [kind, ms - (pgBefore.get(kind) ?? 0)] as const).filter(([, ms]) => ms > 0),
  );
  return {
    result,
    nodeMs: (used.user + used.system) / 1000,
    nodeSysMs: used.system / 1000,
    postgresMs: Object.values(postgresBy).reduce((a, b) => a + b, 0),
    /** The same by the kind of PostgreSQL process. */
    postgresBy,
  };
};

/** The statements as lines of a table: per request, round-trip ms per request, the text cut short. */
export const statementLines = (seen: Seen[], requests: number) =>
  seen.map(
    (s) =>
      `  ${(s.n / requests).toFixed(2).padStart(5)} × ${(s.ms / s.n).toFixed(2).padStart(6)} ms  ${s.text.slice(0, 150)}`,
  );

/**
 * Runs `body` under V8's CPU profiler when `file` is set, written there for `bench/cpu-top.ts` (the whole process:
 * the server's work, not the seeding before nor the load generator, which runs in a process of its own).
 */
export const cpuProfileDuring = async <T>(file: string | undefined, body: () => Promise<T>) => {
  if (!file) return body();
  const session = new inspector.Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params, (err, res) => (err ? reject(err) : resolve(res))),
    );
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  try {
    return await body();
  } finally {
    const { profile } = (await post('Profiler.stop')) as { profile: unknown };
    await writeFile(file, JSON.stringify(profile));
    session.disconnect();
  }
};

/**
 * With BENCH_PG_STATS=1 (bench/lib.ts): runs `body` and tells what PostgreSQL spent per request on each statement
 * (execution time on the server, nested statements of triggers and functions included), the most first.
 */
export const serverStatementsDuring = async (db: Db, requests: () => number, body: () => Promise<void>) => {
  if (!process.env.BENCH_PG_STATS) {
    await body();
    return [];
  }
  await db.execute(sql`select pg_stat_statements_reset()`);
  await body();
  const n = requests();
  const { rows } = await db.execute<{
    query: string;
    calls: number;
    ms: number;
    plans: number;
    plan_ms: number;
    toplevel: boolean;
  }>(sql`
    select query, calls::int, total_exec_time as ms, plans::int, total_plan_time as plan_ms, toplevel from pg_stat_statements
    where dbid = (select oid from pg_database where datname = current_database()) order by total_exec_time desc limit 15`);
  return rows.map(
    (r) =>
      `  ${(r.calls / n).toFixed(2).padStart(5)} × ${((r.ms / r.calls) * 1000).toFixed(0).padStart(5)} µs = ${((r.ms / n) * 1000).toFixed(0).padStart(5)} µs per request${r.toplevel ? '' : ' (nested)'}${r.plans ? `, planned ${r.plans} times (${((r.plan_ms / n) * 1000).toFixed(0)} µs per request)` : ''}  ${r.query.replace(/\s+/g, ' ').slice(0, 120)}`,
  );
};
