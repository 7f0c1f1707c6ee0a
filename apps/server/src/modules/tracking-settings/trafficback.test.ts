import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TRAFFICBACK_REASONS } from '@pxl/contract';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { call, createUser, sessionFor } from '#test/factories.ts';
import { auditLog } from '../../db/schema.ts';

let t: TestApp;
let admin: string, adminId: string, head: string, manager: string;
beforeAll(async () => {
  t = await createTestApp();
  adminId = (await createUser(t.db, { role: 'admin' })).id;
  admin = await sessionFor(t.db, adminId);
  head = await sessionFor(t.db, (await createUser(t.db, { role: 'head' })).id);
  manager = await sessionFor(t.db, (await createUser(t.db, { role: 'manager' })).id);
});
afterAll(async () => {
  await t?.close();
});

const URL = '/api/settings/v1/trafficback';
const get = (token = admin) => call(t.app, 'GET', URL, { token });
const put = (payload: Record<string, unknown>, token = admin) => call(t.app, 'PUT', URL, { token, payload });
const ALL = Object.keys(TRAFFICBACK_REASONS);

describe('GET/PUT /api/settings/v1/trafficback', () => {
  it('starts with no URL and every reason', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ url: null, reasons: ALL });
  });

  it('stores a URL with macros and a subset of reasons, for admin and head', async () => {
    const body = { url: 'https://tb.example.com/?c={click_id}&s={sub1}', reasons: ['cap_reached', 'geo_not_allowed'] };
    const res = await put(body, head);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual(body);
    expect((await get()).json().data).toEqual(body);
  });

  it('takes an empty URL as none', async () => {
    expect((await put({ url: '', reasons: [] })).json().data).toEqual({ url: null, reasons: [] });
  });

  it('refuses an unknown macro, a non-http URL, an unknown reason and a repeated one', async () => {
    await put({ url: 'https://tb.example.com/', reasons: ['cap_reached'] });
    const macro = await put({ url: 'https://tb.example.com/?x={nope}', reasons: [] });
    expect(macro.statusCode).toBe(400);
    expect(macro.json().error).toEqual({ url: 'Unknown macro: {nope}' });
    expect((await put({ url: 'ftp://tb.example.com/', reasons: [] })).json().error).toEqual({
      url: 'Enter a full http:// or https:// address',
    });
    expect(Object.keys((await put({ url: null, reasons: ['bored'] })).json().error)).toEqual(['reasons.0']);
    expect((await put({ url: null, reasons: ['cap_reached', 'cap_reached'] })).json().error).toEqual({
      reasons: 'Each reason once',
    });
    expect((await get()).json().data).toEqual({ url: 'https://tb.example.com/', reasons: ['cap_reached'] });
  });

  it('refuses staff below head and anonymous callers', async () => {
    expect((await get(manager)).statusCode).toBe(403);
    expect((await put({ url: null, reasons: [] }, manager)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', URL)).statusCode).toBe(401);
  });

  it('audits a change with the changed fields only', async () => {
    await put({ url: 'https://tb.example.com/a', reasons: ['cap_reached'] });
    await put({ url: 'https://tb.example.com/b', reasons: ['cap_reached'] });
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, adminId), eq(auditLog.action, 'settings_change')));
    const last = rows.sort((a, b) => +a.createdAt - +b.createdAt).at(-1)!;
    expect(last.details).toEqual({
      section: 'trafficback',
      changed: { url: { from: 'https://tb.example.com/a', to: 'https://tb.example.com/b' } },
    });
  });
});
