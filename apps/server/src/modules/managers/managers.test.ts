import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { createUser, sessionFor } from '#test/factories.ts';
import { auditLog, users } from '../../db/schema.ts';
import { api, type Member, type StaffWorld, startStaffWorld, uniqueEmail } from './staff.fixtures.ts';

let t: TestApp;
let w: StaffWorld;
beforeAll(async () => {
  ({ t, w } = await startStaffWorld());
  // Partners give partners_count something to count; the deleted one must not count.
  await createUser(t.db, { role: 'affiliate', managerId: w.managerA.id });
  await createUser(t.db, { role: 'advertiser', managerId: w.managerA.id });
  await createUser(t.db, { role: 'affiliate', managerId: w.managerA.id, status: 'deleted' });
});
afterAll(async () => {
  await t?.close();
});

const form = (over: Record<string, unknown> = {}) => ({
  email: uniqueEmail('staff'),
  password: 'manager-pass-1',
  first_name: 'Max',
  last_name: 'Payne',
  role: 'manager',
  type: 'affiliate',
  contacts: { telegram: '@max' },
  notes: 'Night shift',
  ...over,
});
const create = (m: Member, over: Record<string, unknown> = {}) =>
  api(t.app, 'POST', '/api/managers/v1/create', m.token, form(over));
const update = (m: Member, id: string, over: Record<string, unknown>) =>
  api(t.app, 'PUT', `/api/managers/v1/${id}`, m.token, form(over));
const uuids = (data: { list: { uuid: string }[] }) => data.list.map((x) => x.uuid);

describe('GET /api/managers/v1/list and /:uuid', () => {
  it('shows admin and head every head, team lead and manager, never admins or partners', async () => {
    for (const m of [w.admin, w.head]) {
      const res = await api(t.app, 'GET', '/api/managers/v1/list?count=100', m.token);
      expect(res.status, res.body).toBe(200);
      const seen = uuids(res.json.data);
      expect(seen).toEqual(expect.arrayContaining([w.head.id, w.lead.id, w.managerA.id, w.managerB.id]));
      expect(seen).not.toContain(w.admin.id);
      expect(res.json.data.list.every((x: { role: string }) => ['head', 'team_lead', 'manager'].includes(x.role))).toBe(
        true,
      );
    }
  });

  it('shows a team lead their team and themselves; others are 404', async () => {
    const res = await api(t.app, 'GET', '/api/managers/v1/list', w.lead.token);
    expect(uuids(res.json.data).sort()).toEqual([w.lead.id, w.managerA.id].sort());
    expect(res.json.data.count).toBe(2);
    const a = res.json.data.list.find((x: { uuid: string }) => x.uuid === w.managerA.id);
    expect(a).toMatchObject({
      role: 'manager',
      type: 'affiliate',
      team_lead: { uuid: w.lead.id },
      partners_count: 2,
      status: 'active',
    });
    expect((await api(t.app, 'GET', `/api/managers/v1/${w.managerB.id}`, w.lead.token)).status).toBe(404);
    expect((await update(w.lead, w.managerB.id, { email: w.managerB.email })).status).toBe(404);
  });

  it('searches, filters by role, and refuses managers and partners with 403', async () => {
    const res = await api(
      t.app,
      'GET',
      `/api/managers/v1/list?role=team_lead&search=${encodeURIComponent(w.lead.email)}`,
      w.admin.token,
    );
    expect(uuids(res.json.data)).toEqual([w.lead.id]);
    expect((await api(t.app, 'GET', '/api/managers/v1/list', w.managerA.token)).status).toBe(403);
    const aff = await w.member({ role: 'affiliate' });
    expect((await api(t.app, 'GET', `/api/managers/v1/${w.managerA.id}`, aff.token)).status).toBe(403);
  });
});

describe('GET /api/managers/v1/options', () => {
  it('offers each caller the active staff they may assign partners to', async () => {
    const gone = await w.member({ role: 'manager', status: 'deleted', teamLeadId: w.lead.id });
    const of = async (m: Member) =>
      uuids((await api(t.app, 'GET', '/api/managers/v1/options', m.token)).json.data).sort();
    expect(await of(w.managerA)).toEqual([w.managerA.id]);
    expect(await of(w.lead)).toEqual([w.lead.id, w.managerA.id].sort());
    const all = await of(w.admin);
    expect(all).toEqual(expect.arrayContaining([w.head.id, w.lead.id, w.managerA.id, w.managerB.id]));
    expect(all).not.toContain(gone.id);
    expect(all).not.toContain(w.admin.id);
  });
});

