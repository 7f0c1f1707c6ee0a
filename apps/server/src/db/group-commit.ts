import pg from 'pg';
import { pgOf } from '../lib/plain-sql.ts';
import type { Db } from './client.ts';

/**
 * Group commit for the hot path's single-statement writes, and pipelined reads (docs/decisions/068-group-commit.md).
 * On this kind of machine a statement's cost is mostly its round trip (and a write's, its commit), not its rows: while
 * one group is on its way, the statements of other requests queue, and the next group sends them together in one
 * socket write on a pipelined connection. Nothing waits for a group to fill: a lone statement goes at once.
 *
 * Writes go as BEGIN, the statements, COMMIT and commit once; each caller's promise settles after the COMMIT, so an
 * answer given after it still means "stored". A statement the server refuses rolls its group back; every statement of
 * that group then runs again on its own on the pool, so only the faulty one fails, and only its caller sees it. Reads
 * go each with its own Sync, outside any transaction: one refused read fails only itself. A lost connection fails the
 * callers of the group on it, as a lost pool connection fails its one (whether the COMMIT landed cannot be known).
 */
type Statement = { name: string; text: string; values: unknown[] };
type Job = { statement: Statement; resolve: (r: pg.QueryResult) => void; reject: (err: unknown) => void };
type Piped = pg.Client & { connection: { stream: { cork(): void; uncork(): void } } };
type Sent = PromiseSettledResult<pg.QueryResult>[];
/** Sends one group on `client` and settles its jobs; false when the connection is no longer fit to use. */
type SendGroup = (client: Piped, jobs: Job[]) => Promise<boolean>;

/**
 * Connections of each lane (pipelined, outside the pool; one each measured as fast as two, with larger groups), and the
 * most statements one group carries.
 */
const CONNECTIONS = 1;
const MAX_GROUP = 64;

/** An error the server sent: the statement (and a transaction it was in) is over for sure; a lost connection has none. */
const fromServer = (err: unknown) => err instanceof pg.DatabaseError;

/** Writes the statements in one socket write and waits for all their answers. */
const pipeline = async (client: Piped, statements: (Statement | string)[]): Promise<Sent> => {
  const { stream } = client.connection;
  let sent: Promise<pg.QueryResult>[];
  stream.cork();
  try {
    sent = statements.map((s) => (typeof s === 'string' ? client.query(s) : client.query(s)));
  } finally {
    stream.uncork();
  }
  return Promise.allSettled(sent);
};

const lane = (pool: pg.Pool, name: string, sendGroup: SendGroup) => {
  const queue: Job[] = [];
  const idle: Piped[] = [];
  const running = new Set<Promise<void>>();
  /** Connections whose socket ended or failed: never used again. */
  const gone = new WeakSet<Piped>();
  let made = 0;
  let closed = false;

  const connect = async () => {
    const { connectionString, statement_timeout } = pool.options as pg.PoolConfig;
    const client = new pg.Client({
      connectionString,
      statement_timeout,
      application_name: name,
      pipeline: true,
    } as pg.ClientConfig) as Piped;
    // A connection lost while idle leaves at once, so no group is sent on it; one lost during a group after it.
    const lost = () => {
      gone.add(client);
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

  const discard = (client: Piped) => {
    made -= 1;
    void client.end().catch(() => {});
  };

  const pump = () => {
    while (queue.length) {
      if (closed) return alone(pool, queue.splice(0));
      const client = idle.pop();
      if (!client) {
        if (made >= CONNECTIONS) return;
        made += 1;
        connect().then(
          (c) => {
            if (closed) discard(c);
            else idle.push(c);
            pump();
          },
          () => {
            // No connection of our own (the server's limit, say): the statements go one by one on the pool.
            made -= 1;
            alone(pool, queue.splice(0));
          },
        );
        return;
      }
      const group = sendGroup(client, queue.splice(0, MAX_GROUP)).then(
        (fit) => (fit && !closed && !gone.has(client) ? void idle.push(client) : discard(client)),
        () => discard(client),
      );
      running.add(group);
      void group.finally(() => {
        running.delete(group);
        pump();
      });
    }
  };

  return {
    query<R extends pg.QueryResultRow = pg.QueryResultRow>(statement: Statement): Promise<pg.QueryResult<R>> {
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

const alone = (pool: pg.Pool, jobs: Job[]) => {
  for (const job of jobs) pool.query(job.statement).then(job.resolve, job.reject);
};

export const createGroupCommit = (pool: pg.Pool) => {
  /** Groups committed and the writes they carried (for the benches), and writes run again alone after a rollback. */
  const stats = { groups: 0, writes: 0, alone: 0 };
  const writes = lane(pool, 'pxl-group-commit', async (client, jobs) => {
    const results = await pipeline(client, ['begin', ...jobs.map((j) => j.statement), 'commit']);
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
    alone(pool, jobs);
    return true;
  });
  const reads = lane(pool, 'pxl-pipelined-reads', async (client, jobs) => {
    const results = await pipeline(
      client,
      jobs.map((j) => j.statement),
    );
    results.forEach((r, i) => (r.status === 'fulfilled' ? jobs[i].resolve(r.value) : jobs[i].reject(r.reason)));
    return results.every((r) => r.status === 'fulfilled' || fromServer(r.reason));
  });
  return {
    stats,
    /** Runs the write in the next group; settles after its COMMIT. Only for writes complete in one statement. */
    query: writes.query,
    /** Runs the read in the next group of reads (no transaction). */
    read: reads.query,
    close: async () => {
      await Promise.all([writes.close(), reads.close()]);
    },
  };
};
export type GroupCommit = ReturnType<typeof createGroupCommit>;

/** A database handle whose hot statements go through `group` (startGroupCommit); everything else as `db`. */
type Grouped = { $group?: GroupCommit };

/**
 * Starts grouping for `db`'s pool. `db` is the handle to give the code whose writes and reads should be grouped (the
 * lead API's and the postback routes' deps): the same database, with the group commit behind `writerOf` and `readerOf`.
 */
export const startGroupCommit = <D extends object>(hot: D) => {
  const gc = createGroupCommit(pgOf(hot) as pg.Pool);
  const db = Object.assign(Object.create(hot) as D, { $group: gc });
  return { db, stats: gc.stats, close: gc.close };
};
export type GroupCommitted = ReturnType<typeof startGroupCommit<Db>>;

/**
 * Where a single-statement write of the hot path goes: the group commit when `db` is a grouped handle, else straight
 * to its pool, or to the transaction `db` is (its statements commit with it).
 */
export const writerOf = (db: unknown): { query: GroupCommit['query'] } =>
  (db as Grouped).$group ?? (pgOf(db) as Pick<GroupCommit, 'query'>);

/** Where a read of the hot path goes: pipelined with other requests' reads when `db` is a grouped handle. */
export const readerOf = (db: unknown): { query: GroupCommit['read'] } => {
  const gc = (db as Grouped).$group;
  return gc ? { query: gc.read } : (pgOf(db) as Pick<GroupCommit, 'query'>);
};
