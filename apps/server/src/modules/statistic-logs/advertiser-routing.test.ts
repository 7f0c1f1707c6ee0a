import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '#test/harness.ts';
import { api } from '../managers/staff.fixtures.ts';
import { insertProduct } from '../offers/offers.fixtures.ts';
import { DAY, DAY_RANGE, getLog, insertOffer, type LogWorld, startLogWorld } from './statistic-logs.fixtures.ts';

// An API offer without an advertiser sells to the products of several: each row belongs to its product's owner,
// as in the reports (the offer's advertiser first, else the product's).
let t: TestApp;
let w: LogWorld;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ({ t, w } = await startLogWorld());
  const free = await insertOffer(t.db, 'api', null, `Routed ${w.tag}`);
  const productB = await insertProduct(t.db, w.advB.id, { name: `Buyer B ${w.tag}` });
  ids.click = await w.click(free.id, w.affA.id, `${DAY}T07:00:00Z`);
  ids.leadA = (
    await w.addLead(free.id, w.affA.id, `${DAY}T08:00:00Z`, { productId: w.product.id, status: 'accepted' })
  ).id;
  ids.leadB = (
    await w.addLead(free.id, w.affB.id, `${DAY}T09:00:00Z`, { productId: productB.id, status: 'accepted' })
  ).id;
  ids.leadNone = (await w.addLead(free.id, w.affB.id, `${DAY}T10:00:00Z`, { status: 'failed' })).id;
  ids.convA = (
    await w.conversion(free.id, w.affA.id, `${DAY}T11:00:00Z`, {
      leadId: ids.leadA,
      productId: w.product.id,
      goal: 'ftd',
    })
  ).id;
  ids.convB = (
    await w.conversion(free.id, w.affB.id, `${DAY}T12:00:00Z`, {
      leadId: ids.leadB,
      productId: productB.id,
      goal: 'ftd',
    })
  ).id;
});
afterAll(async () => t?.close());

const uuids = async (m: typeof w.admin, path: string, q = '') => {
  const res = await getLog(t.app, m, path, `${DAY_RANGE}&tz=UTC&kind=api${q}`);
  if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${res.body}`);
  return res.json.data.list.map((r: { uuid: string }) => r.uuid);
};

describe('rows of an offer without an advertiser', () => {
  it('belong to the owner of their product', async () => {
    expect(await uuids(w.advA, 'user-sessions')).toEqual([ids.leadA]);
    expect(await uuids(w.advB, 'user-sessions')).toEqual([ids.leadB]);
    expect(await uuids(w.advA, 'conversions')).toEqual([ids.convA]);
    expect(await uuids(w.advB, 'conversions')).toEqual([ids.convB]);
    // A click has no product yet: no advertiser sees it.
    expect(await uuids(w.advA, 'clicks')).toEqual([]);
    expect(await uuids(w.admin, 'clicks')).toEqual([ids.click]);
  });

  it('match the advertiser and account-manager filters through their product', async () => {
    expect(await uuids(w.admin, 'conversions', `&advertiser=${w.advA.id}`)).toEqual([ids.convA]);
    expect(await uuids(w.admin, 'conversions', `&account_manager=${w.managerB.id}`)).toEqual([ids.convB]);
    expect(await uuids(w.admin, 'user-sessions', `&advertiser=${w.advB.id}`)).toEqual([ids.leadB]);
    expect(await uuids(w.admin, 'user-sessions')).toEqual([ids.leadNone, ids.leadB, ids.leadA]);
    expect(await uuids(w.admin, 'clicks', `&advertiser=${w.advA.id}`)).toEqual([]);
  });

  it('name the product owner as the advertiser', async () => {
    const res = await getLog(t.app, w.admin, 'conversions', `${DAY_RANGE}&tz=UTC&kind=api`);
    const byId = new Map(
      res.json.data.list.map((r: { uuid: string; advertiser: { uuid: string } }) => [r.uuid, r.advertiser.uuid]),
    );
    expect(byId.get(ids.convA)).toBe(w.advA.id);
    expect(byId.get(ids.convB)).toBe(w.advB.id);
    const detail = await api(t.app, 'GET', `/api/statistic/v1/conversions/${ids.convB}`, w.admin.token);
    expect(detail.json.data.conversion.advertiser).toMatchObject({ uuid: w.advB.id, name: `Adv B ${w.tag}` });
  });
});
