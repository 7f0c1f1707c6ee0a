import type pg from 'pg';
import { isBatch, type MigrationFile } from './migration-files.ts';

/** Where a migration has got to; the hook runs after each committed step (tests and the bench hold the migration there). */
export type Step = { tag: string; statement: number; batch?: number; committed: boolean };
export type StepOptions = {
  lockTimeoutMs: number;
  lockTries: number;
  onStep?: (step: Step) => Promise<void> | void;
  log: (m: string) => void;
};

export const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';
export const PROGRESS_TABLE = 'drizzle.pxl_migration_progress';

const LOCK_NOT_AVAILABLE = '55P03';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `work` until it gets its locks. Each try waits at most lock_timeout; after a refusal everything it took is
 * rolled back, so the migration steps out of the lock queue and traffic queued behind it goes on; it tries again
 * after a pause growing to 10 s.
 */
const politely = async <T>(o: StepOptions, what: string, work: () => Promise<T>): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if ((err as { code?: string }).code !== LOCK_NOT_AVAILABLE) throw err;
      if (attempt >= o.lockTries)
        throw new Error(
          `${what}: no lock within ${o.lockTimeoutMs} ms in ${attempt} tries; a long transaction holds the table (see pg_stat_activity)`,
          { cause: err },
        );
      const pause = Math.min(10_000, 100 * 2 ** attempt) * (0.5 + Math.random() / 2);
      o.log(`${what}: lock not free within ${o.lockTimeoutMs} ms, try ${attempt}; again in ${Math.round(pause)} ms`);
      await sleep(pause);
    }
  }
};

const inTransaction = async <T>(c: pg.Client, o: StepOptions, work: () => Promise<T>) => {
  await c.query('begin');
  try {
    await c.query(`set local lock_timeout = ${Math.max(1, Math.round(o.lockTimeoutMs))}`);
    const out = await work();
    await c.query('commit');
    return out;
  } catch (err) {
    await c.query('rollback').catch(() => {});
    throw err;
  }
};

const record = (c: pg.Client, m: MigrationFile) =>
  c.query(`insert into ${MIGRATIONS_TABLE} (hash, created_at) values ($1, $2)`, [m.hash, m.when]);

/** A migration without the header: all its statements and its record in one transaction, tried again whole. */
export const runInTransaction = (c: pg.Client, m: MigrationFile, o: StepOptions) =>
  politely(o, m.tag, () =>
    inTransaction(c, o, async () => {
      for (const [i, statement] of m.statements.entries()) {
        await c.query(statement);
        await o.onStep?.({ tag: m.tag, statement: i, committed: false });
      }
      await record(c, m);
    }),
  );

type Progress = { step: number; done: boolean; cursor: string | null };
const saveProgress = (c: pg.Client, m: MigrationFile, p: Progress) =>
  c.query(
    `insert into ${PROGRESS_TABLE} (hash, step, done, cursor) values ($1, $2, $3, $4)
     on conflict (hash, step) do update set done = excluded.done, cursor = excluded.cursor`,
    [m.hash, p.step, p.done, p.cursor],
  );

/** Statements PostgreSQL refuses in a transaction block; their lock waits block no writer (SHARE UPDATE EXCLUSIVE). */
const NO_TRANSACTION =
  /^\s*(?:(?:create|drop)\s+(?:unique\s+)?index\s+concurrently|reindex\s.*\bconcurrently\b|vacuum\b)/i;
const CREATE_INDEX_CONCURRENTLY =
  /^\s*create\s+(unique\s+)?index\s+concurrently\s+(?:if\s+not\s+exists\s+)?"?([\w]+)"?\s+on\s+(?:only\s+)?"?([\w]+)"?\s+([\s\S]+)$/i;
const stripComments = (s: string) => s.replace(/^\s*--.*$/gm, '').trim();

/** A crashed CREATE INDEX CONCURRENTLY leaves an invalid index of that name: dropped so the build starts over. */
const buildIndex = async (c: pg.Client, name: string, create: string) => {
  const { rows } = await c.query<{ valid: boolean }>(
    `select indisvalid as valid from pg_index where indexrelid = to_regclass($1)`,
    [`"${name}"`],
  );
  if (rows[0]?.valid === false) await c.query(`drop index concurrently if exists "${name}"`);
  if (rows[0]?.valid !== true) await c.query(create);
};

