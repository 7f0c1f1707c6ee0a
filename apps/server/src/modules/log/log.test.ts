import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { call, createUser, randomIp, sessionFor, signedIn } from '#test/factories.ts';
import { auditLog } from '../../db/schema.ts';

let t: TestApp;
let admin: { user: { id: string; email: string }; token: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, t.db, { role: 'admin' });
});
afterAll(async () => {
  await t?.close();
});

type Entry = {
  uuid: string;
  action: string;
  created_at: string;
  actor: { uuid: string } | null;
  subject: { uuid: string } | null;
  details: Record<string, unknown>;
};
const list = (token: string, query = '') => call(t.app, 'GET', `/api/log/v1/list${query}`, { token });
const entries = async (token: string, query = '') => {
  const res = await list(token, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { list: Entry[]; count: number };
};
const involves = (e: Entry, id: string) => e.actor?.uuid === id || e.subject?.uuid === id;

describe('GET /api/log/v1/list paging', () => {
  it('refuses count=101 with 400 naming count', async () => {
    const res = await list(admin.token, '?count=101');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', data: null, error: { count: 'count must be at most 100' } });
  });

  it('accepts count=100', async () => {
    expect((await list(admin.token, '?count=100')).statusCode).toBe(200);
  });

  it('refuses page=0, count=0 and non-numbers with 400 naming the field', async () => {
    for (const [query, field] of [
      ['?page=0', 'page'],
      ['?count=0', 'count'],
      ['?page=abc', 'page'],
      ['?count=1.5', 'count'],
    ]) {
      const res = await list(admin.token, query);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().error), query).toEqual([field]);
    }
  });

  it('answers data.list and data.count, 50 rows by default, and pages through', async () => {
    const subject = await createUser(t.db, { role: 'affiliate' });
    await t.db.insert(auditLog).values(Array.from({ length: 55 }, () => ({ action: 'logout', subjectId: subject.id })));
    const q = `?user_uuid=${subject.id}`;
    const first = await entries(admin.token, q);
    expect(first.count).toBe(55);
    expect(first.list).toHaveLength(50);
    const second = await entries(admin.token, `${q}&page=2`);
    expect(second.list).toHaveLength(5);
    expect(new Set([...first.list, ...second.list].map((e) => e.uuid)).size).toBe(55);
    const small = await entries(admin.token, `${q}&count=10&page=6`);
    expect(small.list).toHaveLength(5);
    // Past the last page: no rows, but the pager still learns how many there are.
    expect(await entries(admin.token, `${q}&page=3`)).toEqual({ list: [], count: 55 });
  });
});

