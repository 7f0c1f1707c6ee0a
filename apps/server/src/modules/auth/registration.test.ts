import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { call, createUser, randomIp } from '#test/factories.ts';
import { auditLog, users } from '../../db/schema.ts';
import { verifyPassword } from '../../lib/tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const register = (payload: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/auth/v1/registration', { payload, ip: randomIp() });
const check = (payload: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/auth/v1/check-user-data', { payload, ip: randomIp() });
const login = (email: string, password: string) =>
  call(t.app, 'POST', '/api/auth/v1/login', { payload: { email, password }, ip: randomIp() });

let n = 0;
const form = (over: Record<string, unknown> = {}) => ({
  email: `signup-${++n}@test.local`,
  password: 'signup-pass-1',
  first_name: 'Sam',
  last_name: 'Reed',
  telegram: '@sam',
  accept_terms: true,
  ...over,
});
const findUser = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0];

describe('POST /api/auth/v1/registration', () => {
  it('creates an affiliate waiting for moderation', async () => {
    const body = form();
    const res = await register(body);
    expect(res.statusCode).toBe(200);
    const user = await findUser(body.email);
    expect(res.json()).toEqual({
      status: 'success',
      error: null,
      data: { uuid: user.id, email: body.email, status: 'on_moderation' },
    });
    expect(user).toMatchObject({
      role: 'affiliate',
      status: 'on_moderation',
      firstName: 'Sam',
      lastName: 'Reed',
      contacts: { telegram: '@sam' },
    });
    expect(user.passwordHash).not.toContain(body.password);
    expect(await verifyPassword(body.password, user.passwordHash)).toBe(true);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.subjectId, user.id));
    expect(audit.map((a) => a.action)).toEqual(['registration']);
  });

  it("creates an advertiser when account is 'advertiser'", async () => {
    const body = form({ account: 'advertiser' });
    expect((await register(body)).statusCode).toBe(200);
    expect(await findUser(body.email)).toMatchObject({ role: 'advertiser', status: 'on_moderation' });
  });

  it('stores the email in lower case', async () => {
    const res = await register(form({ email: 'Upper.Case@Test.Local' }));
    expect(res.json().data.email).toBe('upper.case@test.local');
    expect(await findUser('upper.case@test.local')).toBeDefined();
  });

  it('refuses sign-in until the account is activated', async () => {
    const body = form();
    await register(body);
    const refused = await login(body.email, body.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.auth).toMatch(/approval/);
    await t.db.update(users).set({ status: 'active' }).where(eq(users.email, body.email));
    const ok = await login(body.email, body.password);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ user_role: 'affiliate', type: 'affiliate' });
  });

  it('refuses a duplicate email (any case) with 400 {email}', async () => {
    const body = form();
    expect((await register(body)).statusCode).toBe(200);
    const res = await register(form({ email: body.email.toUpperCase() }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', data: null, error: { email: 'This email is already registered' } });
  });

  it('refuses a missing or false accept_terms with 400 {accept_terms}', async () => {
    const { accept_terms: _, ...without } = form();
    for (const payload of [without, form({ accept_terms: false })]) {
      const res = await register(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({ accept_terms: 'You must accept the terms and conditions' });
      expect(await findUser(payload.email as string)).toBeUndefined();
    }
  });

  it('refuses a short password with 400 {password}', async () => {
    const res = await register(form({ password: 'short' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ password: 'Password must be at least 8 characters' });
  });

  it('refuses a bad email, a missing first name and an unknown account type, naming each field', async () => {
    const res = await register(form({ email: 'nope', first_name: '  ', account: 'admin' }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error).sort()).toEqual(['account', 'email', 'first_name']);
  });

  it('ignores role and status in the form: never creates a staff or active account', async () => {
    const body = form({ role: 'admin', status: 'active' });
    expect((await register(body)).statusCode).toBe(200);
    expect(await findUser(body.email)).toMatchObject({ role: 'affiliate', status: 'on_moderation' });
  });
});

describe('POST /api/auth/v1/check-user-data', () => {
  it('answers available: true for a free email', async () => {
    const res = await check({ email: 'Free.Mail@Test.Local' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      error: null,
      data: { email: 'free.mail@test.local', available: true },
    });
  });

  it('answers available: false for a taken email, whatever its case', async () => {
    const user = await createUser(t.db, { role: 'advertiser' });
    const res = await check({ email: user.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ email: user.email, available: false });
  });

  it('refuses a bad or missing email with 400 {email}', async () => {
    for (const payload of [{ email: 'not-an-email' }, {}]) {
      const res = await check(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', data: null, error: { email: expect.any(String) } });
    }
  });
});
