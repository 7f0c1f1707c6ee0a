import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { call, createUser, PASSWORD, randomIp, sessionFor } from '#test/factories.ts';
import { auditLog, passwordResets } from '../../db/schema.ts';
import { sha256Hex } from '../../lib/tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://panel.example.test' });
});
afterAll(async () => {
  await t?.close();
});

const recover = (email: string) =>
  call(t.app, 'POST', '/api/auth/v1/password-recovery', { payload: { email }, ip: randomIp() });
const reset = (token: string, password: string) =>
  call(t.app, 'POST', '/api/auth/v1/password-reset', { payload: { token, password }, ip: randomIp() });
const login = (email: string, password: string) =>
  call(t.app, 'POST', '/api/auth/v1/login', { payload: { email, password }, ip: randomIp() });
const me = (token: string) => call(t.app, 'GET', '/api/auth/v1/me', { token });

/** Request a reset for the email and return the token from the one mail it sent. */
const requestToken = async (email: string) => {
  const before = (await t.sentMails()).length;
  const res = await recover(email);
  expect(res.statusCode).toBe(200);
  const sent = (await t.sentMails()).slice(before);
  expect(sent).toHaveLength(1);
  const match = sent[0].text.match(/https:\/\/panel\.example\.test\/password-recovery\?token=([\w-]+)/);
  expect(match, sent[0].text).not.toBeNull();
  return match![1];
};

describe('POST /api/auth/v1/password-recovery', () => {
  it('mails a reset link with ?token= to a known email (any case)', async () => {
    const user = await createUser(t.db, { role: 'affiliate' });
    const before = (await t.sentMails()).length;
    const res = await recover(user.email.toUpperCase());
    expect(res.json()).toEqual({ status: 'success', data: {}, error: null });
    const sent = (await t.sentMails()).slice(before);
    expect(sent).toEqual([
      expect.objectContaining({
        to: user.email,
        subject: expect.any(String),
        text: expect.stringContaining('?token='),
      }),
    ]);
  });

  it('stores only the hash of the reset token', async () => {
    const user = await createUser(t.db, { role: 'manager' });
    const token = await requestToken(user.email);
    const rows = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(sha256Hex(token));
    expect(rows[0].tokenHash).not.toBe(token);
  });

  it('answers an unknown email the same way and sends no mail', async () => {
    const before = (await t.sentMails()).length;
    const res = await recover('nobody-at-all@test.local');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', data: {}, error: null });
    expect((await t.sentMails()).length).toBe(before);
  });

  it('sends no mail for a deleted account', async () => {
    const user = await createUser(t.db, { role: 'affiliate', status: 'deleted' });
    const before = (await t.sentMails()).length;
    expect((await recover(user.email)).statusCode).toBe(200);
    expect((await t.sentMails()).length).toBe(before);
  });

  it('refuses a malformed email with 400 {email}', async () => {
    const res = await recover('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ email: expect.any(String) });
  });
});

describe('POST /api/auth/v1/password-reset', () => {
  it('sets the new password: login works with the new one and not with the old', async () => {
    const user = await createUser(t.db, { role: 'affiliate' });
    const token = await requestToken(user.email);
    const res = await reset(token, 'brand-new-pass-9');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', data: {}, error: null });
    expect((await login(user.email, 'brand-new-pass-9')).statusCode).toBe(200);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(401);
  });

  it('revokes every existing session of the user', async () => {
    const user = await createUser(t.db, { role: 'head' });
    const sessionA = await sessionFor(t.db, user.id);
    const sessionB = await sessionFor(t.db, user.id);
    expect((await me(sessionA)).statusCode).toBe(200);
    const token = await requestToken(user.email);
    await reset(token, 'brand-new-pass-9');
    expect((await me(sessionA)).statusCode).toBe(401);
    expect((await me(sessionB)).statusCode).toBe(401);
  });

  it('writes a password_change audit row', async () => {
    const user = await createUser(t.db, { role: 'affiliate' });
    await reset(await requestToken(user.email), 'brand-new-pass-9');
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, user.id), eq(auditLog.action, 'password_change')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: user.id, details: { via: 'reset_link' } });
  });

  it('refuses to reuse a token', async () => {
    const user = await createUser(t.db, { role: 'affiliate' });
    const token = await requestToken(user.email);
    expect((await reset(token, 'brand-new-pass-9')).statusCode).toBe(200);
    const again = await reset(token, 'another-pass-77');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      status: 'error',
      data: null,
      error: { token: 'This reset link is invalid or has expired' },
    });
    expect((await login(user.email, 'another-pass-77')).statusCode).toBe(401);
  });

  it('refuses an invalid token with 400 {token}', async () => {
    const res = await reset('x'.repeat(43), 'brand-new-pass-9');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ token: 'This reset link is invalid or has expired' });
  });

  it('refuses an expired token with 400', async () => {
    const user = await createUser(t.db, { role: 'affiliate' });
    const token = await requestToken(user.email);
    await t.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.userId, user.id));
    expect((await reset(token, 'brand-new-pass-9')).statusCode).toBe(400);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a short new password with 400 {password} and keeps the token usable', async () => {
    const user = await createUser(t.db, { role: 'affiliate' });
    const token = await requestToken(user.email);
    const res = await reset(token, 'short');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ password: 'Password must be at least 8 characters' });
    expect((await reset(token, 'long-enough-pass')).statusCode).toBe(200);
  });
});
