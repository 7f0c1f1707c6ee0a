import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { createUser } from '#test/factories.ts';
import { products } from '../../db/schema.ts';
import { createSecrets } from '../../lib/secrets.ts';
import { INTEGRATION_TEMPLATES } from '@pxl/contract';
import { api, type StaffWorld, startStaffWorld } from '../managers/staff.fixtures.ts';

let t: TestApp;
let w: StaffWorld;
let advertiserId: string;
let otherAdvertiserId: string;
const SECRET = 'sk_live_VERY-SECRET-9f8e7d6c5b4a';
/** Every response body of this file, checked at the end for the secret. */
const bodies: string[] = [];

beforeAll(async () => {
  ({ t, w } = await startStaffWorld());
  advertiserId = (await createUser(t.db, { role: 'advertiser', managerId: w.managerA.id, company: 'Casino Co' })).id;
  otherAdvertiserId = (await createUser(t.db, { role: 'advertiser', managerId: w.managerB.id, company: 'Other Co' }))
    .id;
});
afterAll(async () => {
  await t?.close();
});

const call = async (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: Record<string, unknown>,
) => {
  const res = await api(t.app, method, url, token, payload);
  bodies.push(res.body);
  return res;
};
const base = (adv = advertiserId) => `/api/advertisers/v1/${adv}/products`;
const input = (over: Record<string, unknown> = {}) => ({
  name: 'Casino EU — JSON',
  integration_type: 'json',
  credentials: { api_token: SECRET, affiliate_id: '77' },
  payment_type: 'cpa',
  revenue: [
    { geo: 'DE', amount: 45000, currency: 'EUR' },
    { geo: 'AT', amount: 40000, currency: 'EUR' },
  ],
  geos: ['DE', 'AT'],
  status: 'active',
  ...over,
});
const stored = async (id: string) => (await t.db.select().from(products).where(eq(products.id, id)))[0];
const secrets = createSecrets('test-secret-key-0123456789');

