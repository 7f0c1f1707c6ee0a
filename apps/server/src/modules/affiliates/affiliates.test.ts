import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { sessionFor } from '#test/factories.ts';
import { auditLog, users } from '../../db/schema.ts';
import { verifyPassword } from '../../lib/tokens.ts';
import {
  api,
  createStaffWorld,
  putSettings,
  type StaffWorld,
  startStaffWorld,
  uniqueEmail,
} from '../managers/staff.fixtures.ts';

let t: TestApp;
let w: StaffWorld;
beforeAll(async () => {
  ({ t, w } = await startStaffWorld());
});
afterAll(async () => {
  await t?.close();
});

const form = (over: Record<string, unknown> = {}) => ({
  email: uniqueEmail('aff'),
  password: 'affiliate-pass-1',
  first_name: 'Nina',
  last_name: 'Stone',
  contacts: { telegram: '@nina' },
  geos: ['DE', 'AT'],
  tags: [w.tag, 'seo'],
  notes: 'Came from a conference',
  website: 'https://nina.example',
  heard_from: 'Conference',
  payment_methods: [
    { system: 'wire', details: 'DE89 3704 0044 0532 0130 00', priority: 2 },
    { system: 'usdt_trc20', details: 'TXYZ', priority: 1 },
  ],
  ...over,
});
const create = (token: string, over: Record<string, unknown> = {}) =>
  api(t.app, 'POST', '/api/affiliates/v1/create', token, form(over));

describe('POST /api/affiliates/v1/create', () => {
  it('creates an affiliate with every field, hashes the password and audits it', async () => {
    const res = await create(w.admin.token, {
      manager_uuid: w.managerA.id,
      min_payout: { amount: 5000, currency: 'EUR' },
    });
    expect(res.status, res.body).toBe(200);
    const a = res.json.data;
    expect(a).toMatchObject({
      first_name: 'Nina',
      last_name: 'Stone',
      status: 'active',
      contacts: { telegram: '@nina' },
      geos: ['DE', 'AT'],
      manager: { uuid: w.managerA.id, email: w.managerA.email },
      min_payout: { amount: 5000, currency: 'EUR' },
      referrer: null,
      api_key_prefix: null,
    });
    // Stored highest priority first, so billing can take the first method.
    expect(a.payment_methods.map((m: { priority: number }) => m.priority)).toEqual([1, 2]);
    expect(res.body).not.toMatch(/scrypt|password|totp|recovery/i);
    const [row] = await t.db.select().from(users).where(eq(users.id, a.uuid));
    expect(row.role).toBe('affiliate');
    expect(await verifyPassword('affiliate-pass-1', row.passwordHash)).toBe(true);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, a.uuid), eq(auditLog.action, 'user_create')));
    expect(audit).toHaveLength(1);
    expect(audit[0].actorId).toBe(w.admin.id);
  });

  it('gives a manager themselves as manager, and refuses another manager with 400 {manager_uuid}', async () => {
    const own = await create(w.managerA.token);
    expect(own.json.data.manager.uuid).toBe(w.managerA.id);
    const other = await create(w.managerA.token, { manager_uuid: w.managerB.id });
    expect(other.status).toBe(400);
    expect(Object.keys(other.json.error!)).toEqual(['manager_uuid']);
  });

  it("lets a team lead pick themselves or their team's manager, not another team's", async () => {
    expect((await create(w.lead.token, { manager_uuid: w.managerA.id })).json.data.manager.uuid).toBe(w.managerA.id);
    expect((await create(w.lead.token, { manager_uuid: w.lead.id })).json.data.manager.uuid).toBe(w.lead.id);
    expect((await create(w.lead.token, { manager_uuid: w.managerB.id })).status).toBe(400);
  });

  it('refuses a deleted manager even for admin', async () => {
    const gone = await w.member({ role: 'manager', status: 'deleted' });
    const res = await create(w.admin.token, { manager_uuid: gone.id });
    expect(res.status).toBe(400);
    expect(res.json.error).toHaveProperty('manager_uuid');
  });

  it('applies the affiliate defaults (manager, hold days, minimum payout) to fields left out', async () => {
    // Its own database: the defaults would otherwise change what the other tests here create.
    const defaultsTest = await createTestApp();
    try {
      const world = await createStaffWorld(defaultsTest.db);
      await putSettings(defaultsTest.db, 'affiliates', {
        default_manager_uuid: world.managerB.id,
        hold_days: 21,
        min_payout: { amount: 7500, currency: 'EUR' },
      });
      const res = await api(defaultsTest.app, 'POST', '/api/affiliates/v1/create', world.admin.token, form());
      expect(res.status, res.body).toBe(200);
      expect(res.json.data).toMatchObject({
        manager: { uuid: world.managerB.id },
        min_payout: { amount: 7500, currency: 'EUR' },
      });
      const [row] = await defaultsTest.db.select().from(users).where(eq(users.id, res.json.data.uuid));
      expect(row.holdDays).toBe(21);
      // A manager cannot take the default manager (not theirs to assign): they get themselves.
      const byManager = await api(defaultsTest.app, 'POST', '/api/affiliates/v1/create', world.managerA.token, form());
      expect(byManager.json.data.manager.uuid).toBe(world.managerA.id);
    } finally {
      await defaultsTest.close();
    }
  });

  it('refuses bad input naming each field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'not-an-email' }, 'email'],
      [{ geos: ['DE', 'XX'] }, 'geos.1'],
      [{ payment_methods: [{ system: 'gold_bars', details: 'x', priority: 1 }] }, 'payment_methods.0.system'],
      [
        {
          payment_methods: [
            { system: 'wire', details: 'a', priority: 1 },
            { system: 'btc', details: 'b', priority: 1 },
          ],
        },
        'payment_methods',
      ],
      [{ first_name: ' ' }, 'first_name'],
      [{ password: 'short' }, 'password'],
      [{ min_payout: { amount: 10.5, currency: 'USD' } }, 'min_payout.amount'],
      [{ username: 'a b' }, 'username'],
    ];
    for (const [over, field] of cases) {
      const res = await create(w.admin.token, over);
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.json.error, JSON.stringify(over)).toHaveProperty([field]);
    }
  });

  it('refuses a duplicate email and a duplicate username (any case) with 400 on that field', async () => {
    const first = await create(w.admin.token, { username: `Nina_${w.tag}` });
    expect(first.status).toBe(200);
    const dupEmail = await create(w.admin.token, { email: first.json.data.email.toUpperCase() });
    expect(dupEmail.status).toBe(400);
    expect(dupEmail.json.error).toEqual({ email: 'This email is already registered' });
    const dupName = await create(w.admin.token, { username: `nina_${w.tag}`.toUpperCase() });
    expect(dupName.status).toBe(400);
    expect(dupName.json.error).toEqual({ username: 'This username is already taken' });
  });

  it('accepts a referrer in scope and refuses one outside it', async () => {
    const mine = (await create(w.managerA.token)).json.data;
    const theirs = (await create(w.managerB.token)).json.data;
    const ok = await create(w.managerA.token, { referrer_uuid: mine.uuid });
    expect(ok.json.data.referrer).toEqual({ uuid: mine.uuid, name: 'Nina Stone', email: mine.email });
    const refused = await create(w.managerA.token, { referrer_uuid: theirs.uuid });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toHaveProperty('referrer_uuid');
    // An advertiser is not an affiliate, whoever manages it.
    const advertiser = await w.member({ role: 'advertiser', managerId: w.managerA.id });
    expect((await create(w.managerA.token, { referrer_uuid: advertiser.id })).status).toBe(400);
  });
});

