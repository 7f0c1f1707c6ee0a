import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES, type Role } from '@pxl/contract';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { authHeader, call, createUser, sessionFor } from '#test/factories.ts';

let t: TestApp;
const tokens = {} as Record<Role, string>;
beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'head', 'manager', 'team_lead', 'affiliate', 'advertiser'] as const) {
    tokens[role] = await sessionFor(t.db, (await createUser(t.db, { role })).id);
  }
});
afterAll(async () => {
  await t?.close();
});

const URL = '/api/settings/v1/logo';
const pngOf = (size: number) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(size - 8, 7)]);
const PNG = pngOf(300);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 1)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(50, 2)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const HTML = Buffer.from('<!doctype html><script>alert(1)</script>');
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(40)]);
const PDF = Buffer.from('%PDF-1.7\n%%EOF');

const upload = (bytes: Buffer, token: string | null = tokens.admin) =>
  t.app.inject({
    method: 'POST',
    url: `${URL}?name=logo.exe`,
    payload: bytes,
    headers: { ...(token ? authHeader(token) : {}), 'content-type': 'application/octet-stream' },
  });
const remove = (token: string | null = tokens.admin) => call(t.app, 'DELETE', URL, { token: token ?? undefined });
const read = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: URL, headers });
const version = async () => (await call(t.app, 'GET', '/api/settings/v1/public')).json().data.logo_version;

describe('logo upload: the type is read from the bytes', () => {
  it.each([
    ['PNG', PNG, 'image/png'],
    ['JPEG', JPEG, 'image/jpeg'],
    ['WebP', WEBP, 'image/webp'],
  ])('takes a %s whatever its name or declared type, and serves it with that type', async (_n, bytes, mime) => {
    const res = await upload(bytes);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ mime, size: bytes.length });
    const got = await read();
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe(mime);
    expect(got.rawPayload.equals(bytes)).toBe(true);
  });

  it.each([
    ['an SVG', SVG],
    ['HTML', HTML],
    ['a GIF', GIF],
    ['a PDF', PDF],
    ['nothing', Buffer.alloc(0)],
  ])('refuses %s with 400 and keeps the old logo', async (_n, bytes) => {
    await upload(PNG);
    const res = await upload(bytes);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', error: { file: expect.any(String) } });
    expect((await read()).headers['content-type']).toBe('image/png');
  });

  it('takes 512 KB and refuses 512 KB + 1 byte in words', async () => {
    expect((await upload(pngOf(LOGO_MAX_BYTES))).statusCode).toBe(200);
    const res = await upload(pngOf(LOGO_MAX_BYTES + 1));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ file: 'The logo may be at most 512 KB' });
    expect((await read()).rawPayload.length).toBe(LOGO_MAX_BYTES);
  });
});

describe('who may change the logo', () => {
  it.each(['manager', 'team_lead', 'affiliate', 'advertiser'] as const)('refuses %s with 403', async (role) => {
    await upload(PNG);
    expect((await upload(JPEG, tokens[role])).statusCode).toBe(403);
    expect((await remove(tokens[role])).statusCode).toBe(403);
    expect((await read()).headers['content-type']).toBe('image/png');
  });

  it('refuses a visitor without a session with 401', async () => {
    expect((await upload(PNG, null)).statusCode).toBe(401);
    expect((await remove(null)).statusCode).toBe(401);
  });

  it.each(['admin', 'head'] as const)('lets %s upload and remove; then the logo is 404', async (role) => {
    expect((await upload(JPEG, tokens[role])).statusCode).toBe(200);
    const res = await remove(tokens[role]);
    expect(res.json().data).toEqual({ removed: true });
    const gone = await read();
    expect(gone.statusCode).toBe(404);
    expect(gone.json().status).toBe('error');
    expect(await version()).toBeNull();
  });
});

describe('GET /api/settings/v1/logo', () => {
  it('is public, nosniff, and revalidated by an ETag that changes with the logo', async () => {
    await upload(PNG);
    const first = await read();
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(await version()).toBe(etag.slice(1, -1));
    expect((await read({ 'if-none-match': etag })).statusCode).toBe(304);
    await upload(JPEG);
    const changed = await read({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.headers['content-type']).toBe('image/jpeg');
  });
});
