import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '#test/harness.ts';
import { api } from '../managers/staff.fixtures.ts';
import {
  directLinkForm,
  goalsForm,
  insertProduct,
  makeOffer,
  offerCalls,
  type OfferWorld,
  portalCalls,
  startOfferWorld,
} from './offers.fixtures.ts';

let t: TestApp;
let w: OfferWorld;
let calls: ReturnType<typeof offerCalls>;
beforeAll(async () => {
  ({ t, w, calls } = await startOfferWorld());
});
afterAll(async () => {
  await t?.close();
});

const uuids = (refs: { uuid: string }[]) => refs.map((r) => r.uuid).sort();
const byAffiliate = (rows: { affiliate: { uuid: string } | null }[]) =>
  rows.map((r) => r.affiliate?.uuid ?? null).sort();

describe('every offer editor sees and edits every offer', () => {
  it('managerB lists, opens and edits an offer managerA created', async () => {
    const offer = await makeOffer(t.app, w, { by: w.managerA });
    const listed = await api(t.app, 'GET', `/api/offers/v1/list?search=${offer.id}`, w.managerB.token);
    expect(listed.json.data.list.map((o: { uuid: string }) => o.uuid)).toEqual([offer.uuid]);
    // The advertiser already on the offer stays allowed for an editor who does not manage it.
    const edited = await calls.update(w.managerB, offer.uuid, directLinkForm(w, { title: `By B ${w.tag}` }));
    expect(edited.status, edited.body).toBe(200);
    expect(edited.json.data).toMatchObject({ title: `By B ${w.tag}`, advertiser: { uuid: w.advA.id } });
  });

  it('negative: a team lead, an affiliate and an advertiser get 403 on the staff offer endpoints', async () => {
    const offer = await makeOffer(t.app, w);
    for (const m of [w.lead, w.affA, w.advA]) {
      expect((await api(t.app, 'GET', '/api/offers/v1/list', m.token)).status).toBe(403);
      expect((await calls.get(m, offer.uuid)).status).toBe(403);
      expect((await calls.create(m, directLinkForm(w))).status).toBe(403);
      expect((await calls.duplicate(m, offer.uuid)).status).toBe(403);
    }
  });
});

