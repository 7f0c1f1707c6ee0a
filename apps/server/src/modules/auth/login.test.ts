import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Role } from '@pxl/contract';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { authHeader, call, createUser, PASSWORD, randomIp } from '#test/factories.ts';
import { auditLog } from '../../db/schema.ts';
import { totpCode } from '../../lib/totp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const LOGIN = '/api/auth/v1/login';
const login = (payload: unknown, ip = randomIp()) => call(t.app, 'POST', LOGIN, { payload: payload as object, ip });
const INVALID = { status: 'error', data: null, error: { auth: 'Invalid email or password' } };

describe('POST /api/auth/v1/login', () => {
  it('returns the session data and the token works for /me', async () => {
    const user = await createUser(t.db, { role: 'manager', managerType: 'support' });
    const res = await login({ email: user.email.toUpperCase(), password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'success',
      error: null,
      data: { user_role: 'manager', type: 'support', uuid: user.id, email: user.email },
    });
    expect(body.data.token).toMatch(/^[\w-]{40,}$/);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/v1/me', headers: authHeader(body.data.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ uuid: user.id, role: 'manager', status: 'active' });
  });

  const cases: { role: Role; managerType?: string; type: string }[] = [
    { role: 'admin', type: 'admin' },
    { role: 'head', managerType: 'head', type: 'head' },
    { role: 'manager', managerType: 'advertiser', type: 'advertiser' },
    { role: 'team_lead', managerType: 'finance', type: 'finance' },
    { role: 'affiliate', type: 'affiliate' },
    { role: 'advertiser', type: 'advertiser' },
  ];
  it.each(cases)('signs in a $role with user_role $role and type $type', async ({ role, managerType, type }) => {
    const user = await createUser(t.db, { role, managerType });
    const res = await login({ email: user.email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      token: expect.any(String),
      user_role: role,
      uuid: user.id,
      type,
      email: user.email,
    });
  });

  it('matches the email case-insensitively and ignores surrounding spaces', async () => {
    const user = await createUser(t.db, { role: 'affiliate', email: 'mixed.case@test.local' });
    const res = await login({ email: '  Mixed.CASE@Test.Local ', password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.uuid).toBe(user.id);
  });

  it('refuses a wrong password with 401 and the envelope', async () => {
    const user = await createUser(t.db, { role: 'affiliate' });
    const res = await login({ email: user.email, password: 'wrong-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID);
  });

  it('refuses an unknown email with the same answer as a wrong password', async () => {
    const res = await login({ email: 'nobody-here@test.local', password: PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID);
  });

  it.each([
    ['banned', /banned/i],
    ['deleted', /deleted/i],
    ['on_moderation', /approval|moderation/i],
  ] as const)('refuses a %s account with 403 and a clear message', async (status, message) => {
    const user = await createUser(t.db, { role: 'affiliate', status });
    const res = await login({ email: user.email, password: PASSWORD });
    expect(res.statusCode).toBe(403);
    const body = res.json();
    expect(body).toMatchObject({ status: 'error', data: null });
    expect(body.error.auth).toMatch(message);
  });

  it('refuses a banned account with a wrong password as plain bad credentials (status not revealed)', async () => {
    const user = await createUser(t.db, { role: 'affiliate', status: 'banned' });
    const res = await login({ email: user.email, password: 'wrong-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID);
  });

  it('lets a not_active account sign in', async () => {
    const user = await createUser(t.db, { role: 'affiliate', status: 'not_active' });
    const res = await login({ email: user.email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.uuid).toBe(user.id);
  });

  it('refuses invalid fields with 400 and {field: message}', async () => {
    const res = await login({ email: 'not-an-email', password: '' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ status: 'error', data: null });
    expect(body.error).toEqual({
      email: expect.stringMatching(/email/i),
      password: expect.stringMatching(/required/i),
    });
  });

  it('refuses a missing body and a bad code format with 400', async () => {
    const empty = await login({});
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().error)).toEqual(expect.arrayContaining(['email', 'password']));
    const user = await createUser(t.db, { role: 'admin' });
    const badCode = await login({ email: user.email, password: PASSWORD, code: '12ab' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().error).toEqual({ code: 'Code must be 6 digits' });
  });

  it('refuses malformed JSON with a 400 envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', data: null, error: { body: 'Body is not valid JSON' } });
  });
});

describe('login with 2FA', () => {
  const SECRET = 'JBSWY3DPEHPK3PXP';
  const nowCode = () => totpCode(SECRET, Math.floor(Date.now() / 30_000));

  it('refuses a correct password without the code (401 {code})', async () => {
    const user = await createUser(t.db, { role: 'manager', totpSecret: SECRET });
    const res = await login({ email: user.email, password: PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'error', data: null, error: { code: expect.stringMatching(/6-digit code/) } });
  });

  it('refuses a wrong code', async () => {
    const user = await createUser(t.db, { role: 'manager', totpSecret: SECRET });
    const step = Math.floor(Date.now() / 30_000);
    const valid = [-1, 0, 1].map((d) => totpCode(SECRET, step + d));
    const wrong = ['000000', '111111', '222222', '333333'].find((c) => !valid.includes(c));
    const res = await login({ email: user.email, password: PASSWORD, code: wrong });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: 'The code is not valid' });
  });

  it('accepts the current code', async () => {
    const user = await createUser(t.db, { role: 'manager', totpSecret: SECRET });
    const res = await login({ email: user.email, password: PASSWORD, code: nowCode() });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.uuid).toBe(user.id);
  });

  it('refuses a wrong password even with the right code', async () => {
    const user = await createUser(t.db, { role: 'manager', totpSecret: SECRET });
    const res = await login({ email: user.email, password: 'wrong-password', code: nowCode() });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID);
  });
});

describe('login audit', () => {
  it('writes a login row for a success and login_failed rows for failures', async () => {
    const user = await createUser(t.db, { role: 'head' });
    const ip = randomIp();
    expect((await login({ email: user.email, password: 'wrong-password' }, ip)).statusCode).toBe(401);
    expect((await login({ email: user.email, password: PASSWORD }, ip)).statusCode).toBe(200);
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.subjectId, user.id));
    const failed = rows.find((r) => r.action === 'login_failed');
    const ok = rows.find((r) => r.action === 'login');
    expect(failed).toMatchObject({ ip, actorId: null, details: { email: user.email, reason: 'credentials' } });
    expect(ok).toMatchObject({ ip, actorId: user.id });
  });

  it('writes a login_failed row for an unknown email, naming the email tried', async () => {
    await login({ email: 'ghost-audit@test.local', password: PASSWORD });
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.action, 'login_failed'));
    expect(rows.some((r) => r.subjectId === null && r.details.email === 'ghost-audit@test.local')).toBe(true);
  });

  it('writes a login_failed row with the reason when a banned account is refused', async () => {
    const user = await createUser(t.db, { role: 'affiliate', status: 'banned' });
    await login({ email: user.email, password: PASSWORD });
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, user.id), eq(auditLog.action, 'login_failed')));
    expect(rows).toHaveLength(1);
    expect(rows[0].details).toMatchObject({ reason: 'banned' });
  });
});
