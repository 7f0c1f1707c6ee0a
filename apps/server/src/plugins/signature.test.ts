import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { authHeader, signatureHeaders, signedIn } from '#test/factories.ts';

// REQUIRE_SIGNATURE is off here (NODE_ENV=test): unsigned requests pass, but a signature that is present is checked.
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await signedIn(t.app, t.db, { role: 'admin' }));
});
afterAll(async () => {
  await t?.close();
});

const getMe = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/auth/v1/me', headers: { ...authHeader(token), ...headers } });
const putSettings = (body: string, headers: Record<string, string>) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/settings/v1/general',
    payload: body,
    headers: { ...authHeader(token), 'content-type': 'application/json', ...headers },
  });
const SETTINGS = JSON.stringify({ partner_title: 'Signed Net', time_zone: 'UTC', currency: 'EUR' });

describe('request signing', () => {
  it('accepts an unsigned request while signing is not required', async () => {
    expect((await getMe({})).statusCode).toBe(200);
  });

  it('accepts a signed GET (body is empty in the signature)', async () => {
    const res = await getMe(signatureHeaders(token, ''));
    expect(res.statusCode).toBe(200);
  });

  it('accepts a signed PUT over the exact JSON text sent', async () => {
    const res = await putSettings(SETTINGS, signatureHeaders(token, SETTINGS));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.partner_title).toBe('Signed Net');
  });

  it('refuses a signature over a different body with 400 {signature}', async () => {
    const other = JSON.stringify({ partner_title: 'Tampered', time_zone: 'UTC', currency: 'EUR' });
    const res = await putSettings(other, signatureHeaders(token, SETTINGS));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', data: null, error: { signature: 'Request signature is invalid' } });
  });

  it('refuses a signature made with another token', async () => {
    const res = await getMe(signatureHeaders('someone-elses-token', ''));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ signature: 'Request signature is invalid' });
  });

  it('refuses a wrong signature with 400 {signature}', async () => {
    const res = await getMe({ 'x-timestamp': String(Date.now()), 'x-signature': 'ab'.repeat(32) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ signature: 'Request signature is invalid' });
  });

  it('refuses a timestamp older than 5 minutes, even correctly signed', async () => {
    const res = await getMe(signatureHeaders(token, '', Date.now() - 5 * 60_000 - 5_000));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.signature).toMatch(/timestamp/i);
  });

  it('accepts a timestamp 4 minutes old', async () => {
    expect((await getMe(signatureHeaders(token, '', Date.now() - 4 * 60_000))).statusCode).toBe(200);
  });

  it('refuses a timestamp far in the future and a missing or non-numeric one', async () => {
    expect((await getMe(signatureHeaders(token, '', Date.now() + 10 * 60_000))).statusCode).toBe(400);
    const { 'x-signature': sig } = signatureHeaders(token, '');
    expect((await getMe({ 'x-signature': sig })).statusCode).toBe(400);
    expect((await getMe({ 'x-signature': sig, 'x-timestamp': 'yesterday' })).statusCode).toBe(400);
  });

  it('refuses the same signed request replayed (second time 400)', async () => {
    const headers = signatureHeaders(token, '', Date.now() - 1000);
    expect((await getMe(headers)).statusCode).toBe(200);
    const replay = await getMe(headers);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toEqual({ signature: 'Request signature was already used' });
  });

  it('refuses a replayed signed write and does not apply it twice', async () => {
    const body = JSON.stringify({ partner_title: 'Once', time_zone: 'UTC', currency: 'USD' });
    const headers = signatureHeaders(token, body, Date.now() - 2000);
    expect((await putSettings(body, headers)).statusCode).toBe(200);
    expect((await putSettings(body, headers)).statusCode).toBe(400);
  });

  it('accepts the signature in upper-case hex', async () => {
    const headers = signatureHeaders(token, '', Date.now() - 3000);
    expect((await getMe({ ...headers, 'x-signature': headers['x-signature'].toUpperCase() })).statusCode).toBe(200);
  });
});
