import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { apiKeys, users } from '../../db/schema.ts';
import { createSecrets } from '../../lib/secrets.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { call, createUser, sessionFor, signatureHeaders } from '#test/factories.ts';
import { appOnSameDatabase } from '../leads/leads.fixtures.ts';
import { KEY_CACHE_TTL_MS } from './api-keys.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const KEYS = '/api/account/v1/api-keys';
const CHECK = '/api/lead/v1/check';
const ME = '/api/auth/v1/me';
const INVALID = { status: 'error', data: null, error: { api_key: 'Invalid API key' } };

const affiliate = async (status = 'active') => {
  const user = await createUser(t.db, { role: 'affiliate', status });
  return { user, token: await sessionFor(t.db, user.id) };
};
const create = (token: string, name: string) => call(t.app, 'POST', KEYS, { token, payload: { name } });
const check = (headers: Record<string, string>) => call(t.app, 'GET', CHECK, { headers });

describe('API keys: create, list, revoke', () => {
  it('shows the key once; the list has only the prefix; stored hashed and encrypted', async () => {
    const { user, token } = await affiliate();
    const res = await create(token, ' Tracker ');
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().data;
    expect(created).toMatchObject({ uuid: expect.any(String), name: 'Tracker', last_used_at: null });
    expect(created.key).toMatch(/^pxl_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.key.slice(4, 12));

    const list = await call(t.app, 'GET', KEYS, { token });
    expect(list.json().data.list).toEqual([
      {
        uuid: created.uuid,
        name: 'Tracker',
        prefix: created.prefix,
        created_at: created.created_at,
        last_used_at: null,
      },
    ]);
    expect(list.body).not.toContain(created.key);

    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.userId, user.id));
    expect(row.keyHash).toBe(sha256Hex(created.key));
    expect(row.keyEnc).not.toContain(created.key);
    expect(createSecrets('test-secret-key-0123456789').decrypt(row.keyEnc)).toBe(created.key);
    expect(res.body).not.toContain(row.keyHash);
    expect(res.body).not.toContain(row.keyEnc);
    expect(list.body).not.toContain(row.keyHash);
  });

  it('refuses an empty name and an 11th active key with 400', async () => {
    const { token } = await affiliate();
    expect((await create(token, '  ')).json().error).toEqual({ name: 'Name is required' });
    for (let i = 0; i < 10; i++) expect((await create(token, `k${i}`)).statusCode).toBe(200);
    const over = await create(token, 'one too many');
    expect(over.statusCode).toBe(400);
    expect(over.json().error).toEqual({ api_key: expect.stringMatching(/At most 10/) });
    // A revoked key frees its slot.
    const [first] = (await call(t.app, 'GET', KEYS, { token })).json().data.list;
    expect((await call(t.app, 'DELETE', `${KEYS}/${first.uuid}`, { token })).statusCode).toBe(200);
    expect((await create(token, 'replacement')).statusCode).toBe(200);
  });

  it("revokes only own keys: another affiliate's key and an unknown id answer 404", async () => {
    const a = await affiliate();
    const b = await affiliate();
    const keyB = (await create(b.token, 'B')).json().data;
    expect((await call(t.app, 'DELETE', `${KEYS}/${keyB.uuid}`, { token: a.token })).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', `${KEYS}/${randomUUID()}`, { token: a.token })).statusCode).toBe(404);
    expect((await check({ 'x-api-key': keyB.key })).statusCode).toBe(200);
    expect((await call(t.app, 'DELETE', `${KEYS}/${keyB.uuid}`, { token: b.token })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', KEYS, { token: b.token })).json().data.list).toEqual([]);
    expect((await call(t.app, 'DELETE', `${KEYS}/${keyB.uuid}`, { token: b.token })).statusCode).toBe(404);
  });

  it('is for affiliates only', async () => {
    const manager = await createUser(t.db, { role: 'manager' });
    expect((await create(await sessionFor(t.db, manager.id), 'x')).statusCode).toBe(403);
  });
});

describe('X-Api-Key on /api/lead/v1/check', () => {
  it('identifies the affiliate and the key, and records the use', async () => {
    const { user, token } = await affiliate('not_active');
    const { key, uuid } = (await create(token, 'Main')).json().data;
    const res = await check({ 'x-api-key': key });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', data: { affiliate_uuid: user.id, key_name: 'Main' }, error: null });
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, uuid));
    expect(row.lastUsedAt).not.toBeNull();
    // Within the minute a second use does not write again.
    await check({ 'x-api-key': key });
    const [again] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, uuid));
    expect(again.lastUsedAt).toEqual(row.lastUsedAt);
  });

  it('needs no request signature, even when signatures are required for the panel', async () => {
    const strict = await createTestApp({ REQUIRE_SIGNATURE: 'true' });
    try {
      const user = await createUser(strict.db, { role: 'affiliate' });
      const token = await sessionFor(strict.db, user.id);
      const payload = JSON.stringify({ name: 'Signed' });
      const created = await strict.app.inject({
        method: 'POST',
        url: KEYS,
        payload,
        headers: {
          'pxl-authorization': token,
          'content-type': 'application/json',
          ...signatureHeaders(token, payload),
        },
      });
      expect(created.statusCode, created.body).toBe(200);
      const res = await strict.app.inject({
        method: 'GET',
        url: CHECK,
        headers: { 'x-api-key': created.json().data.key },
      });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('refuses a missing, unknown or revoked key with 401 {api_key}', async () => {
    const { token } = await affiliate();
    const { key, uuid } = (await create(token, 'Soon revoked')).json().data;
    expect((await check({})).json()).toEqual(INVALID);
    expect((await check({ 'x-api-key': `pxl_${'A'.repeat(43)}` })).statusCode).toBe(401);
    expect((await check({ 'x-api-key': 'garbage' })).statusCode).toBe(401);
    await call(t.app, 'DELETE', `${KEYS}/${uuid}`, { token });
    const revoked = await check({ 'x-api-key': key });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toEqual(INVALID);
  });

  it('refuses the key of a banned or deleted affiliate', async () => {
    const { user, token } = await affiliate();
    const { key } = (await create(token, 'K')).json().data;
    await t.db.update(users).set({ status: 'banned' }).where(eq(users.id, user.id));
    expect((await check({ 'x-api-key': key })).statusCode).toBe(401);
    await t.db.update(users).set({ status: 'deleted' }).where(eq(users.id, user.id));
    expect((await check({ 'x-api-key': key })).statusCode).toBe(401);
  });

  it('does not take a session token there, not even with a valid key absent', async () => {
    const { token } = await affiliate();
    const res = await call(t.app, 'GET', CHECK, { token });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID);
  });

  it('does not take an API key as a PXL-AUTHORIZATION session token', async () => {
    const { token } = await affiliate();
    const { key } = (await create(token, 'Not a session')).json().data;
    expect((await call(t.app, 'GET', ME, { token: key })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', KEYS, { token: key })).statusCode).toBe(401);
  });
});

describe('keys cached in every process', () => {
  /**
   * Polls `probe` until it answers `status`; the milliseconds it took. Compared with the cache's TTL: a refusal before
   * the TTL could have dropped the key came from the change notification, however busy the machine is otherwise.
   */
  const within = async (probe: () => Promise<{ statusCode: number }>, status: number) => {
    const started = Date.now();
    while ((await probe()).statusCode !== status) {
      if (Date.now() - started > 60_000) throw new Error(`still not ${status} after 60 s`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return Date.now() - started;
  };

  it('a key revoked or an affiliate banned through one process is refused by another on the notification', async () => {
    const other = await appOnSameDatabase(t.db);
    try {
      const checkOn = (app: TestApp['app'], key: string) => () =>
        call(app, 'GET', CHECK, { headers: { 'x-api-key': key } });
      const { user, token } = await affiliate();
      const first = (await create(token, 'Revoked elsewhere')).json().data;
      const second = (await create(token, 'Banned elsewhere')).json().data;
      // Both processes have used (and so cached) both keys.
      for (const app of [t.app, other.app])
        for (const key of [first.key, second.key]) expect((await checkOn(app, key)()).statusCode).toBe(200);

      await call(t.app, 'DELETE', `${KEYS}/${first.uuid}`, { token });
      expect(await within(checkOn(other.app, first.key), 401)).toBeLessThan(KEY_CACHE_TTL_MS);
      expect((await checkOn(other.app, second.key)()).statusCode).toBe(200);

      await t.db.update(users).set({ status: 'banned' }).where(eq(users.id, user.id));
      expect(await within(checkOn(other.app, second.key), 401)).toBeLessThan(KEY_CACHE_TTL_MS);
      expect(await within(checkOn(t.app, second.key), 401)).toBeLessThan(KEY_CACHE_TTL_MS);
    } finally {
      await other.close();
    }
  });
});
