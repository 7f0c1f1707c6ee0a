import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * The append-only logs partitioned by time (migrations 0029 and 0031, docs/decisions/030-partitions-and-retention.md):
 * clicks by UTC week, the postback logs and the lead attempts' stored requests and answers by UTC month. Each has a DEFAULT partition, so a row outside the partitions made is stored
 * anyway (the click writer must never lose a click).
 */
export type Unit = 'week' | 'month';
export type Retained = 'clicks' | 'logs';
export type PartitionedTable = { table: string; column: string; unit: Unit; retained: Retained };
export const PARTITIONED: readonly PartitionedTable[] = [
  { table: 'clicks', column: 'created_at', unit: 'week', retained: 'clicks' },
  { table: 'inbound_postbacks', column: 'created_at', unit: 'month', retained: 'logs' },
  { table: 'outbound_attempts', column: 'at', unit: 'month', retained: 'logs' },
  { table: 'lead_attempt_bodies', column: 'created_at', unit: 'month', retained: 'logs' },
];
/** Partitions made ahead of today: four weeks, two months (the job runs hourly, so many runs may fail before it matters). */
export const AHEAD: Record<Unit, number> = { week: 4, month: 2 };

const DAY_MS = 86_400_000;

/** The first instant of the UTC week (Monday) or month holding `at`. */
export const periodStart = (unit: Unit, at: Date): Date => {
  if (unit === 'month') return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  return new Date(day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS);
};
export const addPeriods = (unit: Unit, start: Date, n: number): Date =>
  unit === 'month'
    ? new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + n, 1))
    : new Date(start.getTime() + n * 7 * DAY_MS);
const ymd = (d: Date) => d.toISOString().slice(0, 10);
/** The same names migration 0029 gives: the table, `_p` and the first day. */
export const partitionName = (table: string, start: Date) => `${table}_p${ymd(start).replaceAll('-', '')}`;
export const defaultPartition = (table: string) => `${table}_default`;

export type Partition = { name: string; from: Date; to: Date };

/** The range partitions of a table, oldest first (its DEFAULT partition aside). */
export const partitionsOf = async (db: Db, table: string): Promise<Partition[]> => {
  const { rows } = await db.execute<{ name: string; from: Date | string; to: Date | string }>(sql`
    select name, b[1]::timestamptz as "from", b[2]::timestamptz as "to" from (
      select c.relname as name,
        regexp_match(pg_get_expr(c.relpartbound, c.oid), 'FROM [(]''([^'']+)''[)] TO [(]''([^'']+)''[)]') as b
      from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = to_regclass(${table})) p
    where b is not null order by 2`);
  return rows.map((r) => ({ name: r.name, from: new Date(r.from), to: new Date(r.to) }));
};

const ident = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);
// Short waits for locks: a partition is attached or dropped between the click writer's batches, never in front of them
// for long behind a slow report; what cannot get its lock now is done by a later run.
const LOCK_TIMEOUT = sql.raw(`set local lock_timeout = '3s'`);
// One maintainer at a time across processes (boot and the hourly job may meet).
const LOCK_KEY = 0x70_61_72_74; // "part"

/**
 * Makes the partition [from, to) of `t`: a plain table first, filled with the DEFAULT partition's rows of that range,
 * then attached. Attaching locks the parent less than CREATE TABLE … PARTITION OF does, and a DEFAULT partition holding
 * rows of the range would refuse the latter.
 */
const makePartition = async (db: Db, t: PartitionedTable, from: Date, to: Date) => {
  const name = partitionName(t.table, from);
  const [table, part, dflt, col] = [ident(t.table), ident(name), ident(defaultPartition(t.table)), ident(t.column)];
  const [a, b] = [from.toISOString(), to.toISOString()];
  await db.transaction(async (tx) => {
    await tx.execute(LOCK_TIMEOUT);
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
    const { rows } = await tx.execute(sql`select 1 from pg_class where relname = ${name}`);
    if (rows.length) return;
    await tx.execute(sql`create table ${part} (like ${table} including defaults including constraints)`);
    await tx.execute(sql`with moved as (delete from ${dflt} where ${col} >= ${a} and ${col} < ${b} returning *)
      insert into ${part} select * from moved`);
    await tx.execute(
      sql`alter table ${table} attach partition ${part} for values from (${sql.raw(`'${a}'`)}) to (${sql.raw(`'${b}'`)})`,
    );
  });
  return name;
};

export type MaintenanceResult = { created: string[]; dropped: string[]; failed: { name: string; error: string }[] };

