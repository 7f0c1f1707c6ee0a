import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { auditLog, offerAccessRequests } from '../../db/schema.ts';
import { api } from '../managers/staff.fixtures.ts';
import {
  directLinkForm,
  goalsForm,
  insertLanding,
  insertProduct,
  makeOffer,
  offerCalls,
  type OfferWorld,
  REVENUE,
  SECRET_NOTE,
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

const list = async (query: string) => {
  const res = await api(t.app, 'GET', `/api/offers/v1/list?${query}`, w.admin.token);
  expect(res.status, res.body).toBe(200);
  return res.json.data as { list: { uuid: string; id: number; title: string; status: string }[]; count: number };
};

describe('POST /api/offers/v1/create', () => {
  it('creates a direct-link offer as not_active with every primary field, and audits it', async () => {
    const res = await calls.create(
      w.managerA,
      directLinkForm(w, { starts_at: '2030-01-01T00:00:00Z', stops_at: '2030-02-01T00:00:00Z' }),
    );
    expect(res.status, res.body).toBe(200);
    const o = res.json.data;
    expect(o).toMatchObject({
      type: 'direct_link',
      status: 'not_active',
      title: `Casino ${w.tag}`,
      vertical: 'gambling',
      privacy: 'public',
      currency: 'EUR',
      advertiser: { uuid: w.advA.id, name: `Adv A ${w.tag}` },
      geos: ['DE', 'FR'],
      traffic_sources: ['facebook', 'push'],
      tracking_url: 'https://adv.example/go?cid={click_id}&s={sub1}',
      notes: SECRET_NOTE,
      goals: [],
      caps: [],
      trusted: [],
      editable: true,
      starts_at: '2030-01-01T00:00:00.000Z',
      stops_at: '2030-02-01T00:00:00.000Z',
      figures: { clicks: 0, conversions: 0, epc: 0, cr: 0 },
    });
    expect(o.id).toBeGreaterThanOrEqual(1000);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, w.managerA.id), eq(auditLog.action, 'offer_change')));
    expect(audits.map((a) => a.details)).toContainEqual({ offer_uuid: o.uuid, section: 'create' });
  });

  it('creates an API offer without advertiser or tracking URL (it reaches advertisers through products)', async () => {
    const res = await calls.create(w.admin, {
      type: 'api',
      title: `Leads ${w.tag}`,
      vertical: 'crypto',
      advertiser_uuid: w.advA.id,
    });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data).toMatchObject({
      type: 'api',
      advertiser: null,
      tracking_url: null,
      privacy: 'public',
      currency: 'USD',
    });
  });

  it('negative: refuses activation before the offer has goals', async () => {
    const o = (await calls.create(w.admin, directLinkForm(w))).json.data;
    const res = await calls.status(w.admin, o.uuid, 'active');
    expect(res.status).toBe(400);
    expect(res.json.error).toHaveProperty('status');
    expect((await calls.get(w.admin, o.uuid)).json.data.status).toBe('not_active');
  });
});

