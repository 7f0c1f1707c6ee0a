import pg from 'pg';
import { pgOf } from '../lib/plain-sql.ts';

/**
 * Group commit for the hot path's single-statement writes (docs/decisions/068-group-commit.md). On this kind of
 * machine a write's cost is mostly its round trip and its commit, not its rows: while one group is on its way, the
 * writes of other requests queue, and the next group sends them together (BEGIN, the statements, COMMIT in one socket
 * write on a pipelined connection) and commits once. Nothing waits for a group to fill: a lone write goes at once.
 *
 * Each caller's promise settles after the COMMIT, so an answer given after it still means "stored". A statement the
 * server refuses rolls its group back; every statement of that group then runs again on its own on the pool, so only
 * the faulty one fails, and only its caller sees it. A lost connection fails the whole group's callers, as a lost pool
 * connection fails its one: whether the COMMIT landed cannot be known.
 */
export type Statement = { name: string; text: string; values: unknown[] };
type Job = { statement: Statement; resolve: (r: pg.QueryResult) => void; reject: (err: unknown) => void };
type Piped = pg.Client & { connection: { stream: { cork(): void; uncork(): void } } };

/** Connections of their own (pipelined, outside the pool), and the most writes one group carries. */
const CONNECTIONS = 2;
const MAX_GROUP = 64;

/** An error the server sent: its transaction is rolled back for sure (a lost connection carries no SQLSTATE). */
const fromServer = (err: unknown) => err instanceof pg.DatabaseError;

export const createGroupCommit = (pool: pg.Pool) => {
  const queue: Job[] = [];
  const idle: Piped[] = [];
  const running = new Set<Promise<void>>();
  let made = 0;
  let closed = false;
  /** Groups committed and the writes they carried (for the benches), and writes run again alone after a rollback. */
  const stats = { groups: 0, writes: 0, alone: 0 };

  const alone = (jobs: Job[]) => {
    for (const job of jobs) pool.query(job.statement).then(job.resolve, job.reject);
  };

  const connect = async () => {
    const { connectionString, statement_timeout } = pool.options as pg.PoolConfig;
    const client = new pg.Client({
      connectionString,
      statement_timeout,
      application_name: 'pxl-group-commit',
      pipeline: true,
    } as pg.ClientConfig) as Piped;
    // A connection lost while idle leaves at once, so no group is sent on it.
    const lost = () => {
      const at = idle.indexOf(client);
      if (at >= 0) {
        idle.splice(at, 1);
        made -= 1;
      }
    };
    client.on('error', lost);
    client.on('end', lost);
    await client.connect();
    return client;
  };

  const send = async (client: Piped, jobs: Job[]) => {
    const { stream } = client.connection;
    let sent: Promise<pg.QueryResult>[];
    stream.cork();
    try {
      sent = [client.query('begin'), ...jobs.map((j) => client.query(j.statement)), client.query('commit')];
    } finally {
      stream.uncork();
    }
    const results = await Promise.allSettled(sent);
    const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    const commit = results[results.length - 1];
    if (!failure && commit.status === 'fulfilled' && commit.value.command === 'COMMIT') {
      stats.groups += 1;
      stats.writes += jobs.length;
      jobs.forEach((j, i) => j.resolve((results[i + 1] as PromiseFulfilledResult<pg.QueryResult>).value));
      return true;
    }
    if (failure && !fromServer(failure.reason)) {
      for (const j of jobs) j.reject(failure.reason);
      return false;
    }
    // Rolled back by a refused statement: each runs again alone, so its own caller gets its own answer.
    stats.alone += jobs.length;
    alone(jobs);
    return true;
  };

  const pump = () => {
    while (queue.length) {
      if (closed) return alone(queue.splice(0));
      const client = idle.pop();
      if (!client) {
        if (made >= CONNECTIONS) return;
        made += 1;
        connect().then(
          (c) => {
            if (closed) {
              made -= 1;
              void c.end().catch(() => {});
            } else idle.push(c);
            pump();
          },
          () => {
            // No connection of our own (the server's limit, say): the writes go one by one on the pool.
            made -= 1;
            alone(queue.splice(0));
          },
        );
        return;
      }
      const group = send(client, queue.splice(0, MAX_GROUP)).then(
        (healthy) => {
          if (healthy && !closed) idle.push(client);
          else {
            made -= 1;
            void client.end().catch(() => {});
          }
        },
        () => {
          made -= 1;
          void client.end().catch(() => {});
        },
      );
      running.add(group);
      void group.finally(() => {
        running.delete(group);
        pump();
      });
    }
  };

  return {
    stats,
    /** Runs the statement in the next group; settles after its COMMIT. Only for writes complete in one statement. */
    query<R extends pg.QueryResultRow = Record<string, unknown>>(statement: Statement): Promise<pg.QueryResult<R>> {
      return new Promise((resolve, reject) => {
        queue.push({ statement, resolve: resolve as Job['resolve'], reject });
        pump();
      });
    },
    async close() {
      closed = true;
      pump();
      await Promise.allSettled(running);
      await Promise.allSettled(idle.splice(0).map((c) => c.end()));
    },
  };
};
export type GroupCommit = ReturnType<typeof createGroupCommit>;

const committers = new WeakMap<object, GroupCommit>();

/** Makes `db`'s pool commit single-statement writes in groups until `close`. */
export const startGroupCommit = (db: unknown) => {
  const pool = pgOf(db) as pg.Pool;
  const gc = createGroupCommit(pool);
  committers.set(pool, gc);
  return {
    stats: gc.stats,
    close: async () => {
      committers.delete(pool);
      await gc.close();
    },
  };
};

/**
 * Where a single-statement write of the hot path goes: the group commit of `db`'s pool when it has one, else
 * straight to the pool, or to the transaction `db` is (its statements commit with it).
 */
export const writerOf = (db: unknown): { query: GroupCommit['query'] } => {
  const client = pgOf(db);
  return committers.get(client) ?? (client as Pick<GroupCommit, 'query'>);
};
