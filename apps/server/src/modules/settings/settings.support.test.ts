import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@pxl/contract';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { call, createUser, sessionFor } from '#test/factories.ts';

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

const BASE = { partner_title: 'Support Net', time_zone: 'UTC', currency: 'USD' };
const CONTACTS = {
  support_email: 'help@example.com',
  support_telegram: '@acme_help',
  support_phone: '+1 (555) 010-20',
};
const put = (payload: Record<string, unknown>, token = tokens.admin) =>
  call(t.app, 'PUT', '/api/settings/v1/general', { token, payload });
const support = (token?: string) => call(t.app, 'GET', '/api/settings/v1/support', { token });

describe('support contacts in the general settings', () => {
  it('stores valid contacts, keeps one left out and clears one sent empty', async () => {
    expect((await put({ ...BASE, ...CONTACTS })).json().data).toMatchObject(CONTACTS);
    const cleared = await put({ ...BASE, support_email: '', support_telegram: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data).toMatchObject({
      support_email: '',
      support_telegram: '',
      support_phone: '+1 (555) 010-20',
    });
  });

  it('refuses a non-e-mail, a handle that is no Telegram handle and an over-long phone, naming each field', async () => {
    await put({ ...BASE, ...CONTACTS });
    const res = await put({
      ...BASE,
      support_email: 'help at example',
      support_telegram: 'https://t.me/x<script>',
      support_phone: '1'.repeat(65),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error).sort()).toEqual(['support_email', 'support_phone', 'support_telegram']);
    expect((await support(tokens.affiliate)).json().data).toEqual(CONTACTS);
  });

  it.each([
    ['support_email', 'a@b'],
    ['support_email', `${'x'.repeat(250)}@example.com`],
    ['support_telegram', '@abc'],
    ['support_telegram', '@' + 'a'.repeat(33)],
    ['support_phone', '+1 555 <b>'],
  ])('refuses %s = %s', async (field, value) => {
    const res = await put({ ...BASE, [field]: value });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error)).toEqual([field]);
  });
});

describe('GET /api/settings/v1/support', () => {
  it.each(['affiliate', 'advertiser', 'manager', 'team_lead', 'head'] as const)(
    'lets %s read the contacts',
    async (role) => {
      await put({ ...BASE, ...CONTACTS });
      const res = await support(tokens[role]);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'success', error: null, data: CONTACTS });
    },
  );

  it('refuses a visitor without a session, and the public settings do not carry the contacts', async () => {
    await put({ ...BASE, ...CONTACTS });
    const res = await support();
    expect(res.statusCode).toBe(401);
    expect(res.json().status).toBe('error');
    expect(JSON.stringify((await call(t.app, 'GET', '/api/settings/v1/public')).json())).not.toContain('help@');
  });
});
