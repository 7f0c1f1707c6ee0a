import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '#test/harness.ts';
import { DAY, DAY_RANGE, getLog, type LogWorld, startLogWorld } from './statistic-logs.fixtures.ts';

let t: TestApp;
let w: LogWorld;
const ids: Record<string, string> = {};
let clickId = '';
let attemptId = '';
let email = '';

beforeAll(async () => {
  ({ t, w } = await startLogWorld());
  clickId = await w.click(w.apiA.id, w.affA.id, `${DAY}T06:00:00Z`);
  const accepted = await w.addLead(w.apiA.id, w.affA.id, `${DAY}T08:00:00Z`, {
    clickId,
    productId: w.product.id,
    status: 'accepted',
    callStatus: 'ftd',
    isFtd: true,
    ftdAt: new Date(`${DAY}T12:00:00Z`),
    sub4: 'tier-1',
  });
  ids.accepted = accepted.id;
  email = accepted.email!;
  await w.attempt(accepted.id, 1, 'rejected', `${DAY}T08:00:01Z`);
  attemptId = (await w.attempt(accepted.id, 2, 'accepted', `${DAY}T08:00:02Z`)).id;
  await w.status(accepted.id, 'interested', `${DAY}T10:00:00Z`);
  await w.status(accepted.id, 'ftd', `${DAY}T12:00:00Z`);
  ids.failed = (
    await w.addLead(w.apiA.id, w.affA.id, `${DAY}T09:00:00Z`, {
      status: 'failed',
      reason: 'caps_full',
      ip: '192.0.2.44',
    })
  ).id;
  await w.attempt(ids.failed, 1, 'caps_full', `${DAY}T09:00:01Z`);
  ids.other = (await w.addLead(w.apiA.id, w.affB.id, `${DAY}T10:00:00Z`, { country: 'PL' })).id;
});
afterAll(async () => t?.close());

const list = async (m: typeof w.admin, q: string) => {
  const res = await getLog(t.app, m, 'user-sessions', `${DAY_RANGE}&tz=UTC&kind=api&${q}`);
  if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${res.body}`);
  return res;
};
const uuids = async (m: typeof w.admin, q: string) =>
  (await list(m, q)).json.data.list.map((r: { uuid: string }) => r.uuid);

describe('user sessions', () => {
  it('gives staff every lead with its attempts and call statuses in order', async () => {
    const res = await list(w.admin, '');
    const rows = res.json.data.list;
    expect(rows.map((r: { uuid: string }) => r.uuid)).toEqual([ids.other, ids.failed, ids.accepted]);
    expect(res.json.data).toMatchObject({ count: 3, count_capped: false });
    const acc = rows[2];
    expect(acc).toMatchObject({
      click_id: clickId,
      email,
      status: 'accepted',
      call_status: 'ftd',
      is_ftd: true,
      ftd_at: `${DAY}T12:00:00.000Z`,
      sub4: 'tier-1',
      product: { uuid: w.product.id, name: w.product.name },
      first_name: 'Ann',
      phone: '+491234567',
    });
    expect(acc.attempts.map((a: { result: string; position: number }) => [a.position, a.result])).toEqual([
      [1, 'rejected'],
      [2, 'accepted'],
    ]);
    expect(acc.attempts[1]).toMatchObject({ uuid: attemptId, product: { uuid: w.product.id } });
    expect(acc.history.map((h: { to: string; raw: string }) => [h.to, h.raw])).toEqual([
      ['interested', 'INTERESTED'],
      ['ftd', 'FTD'],
    ]);
    expect(rows[1]).toMatchObject({ status: 'failed', reason: 'caps_full', product: null });
    expect(rows[1].attempts.map((a: { result: string }) => a.result)).toEqual(['caps_full']);
    expect(rows[0]).toMatchObject({ attempts: [], history: [] });
  });

  it('searches our lead ID, a buyer lead ID, the click ID, email, IP and sub', async () => {
    const s = (text: string) => uuids(w.admin, `search=${encodeURIComponent(text)}`);
    expect(await s(ids.failed)).toEqual([ids.failed]);
    expect(await s(attemptId)).toEqual([ids.accepted]);
    expect(await s(clickId)).toEqual([ids.accepted]);
    expect(await s(` ${email.toUpperCase()} `)).toEqual([ids.accepted]);
    expect(await s('192.0.2.44')).toEqual([ids.failed]);
    expect(await s('tier-1')).toEqual([ids.accepted]);
    expect(await s('tier')).toEqual([]);
  });

  it('filters by lead status, product, geo and affiliate manager', async () => {
    expect(await uuids(w.admin, 'lead_status=failed,processing')).toEqual([ids.other, ids.failed]);
    expect(await uuids(w.admin, `product=${w.product.id}`)).toEqual([ids.accepted]);
    expect(await uuids(w.admin, 'geo=PL')).toEqual([ids.other]);
    expect(await uuids(w.admin, `manager=${w.managerA.id}`)).toEqual([ids.failed, ids.accepted]);
    expect((await getLog(t.app, w.admin, 'user-sessions', 'lead_status=lost')).status).toBe(400);
    const direct = await getLog(t.app, w.admin, 'user-sessions', `${DAY_RANGE}&tz=UTC&kind=direct_link`);
    expect(direct.json.data).toMatchObject({ list: [], count: 0 });
  });

  it('shows affiliates their own leads without attempts, history or product', async () => {
    const res = await list(w.affA, '');
    const rows = res.json.data.list;
    expect(rows.map((r: { uuid: string }) => r.uuid)).toEqual([ids.failed, ids.accepted]);
    for (const key of ['attempts', 'history', 'product']) expect(rows[1], key).not.toHaveProperty(key);
    expect(rows[1]).toMatchObject({ email, status: 'accepted' });
    expect(res.body).not.toContain(w.product.name);
    expect(await uuids(w.affB, '')).toEqual([ids.other]);
  });

  it('shows advertisers their offers’ leads without the person; managers their affiliates’', async () => {
    const res = await list(w.advA, '');
    const rows = res.json.data.list;
    expect(rows).toHaveLength(3);
    expect(rows[2]).toMatchObject({
      email: null,
      first_name: null,
      last_name: null,
      phone: null,
      ip: null,
      affiliate: { name: w.affA.id.slice(0, 8), email: '' },
    });
    expect(rows[2]).not.toHaveProperty('attempts');
    expect(res.body).not.toContain(email);
    expect(await uuids(w.advB, '')).toEqual([]);
    expect(await uuids(w.managerB, '')).toEqual([ids.other]);
    expect(await uuids(w.lead, '')).toEqual([ids.failed, ids.accepted]);
  });
});
