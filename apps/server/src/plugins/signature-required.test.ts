import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { authHeader, createUser, PASSWORD, sessionFor, signatureHeaders } from '#test/factories.ts';

// REQUIRE_SIGNATURE=true (the production default): every API request must be signed.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ REQUIRE_SIGNATURE: 'true' });
});
afterAll(async () => {
  await t?.close();
});

const json = { 'content-type': 'application/json' };

describe('with REQUIRE_SIGNATURE=true', () => {
  it('refuses an unsigned request with 400 {signature}', async () => {
    const user = await createUser(t.db, { role: 'manager' });
    const token = await sessionFor(t.db, user.id);
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/v1/me', headers: authHeader(token) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', data: null, error: { signature: 'Request signature is required' } });
  });

  it('accepts a signed request with a token', async () => {
    const user = await createUser(t.db, { role: 'manager' });
    const token = await sessionFor(t.db, user.id);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/v1/me',
      headers: { ...authHeader(token), ...signatureHeaders(token, '') },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.uuid).toBe(user.id);
  });

  it('refuses an unsigned login and an unsigned public GET', async () => {
    const user = await createUser(t.db, { role: 'affiliate' });
    const body = JSON.stringify({ email: user.email, password: PASSWORD });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/v1/login', headers: json, payload: body })).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/constant/v1/all' })).statusCode).toBe(400);
  });

  it('accepts a login signed over timestamp + "" + body (no token yet)', async () => {
    const user = await createUser(t.db, { role: 'affiliate' });
    const body = JSON.stringify({ email: user.email, password: PASSWORD });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/v1/login',
      headers: { ...json, ...signatureHeaders('', body) },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.uuid).toBe(user.id);
  });

  it('refuses a signed login whose body was changed after signing', async () => {
    const user = await createUser(t.db, { role: 'affiliate' });
    const signedBody = JSON.stringify({ email: user.email, password: 'wrong-password' });
    const sentBody = JSON.stringify({ email: user.email, password: PASSWORD });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/v1/login',
      headers: { ...json, ...signatureHeaders('', signedBody) },
      payload: sentBody,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ signature: 'Request signature is invalid' });
  });

  it('still answers 401 before the signature check when the token is missing on a private endpoint', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/v1/me', headers: signatureHeaders('', '') });
    expect(res.statusCode).toBe(401);
  });
});
