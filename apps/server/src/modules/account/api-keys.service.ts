import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { apiKeySchema } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { apiKeys, users } from '../../db/schema.ts';
import { writeAudit } from '../../lib/audit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { ReloadCache, type ChangeSource } from '../../lib/reload-cache.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import type { AuthContext, SessionUser } from '../../lib/auth-context.ts';
import { actorOf } from './account.guard.ts';

export const MAX_ACTIVE_KEYS = 10;
const KEY_PREFIX = 'pxl_';

/** `pxl_` marks the string as ours (secret scanners, support); 32 random bytes make guessing pointless. */
const newApiKey = () => KEY_PREFIX + randomBytes(32).toString('base64url');

const toApiKey = (k: typeof apiKeys.$inferSelect): z.output<typeof apiKeySchema> => ({
  uuid: k.id,
  name: k.name,
  prefix: k.prefix,
  created_at: k.createdAt.toISOString(),
  last_used_at: k.lastUsedAt?.toISOString() ?? null,
});

export const listApiKeys = async (db: Db, userId: string) => {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt));
  return { list: rows.map(toApiKey) };
};

export const createApiKey = async (db: Db, secrets: Secrets, auth: AuthContext, name: string, ip: string) => {
  const key = newApiKey();
  const row = await db.transaction(async (tx) => {
    // Lock the owner so two concurrent creations cannot both pass the limit check.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, auth.user.id)).for('update');
    const [{ active }] = await tx
      .select({ active: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, auth.user.id), isNull(apiKeys.revokedAt)));
    if (active >= MAX_ACTIVE_KEYS)
      throw badRequest('api_key', `At most ${MAX_ACTIVE_KEYS} active API keys; revoke one first`);
    const [created] = await tx
      .insert(apiKeys)
      .values({
        userId: auth.user.id,
        name,
        prefix: key.slice(KEY_PREFIX.length, KEY_PREFIX.length + 8),
        keyHash: sha256Hex(key),
        keyEnc: secrets.encrypt(key),
      })
      .returning();
    return created;
  });
  await writeAudit(db, {
    action: 'api_key_create',
    actorId: actorOf(auth),
    subjectId: auth.user.id,
    ip,
    details: { name, prefix: row.prefix },
  });
  return { ...toApiKey(row), key };
};

export const revokeApiKey = async (db: Db, auth: AuthContext, id: string, ip: string) => {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, auth.user.id), isNull(apiKeys.revokedAt)))
    .returning();
  // Another user's key answers like a missing one, so ids cannot be probed.
  if (!row) throw notFound('API key');
  await writeAudit(db, {
    action: 'api_key_revoke',
    actorId: actorOf(auth),
    subjectId: auth.user.id,
    ip,
    details: { name: row.name, prefix: row.prefix },
  });
  return {};
};

export type ApiKeyAuth = { auth: AuthContext; apiKey: { id: string; name: string } };

/** Statuses whose keys work: the same as may sign in (a banned affiliate's traffic goes to trafficback elsewhere). */
const KEY_STATUSES = ['active', 'not_active'];

const keyQuery = (db: Db) =>
  db
    .select({
      keyId: apiKeys.id,
      keyName: apiKeys.name,
      lastUsedAt: apiKeys.lastUsedAt,
      id: users.id,
      email: users.email,
      role: users.role,
      managerType: users.managerType,
      status: users.status,
      managerId: users.managerId,
      teamLeadId: users.teamLeadId,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(
      and(
        eq(apiKeys.keyHash, sql.placeholder('hash')),
        isNull(apiKeys.revokedAt),
        eq(users.role, 'affiliate'),
        inArray(users.status, KEY_STATUSES),
      ),
    )
    .limit(1)
    .prepare('api-key-by-hash');

type KeyRow = Awaited<ReturnType<ReturnType<typeof keyQuery>['execute']>>[number];

export const KEY_CACHE_TTL_MS = 10_000;

/**
 * Resolves a lead API key: the live key joined with an affiliate still allowed in; null when any of that fails. Made
 * once per app at start (services.ts) on the hot pool: the query is planned once per connection, and live keys are
 * held by hash, so a key seen before costs no round trip (the lead API's hottest read). A revoked, deleted or new key
 * and an affiliate's status change notify `pxl_cache` (migrations 0005, 0030) and every process drops its copy; the
 * TTL bounds what does not notify (the affiliate's manager, say). Misses are not kept, so a flood of wrong keys cannot
 * fill it.
 */
export const createApiKeyResolver = (db: Db, source: ChangeSource) => {
  const query = keyQuery(db);
  const cache = new ReloadCache(
    async (hash: string): Promise<KeyRow | undefined> => (await query.execute({ hash }))[0],
    KEY_CACHE_TTL_MS,
    (row) => row !== undefined,
  );
  source.onChange((table) => {
    if (table === null || table === 'api_keys' || table === 'users') cache.clear();
  });
  return (key: string) => resolveApiKey(db, cache, key);
};
export type ApiKeyResolver = ReturnType<typeof createApiKeyResolver>;

const resolveApiKey = async (
  db: Db,
  cache: ReloadCache<string, KeyRow | undefined>,
  key: string,
): Promise<ApiKeyAuth | null> => {
  if (!key.startsWith(KEY_PREFIX) || key.length > 100) return null;
  const row = await cache.get(sha256Hex(key));
  if (!row) return null;
  // At most one write a minute per key, so a busy integration does not write on every lead.
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) {
    row.lastUsedAt = new Date();
    await db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(apiKeys.id, row.keyId));
  }
  const { keyId, keyName, lastUsedAt: _, ...user } = row;
  // A key is not a session: sessionId stays empty and nothing on an 'api_key' endpoint may use it.
  return {
    auth: { user: user as SessionUser, sessionId: '', impersonatorId: null },
    apiKey: { id: keyId, name: keyName },
  };
};
