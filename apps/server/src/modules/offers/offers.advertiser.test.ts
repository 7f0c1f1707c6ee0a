import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '#test/harness.ts';
import { api, type Member } from '../managers/staff.fixtures.ts';
import {
  insertClicks,
  insertConversion,
  insertProduct,
  makeOffer,
  offerCalls,
  type OfferWorld,
  SECRET_NOTE,
  startOfferWorld,
} from './offers.fixtures.ts';

let t: TestApp;
let w: OfferWorld;
type Made = { uuid: string; id: number };
let direct: Made, apiMine: Made, apiTheirs: Made, directTheirs: Made, gone: Made, draft: Made;
let myProduct: string;

beforeAll(async () => {
  ({ t, w } = await startOfferWorld());
  const calls = offerCalls(t.app);
  const apiOffer = async (title: string, productIds: string[]) => {
    const made = await makeOffer(t.app, w, {
      form: { type: 'api', title: `${title} ${w.tag}`, advertiser_uuid: null, tracking_url: null },
    });
    await calls.section(w.admin, made.uuid, 'products', {
      products: productIds.map((product_uuid) => ({ product_uuid })),
    });
    return made;
  };
  myProduct = (await insertProduct(t.db, w.advA.id)).id;
  const theirProduct = (await insertProduct(t.db, w.advB.id)).id;
  direct = await makeOffer(t.app, w, { form: { title: `Direct ${w.tag}` } });
  draft = await makeOffer(t.app, w, { form: { title: `Draft ${w.tag}` }, status: 'not_active' });
  gone = await makeOffer(t.app, w, { form: { title: `Gone ${w.tag}` }, status: 'deleted' });
  directTheirs = await makeOffer(t.app, w, { form: { title: `Theirs ${w.tag}`, advertiser_uuid: w.advB.id } });
  apiMine = await apiOffer('Shared', [theirProduct, myProduct]);
  apiTheirs = await apiOffer('Other', [theirProduct]);
});
afterAll(async () => {
  await t?.close();
});

const list = async (m: Member, query = '') => {
  const res = await api(t.app, 'GET', `/api/offers/v1/advertiser/list?search=${w.tag}${query}`, m.token);
  expect(res.status, res.body).toBe(200);
  return res;
};
const get = (m: Member, uuid: string) => api(t.app, 'GET', `/api/offers/v1/advertiser/${uuid}`, m.token);

describe('advertiser offers', () => {
  it('lists their direct-link offers and the API offers that use one of their products, not deleted ones', async () => {
    const res = await list(w.advA);
    expect(res.json.data.list.map((o: Made) => o.uuid).sort()).toEqual([direct.uuid, draft.uuid, apiMine.uuid].sort());
    expect(res.json.data.count).toBe(3);
    // Past the last page the pager still learns the total.
    expect((await list(w.advA, '&count=2&page=5')).json.data).toMatchObject({ list: [], count: 3 });
    expect((await list(w.advA, '&type=api')).json.data.list.map((o: Made) => o.uuid)).toEqual([apiMine.uuid]);
    expect((await list(w.advA, '&status=not_active')).json.data.list.map((o: Made) => o.uuid)).toEqual([draft.uuid]);
    expect((await list(w.advB)).json.data.list.map((o: Made) => o.uuid).sort()).toEqual(
      [directTheirs.uuid, apiMine.uuid, apiTheirs.uuid].sort(),
    );
  });

  it('shows revenue and figures but never payouts, affiliates or notes', async () => {
    const res = await get(w.advA, direct.uuid);
    expect(res.status, res.body).toBe(200);
    expect(res.json.data).toMatchObject({
      uuid: direct.uuid,
      id: direct.id,
      type: 'direct_link',
      title: `Direct ${w.tag}`,
      goals: [
        { goal: 'registration', revenue: expect.any(Number), geo_rates: [{ geo: 'DE', revenue: expect.any(Number) }] },
        { goal: 'ftd' },
      ],
    });
    for (const body of [res.body, (await list(w.advA)).body, (await get(w.advA, apiMine.uuid)).body]) {
      for (const secret of ['payout', 'notes', SECRET_NOTE, 'trusted', 'overrides', w.affA.email, '"epc"'])
        expect(body, secret).not.toContain(secret);
    }
  });

  it('counts on an API offer only the conversions of their own products', async () => {
    await insertClicks(t.db, apiMine.uuid, w.affA.id, 4);
    await insertConversion(t.db, apiMine.uuid, w.affA.id, { productId: myProduct, status: 'approved', revenue: 2000 });
    await insertConversion(t.db, apiMine.uuid, w.affA.id, { revenue: 3000 });
    expect((await get(w.advA, apiMine.uuid)).json.data.figures).toEqual({
      clicks: 4,
      conversions: 1,
      approved: 1,
      user_sessions: 0,
      revenue: 2000,
      cr: 25,
    });
    expect((await get(w.advB, apiMine.uuid)).json.data.figures).toMatchObject({ conversions: 0, revenue: 0 });
  });

  it("negative: another advertiser's offer and a deleted offer answer 404; staff and affiliates get 403", async () => {
    for (const made of [directTheirs, apiTheirs, gone]) expect((await get(w.advA, made.uuid)).status).toBe(404);
    for (const m of [w.admin, w.managerA, w.affA]) {
      expect((await get(m, direct.uuid)).status).toBe(403);
      expect((await api(t.app, 'GET', '/api/offers/v1/advertiser/list', m.token)).status).toBe(403);
    }
  });
});