describe('GET /api/log/v1/list scoping and filters', () => {
  it('shows a manager only the entries they acted in or were acted on', async () => {
    const manager = await signedIn(t.app, t.db, { role: 'manager' });
    const other = await signedIn(t.app, t.db, { role: 'manager' });
    const { list: rows } = await entries(manager.token, '?count=100');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((e) => involves(e, manager.user.id))).toBe(true);
    expect(rows.some((e) => involves(e, other.user.id) || involves(e, admin.user.id))).toBe(false);
  });

  it('refuses a team lead a look at someone else through user_uuid (still only their own)', async () => {
    const lead = await signedIn(t.app, t.db, { role: 'team_lead' });
    const { list: rows } = await entries(lead.token, `?user_uuid=${admin.user.id}&count=100`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((e) => involves(e, lead.user.id))).toBe(true);
  });

  it.each(['admin', 'head'] as const)("shows %s everyone's entries", async (role) => {
    const { token } = await signedIn(t.app, t.db, { role });
    const someone = await signedIn(t.app, t.db, { role: 'manager' });
    const { list: rows } = await entries(token, '?count=100&action=login');
    expect(rows.some((e) => e.subject?.uuid === someone.user.id)).toBe(true);
    expect(rows.some((e) => e.subject?.uuid === admin.user.id)).toBe(true);
  });

  it('filters by action', async () => {
    const { list: rows } = await entries(admin.token, '?action=login&count=100');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((e) => e.action === 'login')).toBe(true);
  });

  it('refuses an unknown action with 400 {action}', async () => {
    const res = await list(admin.token, '?action=hack');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error)).toEqual(['action']);
  });

  it('filters by date_from and date_to (inclusive days)', async () => {
    const subject = await createUser(t.db, { role: 'affiliate' });
    const at = (iso: string) => ({ action: 'logout', subjectId: subject.id, createdAt: new Date(iso) });
    await t.db
      .insert(auditLog)
      .values([
        at('2024-01-09T23:00:00Z'),
        at('2024-01-10T00:00:00Z'),
        at('2024-01-11T23:59:00Z'),
        at('2024-01-12T00:00:00Z'),
      ]);
    const q = `?user_uuid=${subject.id}`;
    const days = async (query: string) => (await entries(admin.token, q + query)).list.map((e) => e.created_at).sort();
    expect(await days('&date_from=2024-01-10&date_to=2024-01-11')).toEqual([
      '2024-01-10T00:00:00.000Z',
      '2024-01-11T23:59:00.000Z',
    ]);
    expect(await days('&date_from=2024-01-11')).toEqual(['2024-01-11T23:59:00.000Z', '2024-01-12T00:00:00.000Z']);
    expect(await days('&date_to=2024-01-09')).toEqual(['2024-01-09T23:00:00.000Z']);
    // Days are cut in the partner's time zone: at UTC+2, 23:00Z on the 9th is already the 10th.
    const put = (time_zone: string) =>
      call(t.app, 'PUT', '/api/settings/v1/general', {
        token: admin.token,
        payload: { partner_title: 'PXL Panel', time_zone, currency: 'USD' },
      });
    expect((await put('Europe/Kyiv')).statusCode).toBe(200);
    try {
      expect(await days('&date_from=2024-01-10&date_to=2024-01-10')).toEqual([
        '2024-01-09T23:00:00.000Z',
        '2024-01-10T00:00:00.000Z',
      ]);
    } finally {
      await put('UTC');
    }
  });

  it('refuses a date not in YYYY-MM-DD with 400 naming the field', async () => {
    for (const [query, field] of [
      ['?date_from=10.01.2024', 'date_from'],
      ['?date_to=2024-1-5', 'date_to'],
    ]) {
      const res = await list(admin.token, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toEqual({ [field]: 'Use the format YYYY-MM-DD' });
    }
  });

  it.each(['affiliate', 'advertiser'] as const)('refuses a %s with 403', async (role) => {
    const user = await createUser(t.db, { role });
    const res = await list(await sessionFor(t.db, user.id));
    expect(res.statusCode).toBe(403);
  });

  it('refuses a request without a token with 401', async () => {
    expect((await call(t.app, 'GET', '/api/log/v1/list')).statusCode).toBe(401);
  });
});

describe('what the audit log records', () => {
  it('has entries for login, logout, failed login, impersonation, password change and settings change', async () => {
    const { user: head, token: headToken } = await signedIn(t.app, t.db, { role: 'head' });
    const affiliate = await createUser(t.db, { role: 'affiliate' });
    const ip = randomIp();
    await call(t.app, 'POST', '/api/auth/v1/login', { payload: { email: head.email, password: 'wrong-pass' }, ip });
    await call(t.app, 'POST', '/api/auth/v1/get-affiliate-token', {
      token: headToken,
      payload: { uuid: affiliate.id },
    });
    await call(t.app, 'PUT', '/api/settings/v1/general', {
      token: headToken,
      payload: { partner_title: 'Logged Net', time_zone: 'UTC', currency: 'EUR' },
    });
    await call(t.app, 'POST', '/api/auth/v1/password-recovery', { payload: { email: head.email }, ip });
    const token = (await t.sentMails()).at(-1)!.text.match(/token=([\w-]+)/)![1];
    await call(t.app, 'POST', '/api/auth/v1/password-reset', { payload: { token, password: 'new-head-pass-1' }, ip });
    const fresh = await call(t.app, 'POST', '/api/auth/v1/login', {
      payload: { email: head.email, password: 'new-head-pass-1' },
      ip,
    });
    await call(t.app, 'GET', '/api/auth/v1/logout', { token: fresh.json().data.token });

    const { list: rows } = await entries(admin.token, `?user_uuid=${head.id}&count=100`);
    const actions = new Set(rows.map((e) => e.action));
    for (const action of [
      'login',
      'logout',
      'login_failed',
      'impersonation',
      'password_change',
      'settings_change',
      'password_reset_request',
    ]) {
      expect(actions, action).toContain(action);
    }
    const change = rows.find((e) => e.action === 'settings_change')!;
    expect(change.actor?.uuid).toBe(head.id);
    expect(change.details).toMatchObject({ section: 'general', changed: { partner_title: { to: 'Logged Net' } } });
    const imp = rows.find((e) => e.action === 'impersonation')!;
    expect(imp).toMatchObject({ actor: { uuid: head.id }, subject: { uuid: affiliate.id } });
  });

  it('lists the newest entries first', async () => {
    const { list: rows } = await entries(admin.token, '?count=100');
    const times = rows.map((e) => e.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });
});
