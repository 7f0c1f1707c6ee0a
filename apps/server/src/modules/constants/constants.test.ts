import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { call, createUser, sessionFor } from '#test/factories.ts';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = await sessionFor(t.db, (await createUser(t.db, { role: 'admin' })).id);
});
afterAll(async () => {
  await t?.close();
});

/** The field list of docs/product/screens-and-lists.md "Reference constants", copied from the documentation rather than from the contract. */
const SPEC_FIELDS = [
  'browsers',
  'devices',
  'geos',
  'oss',
  'integration_types',
  'verticals',
  'goals',
  'traffic',
  'languages',
  'paid_statuses',
  'currency',
  'payment_systems',
  'country_code_phone',
  'manager_roles',
  'manager_types',
  'genders',
  'time_zones',
  'lead_history_status',
  'lead_genders',
  'lead_os',
  'lead_device',
  'track_domains',
  'page_access',
  'macros',
  'time',
];

const constants = async () => {
  const res = await call(t.app, 'GET', '/api/constant/v1/all');
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body).toMatchObject({ status: 'success', error: null });
  return body.data;
};
const setZone = (time_zone: string) =>
  call(t.app, 'PUT', '/api/settings/v1/general', {
    token: adminToken,
    payload: { partner_title: 'Net', time_zone, currency: 'USD' },
  });

describe('GET /api/constant/v1/all', () => {
  it('needs no token and answers every documented field', async () => {
    const data = await constants();
    for (const field of SPEC_FIELDS) expect(data, field).toHaveProperty(field);
    expect(data.partner_settings).toEqual({ time_zone: 'UTC', zone_hours: 0 });
  });

  it('fills every list but track_domains with real values', async () => {
    const data = await constants();
    for (const field of SPEC_FIELDS.filter((f) => f !== 'track_domains')) {
      const value = data[field];
      expect(Array.isArray(value) ? value.length : Object.keys(value).length, field).toBeGreaterThan(0);
    }
  });

  it('lists the ISO countries plus EU, UN, XK and ALL', async () => {
    const { geos } = await constants();
    for (const code of ['DE', 'UA', 'US', 'GB', 'JP', 'BR', 'EU', 'UN', 'XK', 'ALL'])
      expect(geos, code).toHaveProperty(code);
    expect(Object.keys(geos).length).toBeGreaterThanOrEqual(249 + 4);
    expect(Object.keys(geos).every((k) => /^[A-Z]{2,3}$/.test(k))).toBe(true);
  });

  it('holds the documented value sets', async () => {
    const data = await constants();
    expect(data.currency).toEqual(['EUR', 'UAH', 'USD']);
    expect(data.devices).toEqual(['desktop', 'mobile', 'tablet']);
    expect(data.oss).toEqual(['android', 'ios', 'huawei', 'mac-os', 'windows', 'other-os']);
    expect(Object.keys(data.manager_roles).sort()).toEqual(['head', 'manager', 'team_lead']);
    expect(Object.keys(data.manager_types).sort()).toEqual(['advertiser', 'affiliate', 'finance', 'head', 'support']);
    expect(data.track_domains).toEqual([]);
  });

  it('answers country_code_phone as country → digits prefix (serving both readings)', async () => {
    const { country_code_phone: phones } = await constants();
    expect(phones).toMatchObject({ UA: '380', DE: '49', US: '1', GB: '44' });
    expect(Object.values(phones).every((p) => /^\d{1,4}$/.test(p as string))).toBe(true);
  });

  it('lists IANA time zones', async () => {
    const { time_zones } = await constants();
    for (const zone of ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Tokyo'])
      expect(time_zones, zone).toHaveProperty(zone);
  });

  it('follows the general settings in partner_settings', async () => {
    expect((await setZone('Asia/Tokyo')).statusCode).toBe(200);
    expect((await constants()).partner_settings).toEqual({ time_zone: 'Asia/Tokyo', zone_hours: 9 });
    expect((await setZone('Asia/Kolkata')).statusCode).toBe(200);
    const data = await constants();
    expect(data.partner_settings).toEqual({ time_zone: 'Asia/Kolkata', zone_hours: 5.5 });
    expect(data.time_zones).toHaveProperty('Asia/Kolkata');
  });

  it('lists the tracking domains in track_domains, default first, and follows each change at once', async () => {
    const domains = '/api/settings/v1/domains';
    const add = (name: string, is_default = false) =>
      call(t.app, 'POST', domains, { token: adminToken, payload: { name, is_default } });
    expect((await constants()).track_domains).toEqual([]);
    await add('b-trk.example.invalid');
    const a = (await add('a-trk.example.invalid')).json().data;
    expect((await constants()).track_domains).toEqual(['b-trk.example.invalid', 'a-trk.example.invalid']);
    await call(t.app, 'POST', `${domains}/${a.uuid}/default`, { token: adminToken });
    expect((await constants()).track_domains).toEqual(['a-trk.example.invalid', 'b-trk.example.invalid']);
    await call(t.app, 'DELETE', `${domains}/${a.uuid}`, { token: adminToken });
    expect((await constants()).track_domains).toEqual(['b-trk.example.invalid']);
  });

  it('answers the same with a token of any role', async () => {
    const affiliate = await createUser(t.db, { role: 'affiliate' });
    const res = await call(t.app, 'GET', '/api/constant/v1/all', { token: await sessionFor(t.db, affiliate.id) });
    expect(res.statusCode).toBe(200);
  });
});