/**
 * Earlier periods the DEFAULT partition holds rows of (a demo seeded with past traffic, a restored dump, a clock that
 * was off), up to 10 years back as migration 0029: made too, so those rows move where retention can drop them.
 */
const heldEarlier = async (db: Db, t: PartitionedTable, before: Date): Promise<Date[]> => {
  const col = ident(t.column);
  const { rows } = await db.execute<{ start: Date | string }>(sql`
    select distinct date_trunc(${t.unit}, ${col} at time zone 'UTC') at time zone 'UTC' as start
    from ${ident(defaultPartition(t.table))}
    where ${col} >= now() - interval '3660 days' and ${col} < ${before.toISOString()}`);
  return rows.map((r) => new Date(r.start));
};

/** Makes the partitions of this period and the next ones (AHEAD) that are missing, and the earlier ones rows wait for. */
export const ensurePartitions = async (db: Db, now = new Date()): Promise<MaintenanceResult> => {
  const out: MaintenanceResult = { created: [], dropped: [], failed: [] };
  for (const t of PARTITIONED) {
    const have = await partitionsOf(db, t.table);
    const first = periodStart(t.unit, now);
    const starts = [
      ...(await heldEarlier(db, t, first)),
      ...Array.from({ length: AHEAD[t.unit] + 1 }, (_, i) => addPeriods(t.unit, first, i)),
    ];
    for (const from of starts) {
      const to = addPeriods(t.unit, from, 1);
      // Any overlap counts as made: bounds chosen otherwise (by hand, say) are left alone rather than refused.
      if (have.some((p) => p.from < to && p.to > from)) continue;
      try {
        out.created.push(await makePartition(db, t, from, to));
      } catch (err) {
        out.failed.push({ name: partitionName(t.table, from), error: String((err as Error).message ?? err) });
      }
    }
  }
  return out;
};

/** Days kept per kind of log; a partition goes once its last instant is older than that many days before today (UTC). */
export type RetentionDays = Record<Retained, number>;
export const cutoffOf = (days: number, now = new Date()) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - days * DAY_MS);

const EXPIRED = '_expired';
/** Tables detached by an earlier run whose drop did not happen (the process stopped between the two). */
const leftovers = async (db: Db, table: string) =>
  (
    await db.execute<{ name: string }>(sql`select relname as name from pg_class
      where relkind = 'r' and not relispartition and relname like ${`${table}_p%${EXPIRED}`.replaceAll('_', '\\_')}`)
  ).rows.map((r) => r.name);

/**
 * Drops whole partitions older than the retention, and deletes the DEFAULT partition's rows older than it (rows that
 * fell outside every partition: few). A partition is dropped only when all of it is past the cutoff, so a log keeps
 * up to one partition (a week of clicks, a month of postbacks) longer than its days. It is detached first (a catalog
 * change under the parent's lock) and dropped after: removing a 10 M-click partition's files takes seconds
 * (`bench/RESULTS.md`), and the click writer must not wait for them.
 */
export const dropExpired = async (db: Db, days: RetentionDays, now = new Date()): Promise<MaintenanceResult> => {
  const out: MaintenanceResult = { created: [], dropped: [], failed: [] };
  for (const t of PARTITIONED) {
    const cutoff = cutoffOf(days[t.retained], now);
    const detached = await leftovers(db, t.table);
    for (const p of await partitionsOf(db, t.table)) {
      if (p.to > cutoff) break;
      try {
        await db.transaction(async (tx) => {
          await tx.execute(LOCK_TIMEOUT);
          await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
          await tx.execute(sql`alter table ${ident(t.table)} detach partition ${ident(p.name)}`);
          await tx.execute(sql`alter table ${ident(p.name)} rename to ${ident(p.name + EXPIRED)}`);
        });
        detached.push(p.name + EXPIRED);
      } catch (err) {
        out.failed.push({ name: p.name, error: String((err as Error).message ?? err) });
      }
    }
    for (const name of detached) {
      try {
        await db.execute(sql`drop table if exists ${ident(name)}`);
        out.dropped.push(name.slice(0, -EXPIRED.length));
      } catch (err) {
        out.failed.push({ name, error: String((err as Error).message ?? err) });
      }
    }
    await db.execute(
      sql`delete from ${ident(defaultPartition(t.table))} where ${ident(t.column)} < ${cutoff.toISOString()}`,
    );
  }
  return out;
};

/** The first day (UTC, YYYY-MM-DD) of the oldest partition still held, or null when the table has none. */
export const oldestKeptDay = async (db: Db, table: string): Promise<string | null> => {
  const [oldest] = await partitionsOf(db, table);
  return oldest ? ymd(oldest.from) : null;
};
