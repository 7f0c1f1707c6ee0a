import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { leadIdempotency } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { refuse } from './lead-refusal.ts';

export type StoredAnswer = { statusCode: number; body: unknown };
type Scope = { apiKeyId: string; key: string };

const WAIT_MS = 30_000;
const POLL_MS = 50;
export const MAX_KEY_LENGTH = 200;

/** The request as the schema read it: the same lead sent twice with other spacing or key order hashes alike. */
export const requestHash = (body: unknown) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

export const validKey = (key: string) => {
  if (key.length > MAX_KEY_LENGTH) throw refuse('validation', undefined, { idempotency_key: `At most ${MAX_KEY_LENGTH} characters` });
  return key;
};

/**
 * Claims the key for this request. The insert decides the race: of five parallel replays exactly one inserts and
 * runs; the others read its row and wait for its answer. Returns null when this request owns the key.
 */
export const claimKey = async (db: Db, scope: Scope, hash: string): Promise<StoredAnswer | null> => {
  const inserted = await db.insert(leadIdempotency).values({ ...scope, requestHash: hash }).onConflictDoNothing().returning({ key: leadIdempotency.key });
  if (inserted.length) return null;
  const started = Date.now();
  for (;;) {
    const [row] = await db.select().from(leadIdempotency)
      .where(and(eq(leadIdempotency.apiKeyId, scope.apiKeyId), eq(leadIdempotency.key, scope.key))).limit(1);
    // The first request failed unexpectedly and gave the key back: this one may run.
    if (!row) return claimKey(db, scope, hash);
    if (row.requestHash !== hash) throw refuse('idempotency_key_reused');
    if (row.statusCode !== null) return { statusCode: row.statusCode, body: row.response };
    if (Date.now() - started > WAIT_MS) throw new AppError(409, { idempotency_key: 'The first request with this key is still running; try again later' });
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
};

export const storeAnswer = (db: Db, scope: Scope, answer: StoredAnswer) =>
  db.update(leadIdempotency).set({ statusCode: answer.statusCode, response: answer.body })
    .where(and(eq(leadIdempotency.apiKeyId, scope.apiKeyId), eq(leadIdempotency.key, scope.key), isNull(leadIdempotency.statusCode)));

/** A server error is not an answer to replay: the key is released so the client's retry runs again. */
export const releaseKey = (db: Db, scope: Scope) =>
  db.delete(leadIdempotency)
    .where(and(eq(leadIdempotency.apiKeyId, scope.apiKeyId), eq(leadIdempotency.key, scope.key), isNull(leadIdempotency.statusCode)));