describe("negative: partner-bound sections are cut to the manager's partners", () => {
  it("trusted affiliates: managerB sees and replaces only theirs; managerA's rows survive", async () => {
    const offer = await makeOffer(t.app, w, { form: { privacy: 'private' } });
    await calls.section(w.admin, offer.uuid, 'trusted', { affiliate_uuids: [w.affA.id, w.affB.id] });
    expect(uuids((await calls.get(w.managerB, offer.uuid)).json.data.trusted)).toEqual([w.affB.id]);
    expect(uuids((await calls.get(w.managerA, offer.uuid)).json.data.trusted)).toEqual([w.affA.id]);
    const foreign = await calls.section(w.managerB, offer.uuid, 'trusted', { affiliate_uuids: [w.affA.id] });
    expect(foreign.status).toBe(400);
    expect(foreign.json.error).toEqual({ 'affiliate_uuids.0': 'Unknown affiliate' });
    const cleared = await calls.section(w.managerB, offer.uuid, 'trusted', { affiliate_uuids: [] });
    expect(cleared.json.data.trusted).toEqual([]);
    expect(uuids((await calls.get(w.admin, offer.uuid)).json.data.trusted)).toEqual([w.affA.id]);
    expect((await portalCalls(t.app).get(w.affA, offer.id)).json.data.access).toBe('granted');
  });

  it('payout overrides: managerB sees and replaces only theirs', async () => {
    const offer = await makeOffer(t.app, w, {
      goals: {
        overrides: [
          { affiliate_uuid: w.affA.id, goal: 'ftd', payout: 3100 },
          { affiliate_uuid: w.affB.id, goal: 'ftd', payout: 3200 },
        ],
      },
    });
    expect((await calls.get(w.managerB, offer.uuid)).json.data.overrides).toMatchObject([
      { affiliate: { uuid: w.affB.id }, payout: 3200 },
    ]);
    const foreign = await calls.section(
      w.managerB,
      offer.uuid,
      'goals',
      goalsForm({ overrides: [{ affiliate_uuid: w.affA.id, goal: 'ftd', payout: 1 }] }),
    );
    expect(foreign.json.error).toEqual({ 'overrides.0.affiliate_uuid': 'Unknown affiliate' });
    const saved = await calls.section(w.managerB, offer.uuid, 'goals', goalsForm({ hold_days: 3 }));
    expect(saved.status, saved.body).toBe(200);
    expect(saved.json.data.overrides).toEqual([]);
    const all = (await calls.get(w.admin, offer.uuid)).json.data;
    expect(all).toMatchObject({ hold_days: 3, overrides: [{ affiliate: { uuid: w.affA.id }, payout: 3100 }] });
  });

  it('caps bound to an affiliate: managerB sees and replaces unbound caps and theirs only', async () => {
    const offer = await makeOffer(t.app, w);
    await calls.section(w.admin, offer.uuid, 'caps', {
      caps: [
        { metric: 'clicks', period: 'day', limit: 10 },
        { metric: 'leads', period: 'day', limit: 11, affiliate_uuid: w.affA.id },
        { metric: 'leads', period: 'day', limit: 12, affiliate_uuid: w.affB.id },
      ],
    });
    expect(byAffiliate((await calls.get(w.managerB, offer.uuid)).json.data.caps)).toEqual([w.affB.id, null].sort());
    const foreign = await calls.section(w.managerB, offer.uuid, 'caps', {
      caps: [{ metric: 'leads', period: 'day', limit: 1, affiliate_uuid: w.affA.id }],
    });
    expect(foreign.json.error).toEqual({ 'caps.0.affiliate_uuid': 'Unknown affiliate' });
    const saved = await calls.section(w.managerB, offer.uuid, 'caps', {
      caps: [{ metric: 'conversions', period: 'month', limit: 99 }],
    });
    expect(saved.json.data.caps).toMatchObject([{ metric: 'conversions', limit: 99, affiliate: null }]);
    const all = (await calls.get(w.admin, offer.uuid)).json.data.caps;
    expect(all.map((c: { limit: number }) => c.limit).sort()).toEqual([11, 99]);
  });

  it("access requests: managerB neither sees nor decides those of managerA's affiliates", async () => {
    const offer = await makeOffer(t.app, w, { form: { privacy: 'premoderation' } });
    const asked = (await portalCalls(t.app).request(w.affA, offer.id)).json.data;
    expect((await calls.requests(w.managerB, offer.uuid)).json.data).toEqual({ list: [], count: 0 });
    expect((await calls.get(w.managerB, offer.uuid)).json.data.access_requests_pending).toBe(0);
    expect((await calls.decide(w.managerB, asked.uuid, { decision: 'approve' })).status).toBe(404);
    expect((await calls.requests(w.managerA, offer.uuid)).json.data.count).toBe(1);
    expect((await calls.get(w.managerA, offer.uuid)).json.data).toMatchObject({
      access_requests_pending: 1,
      trusted: [],
    });
    expect((await calls.decide(w.managerA, asked.uuid, { decision: 'approve' })).json.data.status).toBe('approved');
  });

  it('a manager attaches only their own advertisers; an advertiser already on the offer stays', async () => {
    const refused = await calls.create(w.managerA, directLinkForm(w, { advertiser_uuid: w.advB.id }));
    expect(refused.status).toBe(400);
    expect(refused.json.error).toEqual({ advertiser_uuid: 'Unknown advertiser' });
    const offer = await makeOffer(t.app, w, { by: w.managerA });
    expect(
      (await calls.update(w.managerA, offer.uuid, directLinkForm(w, { advertiser_uuid: w.advB.id }))).json.error,
    ).toEqual({ advertiser_uuid: 'Unknown advertiser' });
    expect((await calls.update(w.managerB, offer.uuid, directLinkForm(w, { advertiser_uuid: w.advB.id }))).status).toBe(
      200,
    );
    expect(
      (await calls.update(w.managerA, offer.uuid, directLinkForm(w, { advertiser_uuid: w.advB.id, title: 'Kept' })))
        .status,
    ).toBe(200);
  });

  it('the product picker lists every live product with its advertiser (decision 008)', async () => {
    const [mine, theirs] = [await insertProduct(t.db, w.advB.id), await insertProduct(t.db, w.advA.id)];
    const options = await api(t.app, 'GET', '/api/offers/v1/product-options', w.managerB.token);
    expect(options.json.data.list.map((p: { uuid: string }) => p.uuid).sort()).toEqual([mine.id, theirs.id].sort());
    const apiOffer = (await calls.create(w.managerB, { type: 'api', title: `Leads ${w.tag}`, vertical: 'crypto' })).json
      .data;
    const saved = await calls.section(w.managerB, apiOffer.uuid, 'products', {
      products: [{ product_uuid: theirs.id }, { product_uuid: mine.id }],
    });
    expect(saved.json.data.products.map((p: { advertiser: { name: string } }) => p.advertiser.name)).toEqual([
      `Adv A ${w.tag}`,
      `Adv B ${w.tag}`,
    ]);
  });
});

describe('negative: the staff link builder is scoped', () => {
  it("refuses an affiliate outside the manager's partners and an untrusted affiliate on a non-public offer", async () => {
    const offer = await makeOffer(t.app, w);
    expect((await calls.link(w.managerA, offer.uuid, { affiliate_uuid: w.affA.id })).status).toBe(200);
    const foreign = await calls.link(w.managerB, offer.uuid, { affiliate_uuid: w.affA.id });
    expect(foreign.status).toBe(400);
    expect(foreign.json.error).toEqual({ affiliate_uuid: 'Unknown affiliate' });
    const premod = await makeOffer(t.app, w, { form: { privacy: 'premoderation' } });
    expect((await calls.link(w.managerA, premod.uuid, { affiliate_uuid: w.affA.id })).json.error).toHaveProperty(
      'affiliate_uuid',
    );
  });
});
