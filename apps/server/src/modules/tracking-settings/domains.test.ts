import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { call, createUser, sessionFor } from '#test/factories.ts';
import { auditLog } from '../../db/schema.ts';

// Names under .invalid never resolve (RFC 6761), so every DNS check here fails the same way offline or online.
let t: TestApp;
let admin: string, head: string, manager: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await sessionFor(t.db, (await createUser(t.db, { role: 'admin' })).id);
  head = await sessionFor(t.db, (await createUser(t.db, { role: 'head' })).id);
  manager = await sessionFor(t.db, (await createUser(t.db, { role: 'manager' })).id);
});
afterAll(async () => {
  await t?.close();
});

const BASE = '/api/settings/v1/domains';
const add = (payload: Record<string, unknown>, token = admin) => call(t.app, 'POST', BASE, { token, payload });
const list = async () =>
  (await call(t.app, 'GET', BASE, { token: admin })).json().data.list as {
    uuid: string;
    name: string;
    is_default: boolean;
  }[];
const summary = async () => (await list()).map((d) => `${d.name}${d.is_default ? '*' : ''}`);
const byName = async (name: string) => (await list()).find((d) => d.name === name)!;
const clear = async () => {
  for (const d of await list()) await call(t.app, 'DELETE', `${BASE}/${d.uuid}`, { token: admin });
};

describe('adding tracking domains', () => {
  it('makes the first domain the default and checks its DNS at once', async () => {
    const res = await add({ name: '  TRK-B.Example.INVALID ' });
    expect(res.statusCode, res.body).toBe(200);
    const domain = res.json().data;
    expect(domain).toMatchObject({ name: 'trk-b.example.invalid', is_default: true, dns: { ok: false } });
    expect(domain.dns.checked_at).toEqual(expect.any(String));
    // ENOTFOUND wherever a DNS server answers; a sandbox without one gives a timeout or refusal instead.
    expect(domain.dns.detail).toMatch(
      /^(The name does not resolve \(ENOTFOUND\)|The DNS lookup timed out|No DNS server could be reached)/,
    );
    expect(await byName('trk-b.example.invalid')).toEqual(domain);
  });

  it('lists the default first, then by name; is_default moves the default', async () => {
    await add({ name: 'trk-c.example.invalid' });
    await add({ name: 'trk-a.example.invalid' });
    expect(await summary()).toEqual(['trk-b.example.invalid*', 'trk-a.example.invalid', 'trk-c.example.invalid']);
    expect((await add({ name: 'trk-z.example.invalid', is_default: true })).json().data.is_default).toBe(true);
    expect(await summary()).toEqual([
      'trk-z.example.invalid*',
      'trk-a.example.invalid',
      'trk-b.example.invalid',
      'trk-c.example.invalid',
    ]);
  });

  it('refuses a name already added (in any case) and a malformed name, naming the field', async () => {
    const dup = await add({ name: 'TRK-A.example.invalid' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().error).toEqual({ name: 'This domain is already added' });
    for (const name of ['https://trk.example.com', 'trk.example.com/path', 'localhost', '-x.example.com', '']) {
      const bad = await add({ name });
      expect(bad.statusCode, name).toBe(400);
      expect(Object.keys(bad.json().error), name).toEqual(['name']);
    }
    expect((await list()).length).toBe(4);
  });
});

describe('default, check and removal', () => {
  it('makes another domain the default, leaving exactly one', async () => {
    const target = await byName('trk-c.example.invalid');
    const res = await call(t.app, 'POST', `${BASE}/${target.uuid}/default`, { token: head });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'trk-c.example.invalid', is_default: true });
    expect((await list()).filter((d) => d.is_default).map((d) => d.name)).toEqual(['trk-c.example.invalid']);
  });

  it('checks again and stores the new time', async () => {
    const before = (await byName('trk-a.example.invalid')) as unknown as { uuid: string; dns: { checked_at: string } };
    const res = await call(t.app, 'POST', `${BASE}/${before.uuid}/check`, { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().data;
    expect(after.dns.ok).toBe(false);
    expect(Date.parse(after.dns.checked_at)).toBeGreaterThanOrEqual(Date.parse(before.dns.checked_at));
  });

  it('hands the default to the oldest remaining domain when the default is removed', async () => {
    const gone = await byName('trk-c.example.invalid');
    expect((await call(t.app, 'DELETE', `${BASE}/${gone.uuid}`, { token: admin })).statusCode).toBe(200);
    // b was added first of those left.
    expect(await summary()).toEqual(['trk-b.example.invalid*', 'trk-a.example.invalid', 'trk-z.example.invalid']);
    const plain = await byName('trk-a.example.invalid');
    await call(t.app, 'DELETE', `${BASE}/${plain.uuid}`, { token: admin });
    expect(await summary()).toEqual(['trk-b.example.invalid*', 'trk-z.example.invalid']);
  });

  it('answers 404 for an unknown domain on every action', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const [method, suffix] of [
      ['DELETE', ''],
      ['POST', '/default'],
      ['POST', '/check'],
    ] as const) {
      const res = await call(t.app, method, `${BASE}/${missing}${suffix}`, { token: admin });
      expect(res.statusCode, `${method} ${suffix}`).toBe(404);
    }
  });

  it('refuses staff below head', async () => {
    expect((await call(t.app, 'GET', BASE, { token: manager })).statusCode).toBe(403);
    expect((await add({ name: 'trk-m.example.invalid' }, manager)).statusCode).toBe(403);
  });
});

describe('audit and concurrency', () => {
  it('audits add, default and remove as settings changes of section domains (a no-op default is not audited)', async () => {
    await clear();
    const headId = (await createUser(t.db, { role: 'head' })).id;
    const token = await sessionFor(t.db, headId);
    await add({ name: 'one.example.invalid' }, token);
    const two = (await add({ name: 'two.example.invalid' }, token)).json().data;
    await call(t.app, 'POST', `${BASE}/${two.uuid}/default`, { token });
    await call(t.app, 'POST', `${BASE}/${two.uuid}/default`, { token });
    await call(t.app, 'DELETE', `${BASE}/${two.uuid}`, { token });
    const rows = (
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorId, headId), eq(auditLog.action, 'settings_change')))
    ).sort((a, b) => +a.createdAt - +b.createdAt);
    expect(rows.map((r) => r.details)).toEqual([
      {
        section: 'domains',
        change: 'add',
        name: 'one.example.invalid',
        is_default: true,
        changed: { default: { from: null, to: 'one.example.invalid' } },
      },
      { section: 'domains', change: 'add', name: 'two.example.invalid', is_default: false },
      {
        section: 'domains',
        change: 'default',
        name: 'two.example.invalid',
        changed: { default: { from: 'one.example.invalid', to: 'two.example.invalid' } },
      },
      {
        section: 'domains',
        change: 'remove',
        name: 'two.example.invalid',
        changed: { default: { from: 'two.example.invalid', to: 'one.example.invalid' } },
      },
    ]);
  });

  it('keeps one default when several domains are added as default at once', async () => {
    await clear();
    const names = ['p1', 'p2', 'p3', 'p4', 'p5'].map((p) => `${p}.example.invalid`);
    const results = await Promise.all(names.map((name) => add({ name, is_default: true })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await list()).filter((d) => d.is_default)).toHaveLength(1);
    const twice = await Promise.all([add({ name: 'same.example.invalid' }), add({ name: 'same.example.invalid' })]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });
});