describe('advertiser products', () => {
  it('creates a product with credentials encrypted at rest; only the key names come back', async () => {
    const res = await call('POST', base(), w.managerA.token, input());
    expect(res.status, res.body).toBe(200);
    expect(res.json.data).toMatchObject({
      advertiser_uuid: advertiserId,
      name: 'Casino EU — JSON',
      integration_type: 'json',
      credential_keys: ['affiliate_id', 'api_token'],
      payment_type: 'cpa',
      revenue: [
        { geo: 'DE', amount: 45000, currency: 'EUR' },
        { geo: 'AT', amount: 40000, currency: 'EUR' },
      ],
      geos: ['DE', 'AT'],
      status: 'active',
      tested_at: null,
    });
    expect(res.json.data).not.toHaveProperty('credentials');
    const row = await stored(res.json.data.uuid);
    expect(row.credentialsEnc).not.toContain(SECRET);
    expect(JSON.parse(secrets.decrypt(row.credentialsEnc!))).toEqual({ api_token: SECRET, affiliate_id: '77' });
  });

  it('keeps stored credentials when the edit omits them, replaces them when sent, clears them with {}', async () => {
    const created = (await call('POST', base(), w.managerA.token, input())).json.data;
    const url = `${base()}/${created.uuid}`;
    const { credentials: _, ...withoutCredentials } = input({ name: 'Casino EU — JSON v2' });
    const kept = await call('PUT', url, w.managerA.token, withoutCredentials);
    expect(kept.status, kept.body).toBe(200);
    expect(kept.json.data).toMatchObject({
      name: 'Casino EU — JSON v2',
      credential_keys: ['affiliate_id', 'api_token'],
    });
    expect(JSON.parse(secrets.decrypt((await stored(created.uuid)).credentialsEnc!)).api_token).toBe(SECRET);

    const replaced = await call('PUT', url, w.managerA.token, input({ credentials: { token: `${SECRET}-2` } }));
    expect(replaced.json.data.credential_keys).toEqual(['token']);

    const cleared = await call('PUT', url, w.managerA.token, input({ credentials: {} }));
    expect(cleared.json.data.credential_keys).toEqual([]);
    expect((await stored(created.uuid)).credentialsEnc).toBeNull();
  });

  it('keeps the integration template as typed, the order of headers and body fields included', async () => {
    const integration = structuredClone(INTEGRATION_TEMPLATES.form) as {
      push: { body: Record<string, string>; headers: Record<string, string> };
    };
    integration.push.body = { zeta: '{email}', alpha: '{first_name}', key: '{credentials.api_token}', b: '{phone}' };
    integration.push.headers = { 'X-Zed': '1', Accept: 'application/json' };
    const res = await call('POST', base(), w.managerA.token, input({ integration_type: 'form', integration }));
    expect(res.status, res.body).toBe(200);
    const again = await call('GET', base(), w.managerA.token);
    const mine = again.json.data.list.find((p: { uuid: string }) => p.uuid === res.json.data.uuid);
    expect(Object.keys(mine.integration.push.body)).toEqual(['zeta', 'alpha', 'key', 'b']);
    expect(Object.keys(mine.integration.push.headers)).toEqual(['X-Zed', 'Accept']);
  });

  it('lists live products and counts them on the advertiser; delete hides but keeps the row', async () => {
    const adv = (await createUser(t.db, { role: 'advertiser', managerId: w.managerA.id })).id;
    const one = (
      await call('POST', base(adv), w.managerA.token, input({ name: 'Forex UK — Form', integration_type: 'form' }))
    ).json.data;
    const two = (
      await call(
        'POST',
        base(adv),
        w.managerA.token,
        input({ name: 'Sandbox buyer', integration_type: 'sandbox', credentials: undefined }),
      )
    ).json.data;
    expect(two.credential_keys).toEqual([]);
    expect((await call('GET', `/api/advertisers/v1/${adv}`, w.managerA.token)).json.data.products_count).toBe(2);

    const del = await call('DELETE', `${base(adv)}/${one.uuid}`, w.managerA.token);
    expect(del.status, del.body).toBe(200);
    expect(del.json.data).toEqual({});
    const listed = await call('GET', base(adv), w.managerA.token);
    expect(listed.json.data.list.map((p: { uuid: string }) => p.uuid)).toEqual([two.uuid]);
    expect((await call('GET', `/api/advertisers/v1/${adv}`, w.managerA.token)).json.data.products_count).toBe(1);
    expect((await stored(one.uuid)).status).toBe('deleted');
    // A deleted product is gone for edits and repeated deletes.
    expect((await call('PUT', `${base(adv)}/${one.uuid}`, w.managerA.token, input())).status).toBe(404);
    expect((await call('DELETE', `${base(adv)}/${one.uuid}`, w.managerA.token)).status).toBe(404);
  });

  it('refuses bad input naming each field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ integration_type: 'soap' }, 'integration_type'],
      [{ revenue: [{ geo: 'XX', amount: 1, currency: 'EUR' }] }, 'revenue.0.geo'],
      [
        {
          revenue: [
            { geo: 'DE', amount: 1, currency: 'EUR' },
            { geo: 'DE', amount: 2, currency: 'EUR' },
          ],
        },
        'revenue',
      ],
      [{ revenue: [{ geo: 'DE', amount: 1.5, currency: 'EUR' }] }, 'revenue.0.amount'],
      [{ geos: ['ZZ'] }, 'geos.0'],
      [{ name: '' }, 'name'],
      [{ credentials: { 'bad key': 'x' } }, 'credentials.bad key'],
    ];
    for (const [over, field] of cases) {
      const res = await call('POST', base(), w.managerA.token, input(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(Object.keys(res.json.error!), JSON.stringify(over)).toContain(field);
    }
  });

  it("hides another manager's advertiser and a product of another advertiser (404)", async () => {
    const theirs = (await call('POST', base(otherAdvertiserId), w.managerB.token, input())).json.data;
    for (const res of [
      await call('GET', base(otherAdvertiserId), w.managerA.token),
      await call('POST', base(otherAdvertiserId), w.managerA.token, input()),
      await call('PUT', `${base(otherAdvertiserId)}/${theirs.uuid}`, w.managerA.token, input()),
      await call('DELETE', `${base(otherAdvertiserId)}/${theirs.uuid}`, w.lead.token),
    ]) {
      expect(res.status, res.body).toBe(404);
      expect(res.json.error).toEqual({ not_found: 'Advertiser not found' });
    }
    // Right advertiser in scope, wrong product: the product is not found.
    const res = await call('PUT', `${base()}/${theirs.uuid}`, w.managerA.token, input());
    expect(res.status).toBe(404);
    expect(res.json.error).toEqual({ not_found: 'Product not found' });
    expect((await stored(theirs.uuid)).status).toBe('active');
  });

  it('never sends a credential value back in any response of this file', () => {
    expect(bodies.length).toBeGreaterThan(10);
    for (const body of bodies) expect(body).not.toContain(SECRET);
  });
});
