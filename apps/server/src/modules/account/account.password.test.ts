import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { call, createUser, loginAs, PASSWORD, randomIp } from '#test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD_URL = '/api/account/v1/password';
const ME = '/api/auth/v1/me';
const NEW = 'brand-new-pass-42';

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/v1/login', payload: { email, password }, remoteAddress: randomIp() });

describe('password change', () => {
  it('refuses a wrong current password with 400 {current_password} and keeps the old one', async () => {
    const user = await createUser(t.db, { role: 'affiliate' });
    const token = await loginAs(t.app, user.email);
    const res = await call(t.app, 'POST', PASSWORD_URL, {
      token,
      payload: { current_password: 'not-it', new_password: NEW },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'error',
      data: null,
      error: { current_password: 'Current password is wrong' },
    });
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a too short new password with 400', async () => {
    const user = await createUser(t.db, { role: 'manager' });
    const token = await loginAs(t.app, user.email);
    const res = await call(t.app, 'POST', PASSWORD_URL, {
      token,
      payload: { current_password: PASSWORD, new_password: 'short' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ new_password: 'Password must be at least 8 characters' });
  });

  it('sets the new password, revokes the other sessions, keeps the current one, writes password_change', async () => {
    const user = await createUser(t.db, { role: 'advertiser' });
    const current = await loginAs(t.app, user.email);
    const other1 = await loginAs(t.app, user.email);
    const other2 = await loginAs(t.app, user.email);
    const res = await call(t.app, 'POST', PASSWORD_URL, {
      token: current,
      payload: { current_password: PASSWORD, new_password: NEW },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call(t.app, 'GET', ME, { token: current })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', ME, { token: other1 })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', ME, { token: other2 })).statusCode).toBe(401);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, NEW)).statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'password_change'), eq(auditLog.subjectId, user.id)));
    expect(row.details).toMatchObject({ via: 'settings', revoked_sessions: 2 });
  });

  it('locks after 10 wrong current passwords (429), even for the right one', async () => {
    const user = await createUser(t.db, { role: 'affiliate' });
    const token = await loginAs(t.app, user.email);
    const change = (current_password: string) =>
      call(t.app, 'POST', PASSWORD_URL, { token, payload: { current_password, new_password: NEW } });
    for (let i = 0; i < 10; i++) expect((await change(`wrong-${i}`)).statusCode).toBe(400);
    const locked = await change(PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toEqual({ rate_limit: expect.stringMatching(/Too many attempts/) });
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
  });
});