describe('POST /api/managers/v1/create', () => {
  it('lets admin and head create a head; a team lead gets 403 {access}', async () => {
    for (const m of [w.admin, w.head]) {
      const res = await create(m, { role: 'head', type: 'head' });
      expect(res.status, res.body).toBe(200);
      expect(res.json.data).toMatchObject({ role: 'head', type: 'head', team_lead: null, partners_count: 0 });
    }
    const refused = await create(w.lead, { role: 'head', type: 'head' });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toEqual({ access: "Access forbidden. You don't have permission." });
    expect((await create(w.lead, { role: 'team_lead' })).status).toBe(403);
  });

  it("puts a team lead's new manager in their own team, whatever team lead the form names", async () => {
    const otherLead = await w.member({ role: 'team_lead' });
    const res = await create(w.lead, { team_lead_uuid: otherLead.id });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data.team_lead.uuid).toBe(w.lead.id);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, res.json.data.uuid), eq(auditLog.action, 'user_create')));
    expect(audit[0]).toMatchObject({ actorId: w.lead.id, details: { role: 'manager', type: 'affiliate' } });
  });

  it('refuses a team_lead_uuid that is not an active team lead', async () => {
    const deletedLead = await w.member({ role: 'team_lead', status: 'deleted' });
    for (const bad of [w.managerB.id, deletedLead.id, w.head.id]) {
      const res = await create(w.admin, { team_lead_uuid: bad });
      expect(res.status, bad).toBe(400);
      expect(res.json.error).toEqual({ team_lead_uuid: 'Choose an active team lead' });
    }
    expect((await create(w.admin, { role: 'team_lead', team_lead_uuid: w.lead.id })).status).toBe(400);
  });

  it('refuses bad input, an unknown role or type, and a duplicate email', async () => {
    const bad = await create(w.admin, { email: 'x@', role: 'admin', type: 'boss' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.error!).sort()).toEqual(['email', 'role', 'type']);
    const dup = await create(w.admin, { email: w.managerA.email });
    expect(dup.json.error).toEqual({ email: 'This email is already registered' });
  });
});

describe('PUT /api/managers/v1/:uuid', () => {
  it('deleting a manager revokes their sessions and is audited', async () => {
    const m = (await create(w.admin)).json.data;
    const token = await sessionFor(t.db, m.uuid);
    const res = await update(w.head, m.uuid, { email: m.email, status: 'deleted' });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data.status).toBe('deleted');
    expect((await api(t.app, 'GET', '/api/auth/v1/me', token)).status).toBe(401);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, m.uuid), eq(auditLog.action, 'status_change')));
    expect(entry.details).toEqual({ from: 'active', to: 'deleted' });
  });

  it('a team lead edits their manager but cannot promote them, nor touch a head', async () => {
    const mine = (await create(w.lead)).json.data;
    const edited = await update(w.lead, mine.uuid, { email: mine.email, first_name: 'Renamed', password: '' });
    expect(edited.json.data).toMatchObject({ first_name: 'Renamed', team_lead: { uuid: w.lead.id } });
    expect((await update(w.lead, mine.uuid, { email: mine.email, role: 'team_lead' })).status).toBe(403);
    const headInTeam = await w.member({ role: 'head', teamLeadId: w.lead.id });
    expect((await update(w.lead, headInTeam.id, { email: headInTeam.email, role: 'manager' })).status).toBe(403);
    const [row] = await t.db.select().from(users).where(eq(users.id, headInTeam.id));
    expect(row.role).toBe('head');
  });

  it('refuses deleting your own account', async () => {
    const res = await update(w.head, w.head.id, { email: w.head.email, role: 'head', type: 'head', status: 'deleted' });
    expect(res.status).toBe(400);
    expect(res.json.error).toHaveProperty('status');
  });

  it('a team lead who stops leading releases their team', async () => {
    const lead = (await create(w.admin, { role: 'team_lead' })).json.data;
    const member = (await create(w.admin, { team_lead_uuid: lead.uuid })).json.data;
    const res = await update(w.admin, lead.uuid, { email: lead.email, role: 'manager' });
    expect(res.status, res.body).toBe(200);
    expect((await api(t.app, 'GET', `/api/managers/v1/${member.uuid}`, w.admin.token)).json.data.team_lead).toBeNull();
  });
});