describe('editing an offer', () => {
  it('edits the primary section and keeps the type', async () => {
    const { uuid } = await makeOffer(t.app, w);
    const res = await calls.update(
      w.managerB,
      uuid,
      directLinkForm(w, { type: 'api', title: `Renamed ${w.tag}`, geos: ['US'], privacy: 'private' }),
    );
    expect(res.status, res.body).toBe(200);
    expect(res.json.data).toMatchObject({
      type: 'direct_link',
      title: `Renamed ${w.tag}`,
      geos: ['US'],
      privacy: 'private',
      advertiser: { uuid: w.advA.id },
    });
  });

  it('saves goals storing only what is paid: CPA keeps no percent, RevShare no fixed part', async () => {
    const { uuid } = await makeOffer(t.app, w);
    const res = await calls.section(w.admin, uuid, 'goals', {
      hold_days: 14,
      goals: [
        { goal: 'registration', payment_type: 'cpa', revenue: 1000, payout: 800, payout_percent: 30 },
        { goal: 'deposit', payment_type: 'revshare', revenue: 1000, payout: 500, payout_percent: 40 },
        { goal: 'sale', payment_type: 'mixed', revenue: 2000, payout: 500, payout_percent: 10 },
      ],
    });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data.hold_days).toBe(14);
    expect(res.json.data.goals.map((g: any) => [g.goal, g.payout, g.payout_percent])).toEqual([
      ['registration', 800, 0],
      ['deposit', 0, 40],
      ['sale', 500, 10],
    ]);
  });

  it('saves caps, targeting, landings and API products', async () => {
    const { uuid } = await makeOffer(t.app, w);
    const caps = await calls.section(w.admin, uuid, 'caps', {
      caps: [
        { metric: 'clicks', period: 'day', limit: 100, geo: 'DE' },
        { metric: 'conversions', period: 'total', limit: 5, affiliate_uuid: w.affA.id },
      ],
    });
    expect(caps.status, caps.body).toBe(200);
    expect(caps.json.data.caps).toMatchObject([
      { metric: 'clicks', limit: 100, geo: 'DE', affiliate: null, fill: 0 },
      { metric: 'conversions', affiliate: { uuid: w.affA.id } },
    ]);
    const targeting = await calls.section(w.admin, uuid, 'targeting', { devices: ['mobile'], oss: ['android', 'ios'] });
    expect(targeting.json.data).toMatchObject({ devices: ['mobile'], oss: ['android', 'ios'] });
    const landing = await insertLanding(t.db);
    const pre = await insertLanding(t.db, { type: 'prelanding', status: 'moderation' });
    const attached = await calls.section(w.admin, uuid, 'landings', { landing_uuids: [pre.id, landing.id] });
    expect(attached.json.data.landings.map((l: any) => [l.uuid, l.status])).toEqual([
      [pre.id, 'moderation'],
      [landing.id, 'active'],
    ]);

    const apiOffer = (await calls.create(w.admin, { type: 'api', title: `Leads ${w.tag}`, vertical: 'crypto' })).json
      .data;
    const product = await insertProduct(t.db, w.advA.id);
    const saved = await calls.section(w.admin, apiOffer.uuid, 'products', {
      products: [
        {
          product_uuid: product.id,
          priority: 2,
          weight: 50,
          geos: ['DE'],
          payout_override: 700,
          working_hours: { time_zone: 'Europe/Berlin', days: [{ day: 1, from: '09:00', to: '18:00' }] },
        },
      ],
    });
    expect(saved.status, saved.body).toBe(200);
    expect(saved.json.data.products).toMatchObject([
      { product: { uuid: product.id }, advertiser: { uuid: w.advA.id }, priority: 2, weight: 50, payout_override: 700 },
    ]);
  });

  it('negative: refuses edits of a deleted offer, which reads as not editable, until it is restored', async () => {
    const { uuid } = await makeOffer(t.app, w);
    expect((await calls.status(w.admin, uuid, 'deleted')).json.data.editable).toBe(false);
    const refused = await calls.update(w.admin, uuid, directLinkForm(w, { title: 'Changed after delete' }));
    expect(refused.status).toBe(400);
    expect((await calls.section(w.admin, uuid, 'targeting', { devices: ['desktop'] })).status).toBe(400);
    const restored = await calls.status(w.admin, uuid, 'stopped');
    expect(restored.json.data).toMatchObject({
      status: 'stopped',
      editable: true,
      title: `Casino ${w.tag}`,
      devices: [],
    });
  });
});