/**
 * CREATE INDEX CONCURRENTLY on a partitioned table (PostgreSQL refuses it there): an invalid index on the parent
 * alone (a catalog change), then each partition's index built concurrently and attached; the parent's turns valid
 * with the last one. Partitions made later get theirs when they are attached.
 */
const createIndexConcurrently = async (c: pg.Client, o: StepOptions, what: string, statement: string) => {
  const m = CREATE_INDEX_CONCURRENTLY.exec(stripComments(statement));
  const kind = m
    ? (await c.query<{ relkind: string }>(`select relkind from pg_class where oid = to_regclass($1)`, [`"${m[3]}"`]))
        .rows[0]?.relkind
    : undefined;
  if (!m) return c.query(statement);
  if (kind !== 'p') return buildIndex(c, m[2], statement);
  const [, unique = '', name, table, rest] = m;
  await politely(o, what, () =>
    inTransaction(c, o, () => c.query(`create ${unique}index if not exists "${name}" on only "${table}" ${rest}`)),
  );
  const { rows: parts } = await c.query<{ part: string; indexed: boolean }>(
    `select p.relid::regclass::text as part,
            exists (select 1 from pg_inherits i join pg_index x on x.indexrelid = i.inhrelid
                    where i.inhparent = to_regclass($2) and x.indrelid = p.relid) as indexed
       from pg_partition_tree(to_regclass($1)) p where p.isleaf order by 1`,
    [`"${table}"`, `"${name}"`],
  );
  for (const { part } of parts.filter((p) => !p.indexed)) {
    const bare = part.replace(/"/g, '');
    const child = `${name}_${bare.startsWith(`${table}_`) ? bare.slice(table.length + 1) : bare}`.slice(0, 63);
    await buildIndex(c, child, `create ${unique}index concurrently if not exists "${child}" on ${part} ${rest}`);
    await politely(o, what, () =>
      inTransaction(c, o, () => c.query(`alter index "${name}" attach partition "${child}"`)),
    );
  }
};

/** A batch statement run with its cursor until it returns none; each batch commits together with its cursor. */
const runBatches = async (c: pg.Client, m: MigrationFile, o: StepOptions, step: number, from: string | null) => {
  let cursor = from;
  for (let batch = 1; ; batch++) {
    const next = await politely(o, `${m.tag} statement ${step + 1} batch ${batch}`, () =>
      inTransaction(c, o, async () => {
        const { rows } = await c.query<{ next: unknown }>(m.statements[step], [cursor]);
        const value = rows[0]?.next;
        const nextCursor = value === null || value === undefined ? null : String(value);
        await saveProgress(c, m, { step, done: nextCursor === null, cursor: nextCursor });
        return nextCursor;
      }),
    );
    await o.onStep?.({ tag: m.tag, statement: step, batch, committed: true });
    if (next === null) return;
    cursor = next;
  }
};

/**
 * A migration with `-- pxl:no-transaction`: each statement commits on its own with its progress, so a process that
 * dies half-way goes on from the next step; a batch statement goes on from its last committed cursor.
 */
export const runOnline = async (c: pg.Client, m: MigrationFile, o: StepOptions) => {
  const { rows } = await c.query<Progress>(`select step, done, cursor from ${PROGRESS_TABLE} where hash = $1`, [
    m.hash,
  ]);
  const progress = new Map(rows.map((r) => [r.step, r]));
  for (const [i, statement] of m.statements.entries()) {
    const p = progress.get(i);
    if (p?.done) continue;
    const what = `${m.tag} statement ${i + 1}`;
    if (isBatch(statement)) await runBatches(c, m, o, i, p?.cursor ?? null);
    else if (NO_TRANSACTION.test(stripComments(statement))) {
      if (CREATE_INDEX_CONCURRENTLY.test(stripComments(statement)))
        await createIndexConcurrently(c, o, what, statement);
      else await c.query(statement);
      await saveProgress(c, m, { step: i, done: true, cursor: null });
    } else
      await politely(o, what, () =>
        inTransaction(c, o, async () => {
          await c.query(statement);
          await saveProgress(c, m, { step: i, done: true, cursor: null });
        }),
      );
    if (!isBatch(statement)) await o.onStep?.({ tag: m.tag, statement: i, committed: true });
  }
  await inTransaction(c, o, async () => {
    await record(c, m);
    await c.query(`delete from ${PROGRESS_TABLE} where hash = $1`, [m.hash]);
  });
};
