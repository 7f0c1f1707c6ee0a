import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Role } from '@pxl/contract';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { call, createUser, sessionFor } from '#test/factories.ts';
import { auditLog } from '../../db/schema.ts';

let t: TestApp;
const tokens = {} as Record<Role, string>;
const ids = {} as Record<Role, string>;
beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'head', 'manager', 'team_lead', 'affiliate', 'advertiser'] as const) {
    const user = await createUser(t.db, { role });
    ids[role] = user.id;
    tokens[role] = await sessionFor(t.db, user.id);
  }
});
afterAll(async () => {
  await t?.close();
});

const URL = '/api/settings/v1/general';
const get = (token?: string) => call(t.app, 'GET', URL, { token });
const put = (payload: Record<string, unknown>, token = tokens.admin) => call(t.app, 'PUT', URL, { token, payload });
const publicSettings = () => call(t.app, 'GET', '/api/settings/v1/public');
const NO_SUPPORT = { support_email: '', support_telegram: '', support_phone: '' };
const VALID = {
  partner_title: 'Acme Network',
  time_zone: 'Europe/Berlin',
  currency: 'EUR',
  raw_clicks_days: 120,
  ...NO_SUPPORT,
};

describe('GET/PUT /api/settings/v1/general', () => {
  it('starts with the defaults', async () => {
    const res = await get(tokens.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      error: null,
      data: { partner_title: 'PXL Panel', time_zone: 'UTC', currency: 'USD', raw_clicks_days: 90, ...NO_SUPPORT },
    });
  });

  it.each(['admin', 'head'] as const)('lets %s read and write', async (role) => {
    const body = { ...VALID, partner_title: `Net of ${role}` };
    const res = await put(body, tokens[role]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(body);
    expect((await get(tokens[role])).json().data).toEqual(body);
  });

  it.each(['manager', 'team_lead', 'affiliate', 'advertiser'] as const)(
    'refuses %s with 403 for both read and write',
    async (role) => {
      const before = (await get(tokens.admin)).json().data;
      const read = await get(tokens[role]);
      expect(read.statusCode).toBe(403);
      expect(read.json()).toEqual({
        status: 'error',
        data: null,
        error: { access: "Access forbidden. You don't have permission." },
      });
      expect((await put({ ...VALID, partner_title: 'Hijacked' }, tokens[role])).statusCode).toBe(403);
      expect((await get(tokens.admin)).json().data).toEqual(before);
    },
  );

  it('refuses both without a token with 401', async () => {
    expect((await get()).statusCode).toBe(401);
    expect((await call(t.app, 'PUT', URL, { payload: VALID })).statusCode).toBe(401);
  });

  it('refuses an empty title, an unknown time zone and GBP with 400 naming each field', async () => {
    const res = await put({ partner_title: '   ', time_zone: 'Mars/Base', currency: 'GBP' });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error).toEqual({
      partner_title: 'Partner title is required',
      time_zone: 'Unknown time zone',
      currency: expect.any(String),
    });
  });

  it('refuses a missing field and a title over 60 characters', async () => {
    const missing = await put({ partner_title: 'Only a title' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().error).sort()).toEqual(['currency', 'time_zone']);
    const long = await put({ ...VALID, partner_title: 'x'.repeat(61) });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json().error)).toEqual(['partner_title']);
  });

  it('keeps the stored settings when a write is refused', async () => {
    await put(VALID);
    await put({ ...VALID, currency: 'GBP' });
    expect((await get(tokens.admin)).json().data).toEqual(VALID);
  });

  it('trims the title', async () => {
    const res = await put({ ...VALID, partner_title: '  Trimmed Net  ' });
    expect(res.json().data.partner_title).toBe('Trimmed Net');
  });

  it('audits a change with from and to of each changed field only', async () => {
    await put({ partner_title: 'Before Net', time_zone: 'UTC', currency: 'USD' }, tokens.head);
    await put({ partner_title: 'After Net', time_zone: 'UTC', currency: 'UAH' }, tokens.head);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, ids.head), eq(auditLog.action, 'settings_change')));
    const last = rows.sort((a, b) => +a.createdAt - +b.createdAt).at(-1)!;
    expect(last.details).toEqual({
      section: 'general',
      changed: { partner_title: { from: 'Before Net', to: 'After Net' }, currency: { from: 'USD', to: 'UAH' } },
    });
  });
});

describe('GET /api/settings/v1/public', () => {
  it('needs no token and reflects the latest change', async () => {
    await put({ partner_title: 'Public Net', time_zone: 'Asia/Tokyo', currency: 'UAH' });
    const res = await publicSettings();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      error: null,
      data: { partner_title: 'Public Net', time_zone: 'Asia/Tokyo', currency: 'UAH', logo_version: null },
    });
    await put({ ...VALID, partner_title: 'Public Net 2' });
    expect((await publicSettings()).json().data.partner_title).toBe('Public Net 2');
  });

  it('answers with a token of any role as well', async () => {
    expect((await call(t.app, 'GET', '/api/settings/v1/public', { token: tokens.affiliate })).statusCode).toBe(200);
  });
});
