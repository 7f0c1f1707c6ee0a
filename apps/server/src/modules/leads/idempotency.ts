import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { leadIdempotency } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { refuse } from './lead-refusal.ts';

export type StoredAnswer = { statusCode: number; body: unknown };
type Scope = { apiKeyId: string; key: string };

const WAIT_MS = 30_000;
/** A claim whose owner stopped renewing it this long ago belonged to a process that died (docs/decisions/017-starvation-crash-lockout.md). */
export const CLAIM_EXPIRES_MS = 90_000;
export const CLAIM_RENEW_MS = 30_000;
/** Keys and their answers are kept this long; a replay after that runs as a new request. */
export const KEEP_KEYS_HOURS = 24;
export const MAX_KEY_LENGTH = 200;

/** The request as the schema read it: the same lead sent twice with other spacing or key order hashes alike. */
export const requestHash = (body: unknown) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

export const validKey = (key: string) => {
  if (key.length > MAX_KEY_LENGTH)
    throw refuse('validation', undefined, { idempotency_key: `At most ${MAX_KEY_LENGTH} characters` });
  return key;
};

const where = (scope: Scope) => and(eq(leadIdempotency.apiKeyId, scope.apiKeyId), eq(leadIdempotency.key, scope.key));
const idOf = (scope: Scope) => `${scope.apiKeyId}:${scope.key}`;

/** Claims owned by this process: a replay here waits on the owner's promise instead of reading the table. */
const owned = new Map<
  string,
  { hash: string; done: Promise<StoredAnswer | null>; settle: (a: StoredAnswer | null) => void }
>();
const own = (scope: Scope, hash: string) => {
  let settle!: (a: StoredAnswer | null) => void;
  const done = new Promise<StoredAnswer | null>((r) => {
    settle = r;
  });
  owned.set(idOf(scope), { hash, done, settle });
};
const finish = (scope: Scope, answer: StoredAnswer | null) => {
  owned.get(idOf(scope))?.settle(answer);
  owned.delete(idOf(scope));
};

const stillRunning = () =>
  new AppError(409, { idempotency_key: 'The first request with this key is still running; try again later' });
const withinWait = <T>(p: Promise<T>, ms: number) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(stillRunning()), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });

/** Takes over a claim whose owner stopped renewing it: exactly one of several takers gets the row. */
const takeOver = async (db: Db, scope: Scope, hash: string) =>
  (
    await db
      .update(leadIdempotency)
      .set({ requestHash: hash, aliveAt: sql`now()`, createdAt: sql`now()` })
      .where(
        and(
          where(scope),
          isNull(leadIdempotency.statusCode),
          lt(leadIdempotency.aliveAt, sql`now() - make_interval(secs => ${CLAIM_EXPIRES_MS / 1000})`),
        ),
      )
      .returning({ key: leadIdempotency.key })
  ).length > 0;

/**
 * Claims the key for this request. The insert decides the race: of five parallel replays exactly one inserts and
 * runs; the others wait for its answer — on the owner's promise when it runs in this process (taken before the insert,
 * so a replay arriving during it waits too), else reading the row at a growing interval (50 ms doubling to 1 s).
 * Returns null when this request owns the key.
 */
export const claimKey = async (
  db: Db,
  scope: Scope,
  hash: string,
  started = Date.now(),
): Promise<StoredAnswer | null> => {
  const here = owned.get(idOf(scope));
  if (here) {
    if (here.hash !== hash) throw refuse('idempotency_key_reused');
    // Null: the owner gave the key back (a server error) or another process holds it; either way, try again.
    return (await withinWait(here.done, WAIT_MS - (Date.now() - started))) ?? claimKey(db, scope, hash, started);
  }
  own(scope, hash);
  try {
    const inserted = await db
      .insert(leadIdempotency)
      .values({ ...scope, requestHash: hash })
      .onConflictDoNothing()
      .returning({ key: leadIdempotency.key });
    if (inserted.length) return null;
  } catch (err) {
    finish(scope, null);
    throw err;
  }
  finish(scope, null);
  for (let pause = 50; ; pause = Math.min(pause * 2, 1000)) {
    const [row] = await db.select().from(leadIdempotency).where(where(scope)).limit(1);
    if (!row) return claimKey(db, scope, hash, started);
    if (row.requestHash !== hash) throw refuse('idempotency_key_reused');
    if (row.statusCode !== null) return { statusCode: row.statusCode, body: row.response };
    if (await takeOver(db, scope, hash)) {
      own(scope, hash);
      return null;
    }
    if (Date.now() - started > WAIT_MS) throw stillRunning();
    await new Promise((r) => setTimeout(r, pause));
  }
};

/** The owner renews its claim while it runs, so a long waterfall is never taken for a dead one. */
export const renewClaim = (db: Db, scope: Scope) =>
  db
    .update(leadIdempotency)
    .set({ aliveAt: sql`now()` })
    .where(and(where(scope), isNull(leadIdempotency.statusCode)));

export const storeAnswer = async (db: Db, scope: Scope, answer: StoredAnswer) => {
  try {
    await db
      .update(leadIdempotency)
      .set({ statusCode: answer.statusCode, response: answer.body })
      .where(and(where(scope), isNull(leadIdempotency.statusCode)));
  } finally {
    finish(scope, answer);
  }
};

/** A server error is not an answer to replay: the key is released so the client's retry runs again. */
export const releaseKey = async (db: Db, scope: Scope) => {
  try {
    await db.delete(leadIdempotency).where(and(where(scope), isNull(leadIdempotency.statusCode)));
  } finally {
    finish(scope, null);
  }
};

export const pruneKeys = (db: Db) =>
  db
    .delete(leadIdempotency)
    .where(lt(leadIdempotency.createdAt, sql`now() - make_interval(hours => ${KEEP_KEYS_HOURS})`));
