import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { settings, users } from '../../db/schema.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import { totpCode } from '../../lib/totp.ts';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { call, createUser, PASSWORD, randomIp, sessionFor } from '#test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db
    .insert(settings)
    .values({ key: 'general', value: { partner_title: 'Acme Net', time_zone: 'UTC', currency: 'USD' } });
});
afterAll(async () => {
  await t?.close();
});

const BASE = '/api/account/v1/2fa';
const step = () => Math.floor(Date.now() / 30_000);
const codeFor = (secret: string, offset = 0) => totpCode(secret, step() + offset);
/** A 6-digit code outside the accepted window (current step ± 1). */
const wrongCodeFor = (secret: string) => {
  const valid = [-1, 0, 1].map((d) => totpCode(secret, step() + d));
  return ['000000', '111111', '222222', '333333'].find((c) => !valid.includes(c))!;
};
const bodies: string[] = [];
const send = async (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) => {
  const res = await call(t.app, method, url, { token, payload });
  bodies.push(res.body);
  return res;
};
const login = async (email: string, code?: string, password = PASSWORD) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/v1/login',
    payload: { email, password, code },
    remoteAddress: randomIp(),
  });
  bodies.push(res.body);
  return res;
};
const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

describe('two-factor set-up, login and disable', () => {
  it('walks the whole life of 2FA, with no secret ever in a response after set-up', async () => {
    const user = await createUser(t.db, { role: 'affiliate', email: `tfa-${Date.now()}@test.local` });
    const token = await sessionFor(t.db, user.id);

    // Set-up: a pending secret, its otpauth URL and QR code; 2FA is not on yet.
    const setup = await send('POST', `${BASE}/setup`, token);
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, otpauth_url, qr_svg } = setup.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toBe(
      `otpauth://totp/Acme%20Net:${encodeURIComponent(user.email)}?secret=${secret}&issuer=Acme%20Net`,
    );
    expect(qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // Kept sealed with the secret key (totp-secret.test.ts), never as it is.
    expect(await userRow(user.id)).toMatchObject({
      totpPendingSecret: expect.stringMatching(/^v1\./),
      totpSecret: null,
    });
    expect((await login(user.email)).statusCode).toBe(200);
    bodies.length = 0;

    // Enable: a wrong code is refused; the right one turns 2FA on and returns ten recovery codes once.
    const wrong = await send('POST', `${BASE}/enable`, token, { code: wrongCodeFor(secret) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({ code: 'The code is not valid' });
    const enabled = await send('POST', `${BASE}/enable`, token, { code: codeFor(secret) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const codes: string[] = enabled.json().data.recovery_codes;
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(c).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    expect(new Set(codes).size).toBe(10);
    const stored = await userRow(user.id);
    expect(stored).toMatchObject({ totpSecret: expect.stringMatching(/^v1\./), totpPendingSecret: null });
    expect(stored.recoveryCodes.sort()).toEqual(codes.map(sha256Hex).sort());

    // Already on: enable and set-up are refused.
    expect((await send('POST', `${BASE}/enable`, token, { code: codeFor(secret) })).json().error).toEqual({
      two_factor: expect.any(String),
    });
    expect((await send('POST', `${BASE}/setup`, token)).statusCode).toBe(400);
    expect((await send('GET', '/api/account/v1/profile', token)).json().data.two_factor).toBe(true);

    // Login now needs a code: missing and wrong are refused, the current TOTP works.
    const noCode = await login(user.email);
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json().error).toEqual({ code: expect.stringMatching(/6-digit code/) });
    expect((await login(user.email, wrongCodeFor(secret))).json().error).toEqual({ code: 'The code is not valid' });
    // The code that switched 2FA on is spent (RFC 6238 §5.2); the next step's code works once, then not again.
    expect((await login(user.email, codeFor(secret))).json().error).toEqual({ code: 'The code is not valid' });
    expect((await login(user.email, codeFor(secret, 1))).statusCode).toBe(200);
    expect((await login(user.email, codeFor(secret, 1))).statusCode).toBe(401);

    // A recovery code works once (any case), then never again; the others stay.
    expect((await login(user.email, codes[0].toUpperCase())).statusCode).toBe(200);
    expect((await login(user.email, codes[0])).statusCode).toBe(401);
    expect((await userRow(user.id)).recoveryCodes).toHaveLength(9);
    expect((await login(user.email, codes[1])).statusCode).toBe(200);
    expect((await login(user.email, 'abcde-12345')).statusCode).toBe(401);

    // Disable needs the password and a code.
    const badPassword = await send('POST', `${BASE}/disable`, token, { password: 'nope-nope', code: codeFor(secret) });
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json().error).toEqual({ password: 'Password is wrong' });
    const badCode = await send('POST', `${BASE}/disable`, token, { password: PASSWORD, code: wrongCodeFor(secret) });
    expect(badCode.json().error).toEqual({ code: 'The code is not valid' });
    expect((await send('POST', `${BASE}/disable`, token, { password: PASSWORD, code: codes[2] })).statusCode).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ totpSecret: null, totpPendingSecret: null, recoveryCodes: [] });
    expect((await login(user.email)).statusCode).toBe(200);
    expect((await send('GET', '/api/account/v1/profile', token)).json().data.two_factor).toBe(false);
    expect((await send('POST', `${BASE}/disable`, token, { password: PASSWORD, code: '123456' })).json().error).toEqual(
      { two_factor: expect.any(String) },
    );

    // Neither the active secret nor any recovery-code hash appeared in any answer after set-up.
    for (const body of bodies) {
      expect(body).not.toContain(secret);
      for (const c of codes) expect(body).not.toContain(sha256Hex(c));
    }
  });

  it('refuses enable before set-up, and with a code of a secret replaced by a new set-up', async () => {
    const user = await createUser(t.db, { role: 'manager' });
    const token = await sessionFor(t.db, user.id);
    const before = await send('POST', `${BASE}/enable`, token, { code: '123456' });
    expect(before.statusCode).toBe(400);
    expect(before.json().error).toEqual({ code: 'Start the two-factor set-up first' });
    const first = (await send('POST', `${BASE}/setup`, token)).json().data.secret;
    const second = (await send('POST', `${BASE}/setup`, token)).json().data.secret;
    expect(second).not.toBe(first);
    const stale = totpCode(first, step());
    if (![-1, 0, 1].some((d) => totpCode(second, step() + d) === stale)) {
      expect((await send('POST', `${BASE}/enable`, token, { code: stale })).statusCode).toBe(400);
    }
    expect((await send('POST', `${BASE}/enable`, token, { code: codeFor(second) })).statusCode).toBe(200);
  });

  it('refuses an enable code that is not 6 digits with 400', async () => {
    const user = await createUser(t.db, { role: 'advertiser' });
    const token = await sessionFor(t.db, user.id);
    const res = await send('POST', `${BASE}/enable`, token, { code: '12ab' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'Code must be 6 digits' });
  });
});
