import PgBoss from 'pg-boss';
import pg from 'pg';
import type { Db } from '../db/client.ts';
import { jobFailures } from '../lib/metrics.ts';

/** Every queue the app uses; created on start (pg-boss 10 needs a queue before send or work). */
export const QUEUES = {
  postback: 'postback-delivery',
  hold: 'conversion-hold',
  leadPullSchedule: 'lead-status-schedule',
  leadPull: 'lead-status-pull',
  mail: 'mail-delivery',
  mailSweep: 'mail-sweep',
  coldAdd: 'cold-add',
  coldSchedule: 'cold-distribution-schedule',
  partitions: 'partition-maintenance',
  backupSchedule: 'backup-schedule',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
/** Stately: at most one waiting and one running job per singletonKey (one status pull per product). */
const POLICIES: Partial<Record<QueueName, PgBoss.QueuePolicy>> = { [QUEUES.leadPull]: 'stately' };
const createQueues = async (boss: PgBoss) => {
  for (const name of Object.values(QUEUES)) await boss.createQueue(name, { name, policy: POLICIES[name] });
};

export type JobOptions = {
  startAfterSeconds?: number;
  retryLimit?: number;
  retryDelay?: number;
  singletonKey?: string;
};
export type Jobs = {
  send: (queue: QueueName, data: object, options?: JobOptions) => Promise<string | null>;
  work: <T>(queue: QueueName, handler: (data: T) => Promise<void>) => Promise<void>;
  schedule: (queue: QueueName, cron: string) => Promise<void>;
  start: () => Promise<void>;
  stop: () => Promise<void>;
};

type Executor = { executeSql: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }> };
const executorOf = (client: pg.Pool | pg.PoolClient): Executor => ({
  executeSql: (text, values) => client.query(text, values),
});

const sendOptions = (o: JobOptions = {}): PgBoss.SendOptions => ({
  ...(o.startAfterSeconds && { startAfter: o.startAfterSeconds }),
  ...(o.singletonKey && { singletonKey: o.singletonKey }),
  // A handler that throws (the database gone, say) is run again; delivery retries are scheduled by the handlers themselves.
  retryLimit: o.retryLimit ?? DEFAULT_RETRY.limit,
  retryDelay: o.retryDelay ?? DEFAULT_RETRY.delaySeconds,
  retryBackoff: true,
});

const DEFAULT_RETRY = { limit: 3, delaySeconds: 30 };

/**
 * A pg-boss job row written by a statement of our own, as `send` with the default options writes it (pg-boss 10's
 * `job` table: the other columns take their defaults). For the hottest paths, where the job must commit with the
 * change that caused it and a transaction's extra round trips show: `data` is a SQL expression over `from`.
 * The postback tests deliver through jobs queued this way, so a pg-boss upgrade that changes the table fails them.
 */
export const jobInsertSql = (queue: QueueName, data: string, from: string) =>
  `insert into pgboss.job (name, data, retry_limit, retry_delay, retry_backoff)
    select '${queue}', ${data}, ${DEFAULT_RETRY.limit}, ${DEFAULT_RETRY.delaySeconds}, true from ${from}`;

/** pg-boss's tables and our queues; idempotent. The test harness runs it once on the template database. */
export const installJobs = async (pool: pg.Pool) => {
  const boss = new PgBoss({ db: executorOf(pool), supervise: false, schedule: false });
  await boss.start();
  await createQueues(boss);
  await boss.stop({ graceful: false, close: false });
};

/**
 * Never started: it only writes job rows through the connection it is given, so a job can join the caller's
 * transaction (queued exactly when the change that caused it commits). Any app's database works with it.
 */
const writer = new PgBoss({ db: { executeSql: () => Promise.reject(new Error('pass a connection')) } });

/** Queues a job inside a Drizzle transaction (node-postgres): the job exists only if the transaction commits. */
export const sendInTx = async (tx: unknown, queue: QueueName, data: object, options?: JobOptions) => {
  // Drizzle keeps the transaction's pool client on its session; not typed, but stable in drizzle-orm 0.x node-postgres.
  const client = (tx as { session?: { client?: pg.PoolClient } }).session?.client;
  if (!client?.query) throw new Error('sendInTx needs a node-postgres transaction');
  return writer.send(queue, data, { ...sendOptions(options), db: executorOf(client) });
};

const START_LOCK_ID = 727275;

/** Processes starting together (WORKERS, several hosts) would race to create pg-boss's schema and queues. */
const underStartLock = async (pool: pg.Pool, fn: () => Promise<void>) => {
  const lock = new pg.Client(pool.options);
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [START_LOCK_ID]);
    await fn();
  } finally {
    await lock.end();
  }
};

/**
 * Before the server listens, on a database pg-boss has never seen: a request may queue a job before the background
 * start (lib/background.ts) has run. A catalog read, so a busy job table cannot hold it up.
 */
export const installJobsIfMissing = async (pool: pg.Pool) => {
  const { rows } = await pool.query(`select 1 from pg_namespace where nspname = 'pgboss'`);
  if (rows.length === 0) await underStartLock(pool, () => installJobs(pool));
};

export type JobsOptions = { pollingIntervalSeconds?: number; onError?: (err: unknown) => void };

/** pg-boss on the app's own pool: no second set of connections. */
export const createJobs = (db: Db, o: JobsOptions = {}): Jobs => {
  const boss = new PgBoss({ db: executorOf(db.$client), migrate: true });
  boss.on('error', (err) => o.onError?.(err));
  let started = false;
  return {
    send: (queue, data, options) => boss.send(queue, data, sendOptions(options)),
    work: async (queue, handler) => {
      await boss.work<object>(
        queue,
        { pollingIntervalSeconds: o.pollingIntervalSeconds ?? 2, batchSize: 1 },
        async (jobs) => {
          for (const job of jobs)
            await handler(job.data as never).catch((err: unknown) => {
              jobFailures.inc({ queue });
              throw err;
            });
        },
      );
    },
    schedule: (queue, cron) => boss.schedule(queue, cron, {}, { retryLimit: 0 }),
    start: () =>
      underStartLock(db.$client, async () => {
        await boss.start();
        started = true;
        await createQueues(boss);
      }),
    // Graceful: a delivery in flight (at most its 10 s timeout) finishes before the pool closes.
    stop: async () => {
      if (started) await boss.stop({ graceful: true, close: false, timeout: 12_000 });
      started = false;
    },
  };
};