describe('PUT /api/affiliates/v1/:uuid', () => {
  it("edits the record; a new password is stored and ends the affiliate's sessions", async () => {
    const created = (await create(w.managerA.token)).json.data;
    const affToken = await sessionFor(t.db, created.uuid);
    const edit = (over: Record<string, unknown>) =>
      api(
        t.app,
        'PUT',
        `/api/affiliates/v1/${created.uuid}`,
        w.managerA.token,
        form({ email: created.email, ...over }),
      );

    const noPassword = await edit({
      password: undefined,
      first_name: 'Nora',
      tags: ['vip'],
      geos: ['PL'],
      payment_methods: [],
    });
    expect(noPassword.status, noPassword.body).toBe(200);
    expect(noPassword.json.data).toMatchObject({
      first_name: 'Nora',
      tags: ['vip'],
      geos: ['PL'],
      payment_methods: [],
      min_payout: created.min_payout,
    });
    expect((await api(t.app, 'GET', '/api/auth/v1/me', affToken)).status).toBe(200);

    const withPassword = await edit({ password: 'brand-new-pass-2' });
    expect(withPassword.status).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, created.uuid));
    expect(await verifyPassword('brand-new-pass-2', row.passwordHash)).toBe(true);
    expect((await api(t.app, 'GET', '/api/auth/v1/me', affToken)).status).toBe(401);
  });

  it('refuses a manager moving their affiliate to another manager, and a taken email', async () => {
    const created = (await create(w.managerA.token)).json.data;
    const other = (await create(w.managerA.token)).json.data;
    const url = `/api/affiliates/v1/${created.uuid}`;
    const move = await api(
      t.app,
      'PUT',
      url,
      w.managerA.token,
      form({ email: created.email, password: '', manager_uuid: w.managerB.id }),
    );
    expect(move.status).toBe(400);
    expect(move.json.error).toHaveProperty('manager_uuid');
    const taken = await api(t.app, 'PUT', url, w.managerA.token, form({ email: other.email, password: '' }));
    expect(taken.json.error).toEqual({ email: 'This email is already registered' });
    // Keeping its own email is not a clash.
    expect((await api(t.app, 'PUT', url, w.managerA.token, form({ email: created.email, password: '' }))).status).toBe(
      200,
    );
  });

  it('refuses an affiliate as its own referrer', async () => {
    const created = (await create(w.admin.token)).json.data;
    const res = await api(
      t.app,
      'PUT',
      `/api/affiliates/v1/${created.uuid}`,
      w.admin.token,
      form({ email: created.email, referrer_uuid: created.uuid }),
    );
    expect(res.status).toBe(400);
    expect(res.json.error).toHaveProperty('referrer_uuid');
  });
});