describe('POST /api/offers/v1/:uuid/duplicate', () => {
  it('copies every section under a new ID as not_active with "(copy)", leaving requests and the original alone', async () => {
    const { uuid, id } = await makeOffer(t.app, w, {
      form: { privacy: 'premoderation' },
      goals: { overrides: [{ affiliate_uuid: w.affA.id, goal: 'ftd', payout: 3500 }] },
    });
    await calls.section(w.admin, uuid, 'caps', {
      caps: [{ metric: 'leads', period: 'week', limit: 9, affiliate_uuid: w.affB.id }],
    });
    await calls.section(w.admin, uuid, 'targeting', { devices: ['tablet'], oss: ['other-os'] });
    await calls.section(w.admin, uuid, 'trusted', { affiliate_uuids: [w.affA.id, w.affB.id] });
    const landing = await insertLanding(t.db);
    await calls.section(w.admin, uuid, 'landings', { landing_uuids: [landing.id] });
    await t.db.insert(offerAccessRequests).values({ offerId: uuid, affiliateId: w.affB.id });
    const original = (await calls.get(w.admin, uuid)).json.data;

    const res = await calls.duplicate(w.managerA, uuid);
    expect(res.status, res.body).toBe(200);
    const copy = res.json.data;
    expect(copy.uuid).not.toBe(uuid);
    expect(copy.id).toBeGreaterThan(id);
    expect(copy.title).toBe(`Casino ${w.tag} (copy)`);
    expect(copy.status).toBe('not_active');
    const same = (o: any) => ({
      type: o.type,
      privacy: o.privacy,
      advertiser: o.advertiser,
      geos: o.geos,
      tracking_url: o.tracking_url,
      notes: o.notes,
      goals: o.goals,
      hold_days: o.hold_days,
      devices: o.devices,
      oss: o.oss,
      landings: o.landings,
      caps: o.caps.map(({ uuid: _u, ...c }: any) => c),
    });
    // managerA sees only the parts bound to their partners (the cap is on affB); the copy holds every row.
    expect(copy.caps).toEqual([]);
    const full = (await calls.get(w.admin, copy.uuid)).json.data;
    expect(same(full)).toEqual(same(original));
    expect(full.trusted.map((a: any) => a.uuid).sort()).toEqual([w.affA.id, w.affB.id].sort());
    expect(full.overrides).toMatchObject([{ affiliate: { uuid: w.affA.id }, goal: 'ftd', payout: 3500 }]);
    expect(full.caps).toHaveLength(1);
    expect(full.access_requests_pending).toBe(0);
    expect((await calls.get(w.admin, uuid)).json.data).toMatchObject({
      status: 'active',
      title: `Casino ${w.tag}`,
      access_requests_pending: 1,
    });
  });

  it('copies the products of an API offer', async () => {
    const apiOffer = (await calls.create(w.admin, { type: 'api', title: `Leads ${w.tag}`, vertical: 'crypto' })).json
      .data;
    const product = await insertProduct(t.db, w.advB.id);
    await calls.section(w.admin, apiOffer.uuid, 'products', { products: [{ product_uuid: product.id, weight: 30 }] });
    const copy = (await calls.duplicate(w.admin, apiOffer.uuid)).json.data;
    expect(copy.products).toMatchObject([{ product: { uuid: product.id }, weight: 30 }]);
  });
});

describe('GET /api/offers/v1/list', () => {
  it('searches by ID or title, filters, and leaves deleted offers out unless asked', async () => {
    const a = await makeOffer(t.app, w, {
      form: { title: `Alpha ${w.tag}`, vertical: 'crypto', geos: ['US'], advertiser_uuid: w.advB.id },
    });
    const b = await makeOffer(t.app, w, { form: { title: `Beta ${w.tag}`, privacy: 'private' }, status: 'deleted' });
    expect((await list(`search=${a.id}`)).list.map((o) => o.uuid)).toEqual([a.uuid]);
    expect((await list(`search=Alpha ${w.tag}`)).list.map((o) => o.uuid)).toEqual([a.uuid]);
    expect((await list(`search=Beta ${w.tag}`)).count).toBe(0);
    expect((await list(`search=Beta ${w.tag}&status=deleted`)).list.map((o) => o.uuid)).toEqual([b.uuid]);
    expect(
      (await list(`search=${w.tag}&vertical=crypto&geo=US&advertiser_uuid=${w.advB.id}`)).list.map((o) => o.uuid),
    ).toEqual([a.uuid]);
    expect((await list(`search=${w.tag}&privacy=private&status=deleted`)).count).toBe(1);
    const page = await list(`search=${w.tag}&count=1`);
    expect(page.list).toHaveLength(1);
    expect(page.count).toBeGreaterThan(1);
    expect(await list(`search=${w.tag}&count=1&page=99`)).toMatchObject({ list: [], count: page.count });
    expect((await list(`search=${w.tag}&sort=id&order=asc`)).list[0].id).toBeLessThan(a.id);
    expect(JSON.stringify(await list(`search=${a.id}`))).toContain(String(REVENUE.registration));
  });
});

describe('GET /api/offers/v1/:uuid', () => {
  it('negative: an unknown offer answers 404', async () => {
    expect((await calls.get(w.admin, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect(
      (await calls.section(w.admin, '00000000-0000-4000-8000-000000000000', 'targeting', { devices: [] })).status,
    ).toBe(404);
  });

  it('negative: goals save refuses an override for an unknown affiliate and keeps the stored goals', async () => {
    const { uuid } = await makeOffer(t.app, w);
    const before = (await calls.get(w.admin, uuid)).json.data;
    const res = await calls.section(
      w.admin,
      uuid,
      'goals',
      goalsForm({ hold_days: 1, overrides: [{ affiliate_uuid: w.advA.id, goal: 'ftd', payout: 100 }] }),
    );
    expect(res.status).toBe(400);
    expect(res.json.error).toEqual({ 'overrides.0.affiliate_uuid': 'Unknown affiliate' });
    expect((await calls.get(w.admin, uuid)).json.data).toMatchObject({
      hold_days: before.hold_days,
      goals: before.goals,
      overrides: [],
    });
  });
});
