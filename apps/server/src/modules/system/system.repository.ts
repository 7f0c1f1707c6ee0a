import { sql, type SQL } from 'drizzle-orm';
import { SYSTEM_COUNT_CAP, PROCESS_GONE_AFTER_SECONDS, type MailStatus } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { QUEUES } from '../../jobs/jobs.ts';

// Every read here is bounded whatever the data grows to (docs/product/system.md): catalog reads, estimates from
// pg_class.reltuples (or the statistics' live rows before an analyze), index scans stopped at SYSTEM_COUNT_CAP + 1 rows, never a count over clicks or a log.

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const capped = (from: SQL) => sql`(select count(*)::int from (${from} limit ${SYSTEM_COUNT_CAP + 1}) capped)`;

export const selectNow = async (db: Db) => {
  const { rows } = await db.execute<{ now: Date }>(sql`select now() as now`);
  return iso(rows[0].now)!;
};

export const selectProcesses = async (db: Db) => {
  const { rows } = await db.execute<{
    id: string;
    host: string;
    pid: number;
    version: string;
    started_at: Date;
    last_seen: Date;
    running: boolean;
  }>(sql`
    select id, host, pid, version, started_at, last_seen,
      last_seen > now() - make_interval(secs => ${PROCESS_GONE_AFTER_SECONDS}) as running
    from server_processes order by running desc, started_at desc, host, pid limit 200`);
  return rows.map((r) => ({ ...r, started_at: iso(r.started_at)!, last_seen: iso(r.last_seen)! }));
};

export type RelationRow = {
  schema: string;
  name: string;
  /** The top-level partitioned table of a partition (pg_partition_root), else null. */
  root_schema: string | null;
  root_name: string | null;
  bytes: number;
  /** pg_class.reltuples, or the statistics' live-row count before the first analyze; -1 when neither knows. */
  rows_about: number;
};

/**
 * Tables and partitions outside PostgreSQL's own schemas (a partition that is itself partitioned has no storage: only
 * its leaves are read), with sizes from the files on disk (pg_total_relation_size:
 * table, indexes and TOAST) and the planner's row estimates.
 */
export const selectRelationSizes = async (db: Db) => {
  const { rows } = await db.execute<RelationRow>(sql`
    select n.nspname as schema, c.relname as name, rn.nspname as root_schema, r.relname as root_name,
      pg_total_relation_size(c.oid)::float8 as bytes,
      coalesce(nullif(c.reltuples, -1), s.n_live_tup, -1)::float8 as rows_about
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
      left join pg_stat_user_tables s on s.relid = c.oid
      left join pg_class r on c.relispartition and r.oid = pg_partition_root(c.oid)
      left join pg_namespace rn on rn.oid = r.relnamespace
    where (c.relkind = 'r' or (c.relkind = 'p' and not c.relispartition))
      and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
      and n.nspname not like 'pg_temp%'`);
  const { rows: total } = await db.execute<{ bytes: number }>(
    sql`select pg_database_size(current_database())::float8 as bytes`,
  );
  return { relations: rows, totalBytes: total[0].bytes };
};

export type QueueCounts = { name: string; waiting: number; active: number; failed: number };

/**
 * pg-boss 10 keeps each queue's jobs in a partition of its own and archives finished ones after 12 hours, so these
 * scans cover half a day of one queue at most; each count still stops at the cap.
 */
export const selectQueueDepths = async (db: Db): Promise<QueueCounts[]> => {
  const inState = (states: string[]) =>
    capped(sql`select 1 from pgboss.job j where j.name = q.name and j.state::text in ${states}`);
  const { rows } = await db.execute<QueueCounts>(sql`
    select q.name, ${inState(['created', 'retry'])} as waiting, ${inState(['active'])} as active,
      ${inState(['failed'])} as failed
    from unnest(${sql.param(Object.values(QUEUES))}::text[]) with ordinality as q(name, n) order by q.n`);
  return rows;
};

type ScheduleRow = {
  name: string;
  cron: string;
  state: string | null;
  created_on: Date | null;
  started_on: Date | null;
  completed_on: Date | null;
};

/**
 * Each schedule's newest job: in the job table (its own queue's partition), else in the archive among the jobs
 * archived in the last two days (a daily job is archived 12 hours after it ends); the archive is read backwards by
 * its archived_on index and stops at the first match.
 */
export const selectScheduleRuns = async (db: Db) => {
  const { rows } = await db.execute<ScheduleRow>(sql`
    select s.name, s.cron, last.state, last.created_on, last.started_on, last.completed_on
    from pgboss.schedule s
    left join lateral (
      select * from (
        (select state::text, created_on, started_on, completed_on from pgboss.job j
          where j.name = s.name order by created_on desc limit 1)
        union all
        (select state::text, created_on, started_on, completed_on from pgboss.archive a
          where a.name = s.name and a.archived_on > now() - interval '2 days' order by archived_on desc limit 1)
      ) both_tables order by created_on desc limit 1
    ) last on true
    order by s.name`);
  return rows.map((r) => ({
    name: r.name,
    cron: r.cron,
    last_run:
      r.state === null
        ? null
        : {
            state: r.state,
            created_on: iso(r.created_on)!,
            started_on: iso(r.started_on),
            completed_on: iso(r.completed_on),
          },
  }));
};

/** Per status through mail_outbox_status_idx, each stopped at the cap: sent mail is never pruned. */
export const selectMailCounts = async (db: Db, statuses: readonly MailStatus[]) => {
  const { rows } = await db.execute<{ status: MailStatus; count: number }>(sql`
    select s.status, ${capped(sql`select 1 from mail_outbox m where m.status = s.status`)} as count
    from unnest(${sql.param(statuses)}::text[]) with ordinality as s(status, n) order by s.n`);
  return rows;
};

export const selectRejectedRows = async (db: Db) => {
  const { rows } = await db.execute<{ count: number }>(
    sql`select ${capped(sql`select 1 from rejected_rows`)} as count`,
  );
  const { rows: newest } = await db.execute<{ created_at: Date; writer: string; reason: string }>(
    sql`select created_at, writer, reason from rejected_rows order by id desc limit 1`,
  );
  return {
    count: rows[0].count,
    newest: newest[0] ? { ...newest[0], created_at: iso(newest[0].created_at)! } : null,
  };
};
