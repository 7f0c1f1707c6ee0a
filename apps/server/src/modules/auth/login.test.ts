import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { authHeader, createUser, PASSWORD } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

describe('POST /api/auth/v1/login', () => {
  it('returns the session data and the token works for /me', async () => {
    const user = await createUser(t.db, { role: 'manager', managerType: 'support' });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/v1/login', payload: { email: user.email.toUpperCase(), password: PASSWORD } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'success', error: null, data: { user_role: 'manager', type: 'support', uuid: user.id, email: user.email } });
    expect(body.data.token).toMatch(/^[\w-]{40,}$/);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/v1/me', headers: authHeader(body.data.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ uuid: user.id, role: 'manager', status: 'active' });
  });

  it('refuses a wrong password with 401 and the envelope', async () => {
    const user = await createUser(t.db, { role: 'affiliate' });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/v1/login', payload: { email: user.email, password: 'wrong-password' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'error', data: null, error: { auth: 'Invalid email or password' } });
  });
});
