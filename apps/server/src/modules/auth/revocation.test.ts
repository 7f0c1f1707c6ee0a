import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { authHeader, call, createUser, sessionFor } from '#test/factories.ts';
import { revokeUserSessions } from './session.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('session revocation', () => {
  it('revokes the impersonation sessions a staff user opened along with their own', async () => {
    const manager = await createUser(t.db, { role: 'manager' });
    const affiliate = await createUser(t.db, { role: 'affiliate', managerId: manager.id });
    const own = await sessionFor(t.db, manager.id);
    const asAffiliate = await sessionFor(t.db, affiliate.id, manager.id);
    const affiliatesOwn = await sessionFor(t.db, affiliate.id);
    await revokeUserSessions(t.db, manager.id);
    expect((await call(t.app, 'GET', '/api/auth/v1/me', { token: own })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/auth/v1/me', { token: asAffiliate })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/auth/v1/me', { token: affiliatesOwn })).statusCode).toBe(200);
  });

  it('refuses HEAD on logout, so a HEAD request cannot revoke a token', async () => {
    const user = await createUser(t.db, { role: 'affiliate' });
    const token = await sessionFor(t.db, user.id);
    const head = await t.app.inject({ method: 'HEAD', url: '/api/auth/v1/logout', headers: authHeader(token) });
    expect(head.statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/auth/v1/me', { token })).statusCode).toBe(200);
  });
});
