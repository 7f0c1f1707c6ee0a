import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '#test/harness.ts';
import { DAY, DAY_RANGE, getLog, LOG_REVENUE, type LogWorld, startLogWorld } from './statistic-logs.fixtures.ts';

let t: TestApp;
let w: LogWorld;
const ids: Record<string, string> = {};
let apiEmail = '';
let apiClick = '';
let dlClick = '';

beforeAll(async () => {
  ({ t, w } = await startLogWorld());
  dlClick = await w.click(w.dlA.id, w.affA.id, `${DAY}T07:00:00Z`, {
    sub2: 'adset-9',
    ip: '198.51.100.23',
    landingId: w.landing.id,
  });
  ids.dl = (
    await w.conversion(w.dlA.id, w.affA.id, `${DAY}T08:00:00Z`, {
      clickId: dlClick,
      status: 'approved',
      landingId: w.landing.id,
    })
  ).id;
  ids.dlB = (await w.conversion(w.dlB.id, w.affB.id, `${DAY}T09:00:00Z`, { status: 'rejected', country: 'FR' })).id;
  // An API conversion: subs come from the lead, which has its own; the click underneath says otherwise.
  apiClick = await w.click(w.apiA.id, w.affA.id, `${DAY}T09:30:00Z`, { sub1: 'from-click' });
  const lead = await w.addLead(w.apiA.id, w.affA.id, `${DAY}T09:31:00Z`, {
    clickId: apiClick,
    sub1: 'from-lead',
    productId: w.product.id,
  });
  apiEmail = lead.email!;
  ids.api = (
    await w.conversion(w.apiA.id, w.affA.id, `${DAY}T10:00:00Z`, {
      clickId: apiClick,
      leadId: lead.id,
      productId: w.product.id,
      goal: 'ftd',
    })
  ).id;
  ids.test = (await w.conversion(w.dlA.id, w.affA.id, `${DAY}T11:00:00Z`, { isTest: true, status: 'pending' })).id;
});
afterAll(async () => t?.close());

const list = async (m: typeof w.admin, q: string) => {
  const res = await getLog(t.app, m, 'conversions', `${DAY_RANGE}&tz=UTC&${q}`);
  if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${res.body}`);
  return res;
};
const uuids = async (m: typeof w.admin, q: string) =>
  (await list(m, q)).json.data.list.map((r: { uuid: string }) => r.uuid);

describe('conversion log', () => {
  it('lists conversions newest first with the click, lead and money; test conversions marked', async () => {
    const res = await list(w.admin, '');
    expect(res.json.data.list.map((r: { uuid: string }) => r.uuid)).toEqual([ids.test, ids.dlB, ids.dl]);
    const dl = (await list(w.admin, `offer=${w.dlA.id}`)).json.data.list;
    expect(dl.map((r: { uuid: string; is_test: boolean }) => [r.uuid, r.is_test])).toEqual([
      [ids.test, true],
      [ids.dl, false],
    ]);
    expect(dl[1]).toMatchObject({
      click_id: dlClick,
      click_at: `${DAY}T07:00:00.000Z`,
      status: 'approved',
      payout: 1500,
      revenue: LOG_REVENUE,
      currency: 'EUR',
      sub2: 'adset-9',
      advertiser: { uuid: w.advA.id, name: `Adv A ${w.tag}` },
      product: null,
      affiliate: { uuid: w.affA.id, email: w.affA.email },
    });
    const [api] = (await list(w.admin, 'kind=api')).json.data.list;
    expect(api).toMatchObject({
      uuid: ids.api,
      sub1: 'from-lead',
      email: apiEmail,
      product: { uuid: w.product.id, name: w.product.name },
      goal: 'ftd',
    });
  });

  it('filters by status, product, landing, geo and sub', async () => {
    expect(await uuids(w.admin, 'status=rejected')).toEqual([ids.dlB]);
    expect(await uuids(w.admin, 'status=approved,rejected')).toEqual([ids.dlB, ids.dl]);
    expect(await uuids(w.admin, `kind=api&product=${w.product.id}`)).toEqual([ids.api]);
    expect(await uuids(w.admin, `landing=${w.landing.id}`)).toEqual([ids.dl]);
    expect(await uuids(w.admin, 'geo=FR')).toEqual([ids.dlB]);
    expect(await uuids(w.admin, 'sub2=adset-9')).toEqual([ids.dl]);
    expect(await uuids(w.admin, 'kind=api&sub1=from-lead')).toEqual([ids.api]);
    expect(await uuids(w.admin, 'kind=api&sub1=from-click')).toEqual([]);
  });

  it('searches a conversion ID, click ID, lead ID, lead email, IP or sub', async () => {
    const s = (text: string, kind = 'direct_link') => uuids(w.admin, `kind=${kind}&search=${encodeURIComponent(text)}`);
    expect(await s(ids.dlB)).toEqual([ids.dlB]);
    expect(await s(dlClick)).toEqual([ids.dl]);
    expect(await s(apiClick, 'api')).toEqual([ids.api]);
    expect(await s(apiEmail.toUpperCase(), 'api')).toEqual([ids.api]);
    expect(await s('198.51.100.23')).toEqual([ids.dl]);
    expect(await s('203.0.113.9', 'api')).toEqual([ids.api]);
    expect(await s('adset-9')).toEqual([ids.dl]);
    expect(await s('adset')).toEqual([]);
  });

  it('never shows an affiliate revenue, advertiser, product or lead email', async () => {
    const res = await list(w.affA, 'kind=api');
    const [row] = res.json.data.list;
    expect(row.uuid).toBe(ids.api);
    for (const key of ['revenue', 'advertiser', 'product']) expect(row, key).not.toHaveProperty(key);
    expect(row).toMatchObject({ payout: 1500, email: null });
    expect(res.body).not.toContain(String(LOG_REVENUE));
    expect(res.body).not.toContain(w.product.name);
    expect(res.body).not.toContain(apiEmail);
    expect(await uuids(w.affA, '')).toEqual([ids.test, ids.dl]);
    expect(await uuids(w.affB, '')).toEqual([ids.dlB]);
  });

  it('shows an advertiser their offers only, affiliates by ID, no payout', async () => {
    const res = await list(w.advB, '');
    expect(res.json.data.list.map((r: { uuid: string }) => r.uuid)).toEqual([ids.dlB]);
    const [row] = res.json.data.list;
    expect(row).not.toHaveProperty('payout');
    expect(row).not.toHaveProperty('advertiser');
    expect(row).toMatchObject({
      revenue: LOG_REVENUE,
      affiliate: { uuid: w.affB.id, name: w.affB.id.slice(0, 8), email: '' },
      email: null,
    });
    expect(res.body).not.toContain(w.affB.email);
    expect(await uuids(w.advA, 'kind=api')).toEqual([ids.api]);
    expect(await uuids(w.advA, `kind=api&affiliate=${w.affA.id}`)).toEqual([ids.api]);
  });

  it('scopes managers to their affiliates', async () => {
    expect(await uuids(w.managerA, '')).toEqual([ids.test, ids.dl]);
    expect(await uuids(w.managerB, '')).toEqual([ids.dlB]);
    expect(await uuids(w.managerB, `search=${ids.dl}`)).toEqual([]);
  });
});
