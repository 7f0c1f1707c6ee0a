import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { call, createUser, loginAs, sessionFor, signedIn, type UserInput } from '#test/factories.ts';
import { auditLog, sessions, users } from '../../db/schema.ts';
import { sha256Hex } from '../../lib/tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A user and a session straight from the service: most tests here are about the token, not the login. */
const withSession = async (input: UserInput) => {
  const user = await createUser(t.db, input);
  return { user, token: await sessionFor(t.db, user.id) };
};
const me = (token: string) => call(t.app, 'GET', '/api/auth/v1/me', { token });
const logout = (token: string) => call(t.app, 'GET', '/api/auth/v1/logout', { token });

describe('session tokens', () => {
  it('issues opaque random tokens and stores only their hash', async () => {
    const { user, token } = await signedIn(t.app, t.db, { role: 'affiliate' });
    const second = await loginAs(t.app, user.email);
    expect(second).not.toBe(token);
    expect(token).not.toContain(user.id);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.tokenHash).not.toBe(token);
      expect(row.tokenHash).not.toBe(second);
    }
    expect(rows.map((r) => r.tokenHash).sort()).toEqual([sha256Hex(token), sha256Hex(second)].sort());
  });

  it('gives the session a 30-day lifetime', async () => {
    const { user } = await signedIn(t.app, t.db, { role: 'manager' });
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const days = (row.expiresAt.getTime() - row.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(30, 1);
  });

  it('refuses a request without a token with 401 and the envelope', async () => {
    const res = await me('');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'error', data: null, error: { auth: 'Unauthorized. Please log in.' } });
  });

  it('refuses a garbage token with 401', async () => {
    const res = await me('not-a-real-token-0123456789abcdefghijklmnop');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 'error', error: { auth: expect.any(String) } });
  });

  it('refuses an expired token with 401', async () => {
    const { user, token } = await withSession({ role: 'affiliate' });
    expect((await me(token)).statusCode).toBe(200);
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.userId, user.id));
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.auth).toMatch(/expired/i);
  });

  it("refuses a banned user's existing token", async () => {
    const { user, token } = await withSession({ role: 'affiliate' });
    expect((await me(token)).statusCode).toBe(200);
    await t.db.update(users).set({ status: 'banned' }).where(eq(users.id, user.id));
    expect((await me(token)).statusCode).toBe(401);
  });

  it('reads the PXL-AUTHORIZATION header whatever its case', async () => {
    const { user, token } = await withSession({ role: 'head' });
    for (const name of ['PXL-AUTHORIZATION', 'pxl-authorization', 'Pxl-Authorization']) {
      const res = await call(t.app, 'GET', '/api/auth/v1/me', { headers: { [name]: token } });
      expect(res.statusCode, name).toBe(200);
      expect(res.json().data.uuid).toBe(user.id);
    }
  });

  it('refuses the token in another header', async () => {
    const { token } = await withSession({ role: 'head' });
    expect(
      (await call(t.app, 'GET', '/api/auth/v1/me', { headers: { authorization: `Bearer ${token}` } })).statusCode,
    ).toBe(401);
  });
});

describe('GET /api/auth/v1/logout', () => {
  it('revokes only the token it was called with', async () => {
    const { user, token } = await withSession({ role: 'manager' });
    const other = await sessionFor(t.db, user.id);
    const res = await logout(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', data: {}, error: null });
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256Hex(token)));
    expect(row.revokedAt).toBeInstanceOf(Date);
  });

  it('refuses a revoked token, including a second logout', async () => {
    const { token } = await withSession({ role: 'affiliate' });
    expect((await logout(token)).statusCode).toBe(200);
    expect((await logout(token)).statusCode).toBe(401);
  });

  it('writes a logout audit row', async () => {
    const { user, token } = await withSession({ role: 'advertiser' });
    await logout(token);
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.subjectId, user.id));
    expect(rows.find((r) => r.action === 'logout')).toMatchObject({ actorId: user.id });
  });

  it('refuses logout without a token', async () => {
    expect((await call(t.app, 'GET', '/api/auth/v1/logout')).statusCode).toBe(401);
  });
});

describe('GET /api/auth/v1/me', () => {
  it('returns the user and, for an affiliate, their manager with contacts', async () => {
    const manager = await createUser(t.db, {
      role: 'manager',
      firstName: 'Mia',
      lastName: 'Stone',
      contacts: { telegram: '@mia', skype: 'mia.s', email: 'mia@net.test' },
    });
    const { user, token } = await signedIn(t.app, t.db, {
      role: 'affiliate',
      managerId: manager.id,
      firstName: 'Ann',
      lastName: 'Lee',
    });
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      uuid: user.id,
      email: user.email,
      role: 'affiliate',
      type: 'affiliate',
      status: 'active',
      first_name: 'Ann',
      last_name: 'Lee',
      contacts: {},
      created_at: user.createdAt.toISOString(),
      last_login_at: expect.any(String),
      manager: {
        uuid: manager.id,
        email: manager.email,
        name: 'Mia Stone',
        contacts: { telegram: '@mia', skype: 'mia.s', email: 'mia@net.test' },
      },
      impersonated_by: null,
    });
  });

  it('gives a staff user no manager and no impersonator', async () => {
    const { token } = await withSession({ role: 'admin' });
    expect((await me(token)).json().data).toMatchObject({
      role: 'admin',
      type: 'admin',
      manager: null,
      impersonated_by: null,
    });
  });
});
