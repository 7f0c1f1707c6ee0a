import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { createUser, sessionFor } from '#test/factories.ts';
import { auditLog, users } from '../../db/schema.ts';
import { api, type Member, type StaffWorld, startStaffWorld, uniqueEmail } from '../managers/staff.fixtures.ts';

let t: TestApp;
let w: StaffWorld;
beforeAll(async () => {
  ({ t, w } = await startStaffWorld());
});
afterAll(async () => {
  await t?.close();
});

const form = (over: Record<string, unknown> = {}) => ({
  email: uniqueEmail('adv'),
  password: 'advertiser-pass-1',
  company: `Acme ${w.tag}`,
  first_name: 'Ada',
  last_name: 'Lane',
  contacts: { skype: 'acme.ada', email: 'ops@acme.example' },
  notes: 'Pays weekly',
  ...over,
});
const create = (m: Member, over: Record<string, unknown> = {}) =>
  api(t.app, 'POST', '/api/advertisers/v1/create', m.token, form(over));
const list = async (m: Member, query = '') =>
  (await api(t.app, 'GET', `/api/advertisers/v1/list?search=${w.tag}${query}`, m.token)).json.data as {
    list: { uuid: string }[];
    count: number;
  };
const ids = (page: { list: { uuid: string }[] }) => page.list.map((a) => a.uuid).sort();

describe('POST /api/advertisers/v1/create', () => {
  it('creates an advertiser with a fresh postback token and audits it', async () => {
    const res = await create(w.admin, { manager_uuid: w.managerB.id });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data).toMatchObject({
      company: `Acme ${w.tag}`,
      first_name: 'Ada',
      status: 'active',
      contacts: { skype: 'acme.ada' },
      manager: { uuid: w.managerB.id },
      products_count: 0,
      notes: 'Pays weekly',
    });
    expect(res.json.data.postback_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body).not.toMatch(/scrypt|password_hash|totp/i);
    const [row] = await t.db.select().from(users).where(eq(users.id, res.json.data.uuid));
    expect(row.role).toBe('advertiser');
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.subjectId, row.id), eq(auditLog.action, 'user_create'))),
    ).toHaveLength(1);
  });

  it('applies the manager rules: a manager gets themselves, a team lead only their team', async () => {
    expect((await create(w.managerB)).json.data.manager.uuid).toBe(w.managerB.id);
    expect((await create(w.managerB, { manager_uuid: w.managerA.id })).status).toBe(400);
    expect((await create(w.lead, { manager_uuid: w.managerA.id })).json.data.manager.uuid).toBe(w.managerA.id);
    const refused = await create(w.lead, { manager_uuid: w.managerB.id });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toHaveProperty('manager_uuid');
  });

  it('refuses a bad email, a missing company and a duplicate email', async () => {
    const bad = await create(w.admin, { email: 'nope', company: '' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.error!).sort()).toEqual(['company', 'email']);
    const first = await create(w.admin);
    const dup = await create(w.admin, { email: first.json.data.email });
    expect(dup.json.error).toEqual({ email: 'This email is already registered' });
  });
});

describe('PUT /api/advertisers/v1/:uuid', () => {
  it("a new password ends the advertiser's sessions", async () => {
    const adv = (await create(w.managerA)).json.data;
    const token = await sessionFor(t.db, adv.uuid);
    const res = await api(
      t.app,
      'PUT',
      `/api/advertisers/v1/${adv.uuid}`,
      w.managerA.token,
      form({ email: adv.email, password: 'another-pass-9' }),
    );
    expect(res.status).toBe(200);
    expect((await api(t.app, 'GET', '/api/auth/v1/me', token)).status).toBe(401);
  });
});

describe('advertisers scoping and status', () => {
  it('shows each staff role its own advertisers; 404 outside the scope', async () => {
    const scopeTag = `${w.tag}s`;
    const mk = (managerId: string) => createUser(t.db, { role: 'advertiser', managerId, company: `Scope ${scopeTag}` });
    const [a, b, l] = [await mk(w.managerA.id), await mk(w.managerB.id), await mk(w.lead.id)];
    const seen = async (m: Member) =>
      ids((await api(t.app, 'GET', `/api/advertisers/v1/list?search=${scopeTag}`, m.token)).json.data);
    expect(await seen(w.admin)).toEqual([a.id, b.id, l.id].sort());
    expect(await seen(w.head)).toEqual([a.id, b.id, l.id].sort());
    expect(await seen(w.lead)).toEqual([a.id, l.id].sort());
    expect(await seen(w.managerA)).toEqual([a.id]);
    for (const res of [
      await api(t.app, 'GET', `/api/advertisers/v1/${b.id}`, w.managerA.token),
      await api(t.app, 'PUT', `/api/advertisers/v1/${b.id}`, w.lead.token, form({ email: b.email })),
      await api(t.app, 'POST', `/api/advertisers/v1/${b.id}/status`, w.managerA.token, { status: 'deleted' }),
    ]) {
      expect(res.status, res.body).toBe(404);
      expect(res.json.error).toEqual({ not_found: 'Advertiser not found' });
    }
  });

  it('deleting revokes sessions and hides the advertiser from the default list', async () => {
    const adv = (await create(w.managerA)).json.data;
    const token = await sessionFor(t.db, adv.uuid);
    const res = await api(t.app, 'POST', `/api/advertisers/v1/${adv.uuid}/status`, w.managerA.token, {
      status: 'deleted',
    });
    expect(res.json.data.status).toBe('deleted');
    expect((await api(t.app, 'GET', '/api/auth/v1/me', token)).status).toBe(401);
    expect(ids(await list(w.managerA))).not.toContain(adv.uuid);
    expect(ids(await list(w.managerA, '&status=deleted'))).toContain(adv.uuid);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, adv.uuid), eq(auditLog.action, 'status_change')));
    expect(entry.details).toEqual({ from: 'active', to: 'deleted' });
  });

  it('refuses an affiliate status such as banned with 400', async () => {
    const adv = (await create(w.managerA)).json.data;
    expect(
      (await api(t.app, 'POST', `/api/advertisers/v1/${adv.uuid}/status`, w.managerA.token, { status: 'banned' }))
        .status,
    ).toBe(400);
  });

  it('refuses partners with 403', async () => {
    const aff = await w.member({ role: 'affiliate', managerId: w.managerA.id });
    expect((await api(t.app, 'GET', '/api/advertisers/v1/list', aff.token)).status).toBe(403);
  });
});
