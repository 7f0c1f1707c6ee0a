import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { createUser } from '#test/factories.ts';
import { users } from '../../db/schema.ts';
import { api, type Member, putSettings, type StaffWorld, startStaffWorld } from '../managers/staff.fixtures.ts';

let t: TestApp;
let w: StaffWorld;
let affA: { id: string; email: string };
let affB: { id: string; email: string };
let affLead: { id: string; email: string };

beforeAll(async () => {
  ({ t, w } = await startStaffWorld());
  affA = await createUser(t.db, {
    role: 'affiliate',
    managerId: w.managerA.id,
    tags: [w.tag, 'seo'],
    geos: ['DE'],
    firstName: 'Zed',
    lastName: 'Alpha',
    username: `zed_${w.tag}`,
  });
  affB = await createUser(t.db, {
    role: 'affiliate',
    managerId: w.managerB.id,
    tags: [w.tag],
    geos: ['FR'],
    firstName: 'Yan',
    lastName: 'Beta',
    status: 'on_moderation',
  });
  affLead = await createUser(t.db, {
    role: 'affiliate',
    managerId: w.lead.id,
    tags: [w.tag],
    geos: ['DE', 'PL'],
    firstName: 'Xia',
    lastName: 'Gamma',
    status: 'banned',
  });
});
afterAll(async () => {
  await t?.close();
});

const list = async (m: Member, query = '') => {
  const res = await api(t.app, 'GET', `/api/affiliates/v1/list?tag=${w.tag}${query}`, m.token);
  expect(res.status, res.body).toBe(200);
  return res.json.data as { list: { uuid: string; email: string }[]; count: number };
};
const ids = (page: { list: { uuid: string }[] }) => page.list.map((a) => a.uuid).sort();

describe('affiliates scoping', () => {
  it('shows admin and head every affiliate', async () => {
    for (const m of [w.admin, w.head]) expect(ids(await list(m))).toEqual([affA.id, affB.id, affLead.id].sort());
  });

  it("shows a team lead their own and their team's affiliates", async () => {
    expect(ids(await list(w.lead))).toEqual([affA.id, affLead.id].sort());
  });

  it('shows a manager only their own affiliates', async () => {
    expect(ids(await list(w.managerA))).toEqual([affA.id]);
    expect(ids(await list(w.managerB))).toEqual([affB.id]);
  });

  it('answers 404 to GET, PUT, status and API key of an affiliate outside the scope', async () => {
    const form = { email: affB.email, first_name: 'Hack', password: '' };
    for (const [m, target] of [
      [w.managerA, affB],
      [w.lead, affB],
      [w.managerB, affA],
    ] as const) {
      const attempts = [
        await api(t.app, 'GET', `/api/affiliates/v1/${target.id}`, m.token),
        await api(t.app, 'PUT', `/api/affiliates/v1/${target.id}`, m.token, form),
        await api(t.app, 'POST', `/api/affiliates/v1/${target.id}/status`, m.token, { status: 'banned' }),
        await api(t.app, 'POST', `/api/affiliates/v1/${target.id}/api-key`, m.token),
      ];
      for (const res of attempts) {
        expect(res.status, res.body).toBe(404);
        expect(res.json.error).toEqual({ not_found: 'Affiliate not found' });
      }
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, affB.id));
    expect(row).toMatchObject({ firstName: 'Yan', status: 'on_moderation' });
  });

  it('answers 404 for a user that is not an affiliate', async () => {
    expect((await api(t.app, 'GET', `/api/affiliates/v1/${w.managerA.id}`, w.admin.token)).status).toBe(404);
  });

  it('refuses partners with 403', async () => {
    for (const role of ['affiliate', 'advertiser'] as const) {
      const partner = await w.member({ role, managerId: w.managerA.id });
      const res = await api(t.app, 'GET', '/api/affiliates/v1/list', partner.token);
      expect(res.status).toBe(403);
      expect((await api(t.app, 'GET', `/api/affiliates/v1/${affA.id}`, partner.token)).status).toBe(403);
    }
  });
});

describe('GET /api/affiliates/v1/list', () => {
  it('searches by exact ID, by email, username and name parts', async () => {
    expect(ids(await list(w.admin, `&search=${affB.id}`))).toEqual([affB.id]);
    expect(ids(await list(w.admin, `&search=${encodeURIComponent(affA.email.slice(0, 12).toUpperCase())}`))).toEqual([
      affA.id,
    ]);
    expect(ids(await list(w.admin, `&search=zed_${w.tag}`))).toEqual([affA.id]);
    expect(ids(await list(w.admin, '&search=xia%20gam'))).toEqual([affLead.id]);
    // LIKE wildcards are literal text.
    expect(ids(await list(w.admin, '&search=%25'))).toEqual([]);
  });

  it('filters by status, manager and geo; a search cannot widen the scope', async () => {
    expect(ids(await list(w.admin, '&status=on_moderation'))).toEqual([affB.id]);
    expect(ids(await list(w.admin, `&manager_uuid=${w.lead.id}`))).toEqual([affLead.id]);
    expect(ids(await list(w.admin, '&geo=DE'))).toEqual([affA.id, affLead.id].sort());
    expect(ids(await list(w.managerA, `&search=${affB.id}`))).toEqual([]);
  });

  it('sorts and pages, with count of all matches', async () => {
    const byName = await list(w.admin, '&sort=name&order=asc');
    expect(byName.list.map((a) => a.uuid)).toEqual([affLead.id, affB.id, affA.id]);
    const page2 = await list(w.admin, '&sort=name&order=asc&count=2&page=2');
    expect(page2).toMatchObject({ count: 3 });
    expect(page2.list.map((a) => a.uuid)).toEqual([affA.id]);
    const beyond = await list(w.admin, '&count=2&page=5');
    expect(beyond).toEqual({ list: [], count: 3 });
  });

  it('filters by registration date in the partner time zone', async () => {
    await putSettings(t.db, 'general', { partner_title: 'Net', time_zone: 'Europe/Kyiv', currency: 'USD' });
    // 22:30 UTC on 10 March is 00:30 on 11 March in Kyiv (UTC+2).
    await t.db
      .update(users)
      .set({ createdAt: new Date('2025-03-10T22:30:00Z') })
      .where(eq(users.id, affA.id));
    expect(ids(await list(w.admin, '&created_from=2025-03-11&created_to=2025-03-11'))).toEqual([affA.id]);
    expect(ids(await list(w.admin, '&created_from=2025-03-10&created_to=2025-03-10'))).toEqual([]);
    const bad = await api(t.app, 'GET', '/api/affiliates/v1/list?created_from=10.03.2025', w.admin.token);
    expect(bad.status).toBe(400);
    expect(bad.json.error).toHaveProperty('created_from');
  });

  it('hides deleted affiliates unless asked for them', async () => {
    const gone = await createUser(t.db, {
      role: 'affiliate',
      managerId: w.managerA.id,
      tags: [w.tag],
      status: 'deleted',
    });
    expect(ids(await list(w.admin))).not.toContain(gone.id);
    expect(ids(await list(w.admin, '&status=deleted'))).toEqual([gone.id]);
    expect((await api(t.app, 'GET', `/api/affiliates/v1/${gone.id}`, w.managerA.token)).json.data.status).toBe(
      'deleted',
    );
  });
});
