import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '#test/harness.ts';
import type { landings } from '../../db/schema.ts';
import {
  insertClicks,
  insertLanding,
  makeOffer,
  offerCalls,
  type OfferWorld,
  portalCalls,
  startOfferWorld,
} from './offers.fixtures.ts';

let t: TestApp;
let w: OfferWorld;
let calls: ReturnType<typeof offerCalls>;
let portal: ReturnType<typeof portalCalls>;
type Landing = typeof landings.$inferSelect;
let offer: { uuid: string; id: number };
let page: Landing, pre: Landing, moderated: Landing, hidden: Landing, stray: Landing;

beforeAll(async () => {
  ({ t, w, calls } = await startOfferWorld());
  portal = portalCalls(t.app);
  offer = await makeOffer(t.app, w);
  page = await insertLanding(t.db, { name: 'Wheel' });
  pre = await insertLanding(t.db, { name: 'Story', type: 'prelanding' });
  moderated = await insertLanding(t.db, { name: 'Pending', status: 'moderation' });
  hidden = await insertLanding(t.db, { name: 'VIP', privacy: 'private' });
  stray = await insertLanding(t.db, { name: 'Elsewhere' });
  await calls.section(w.admin, offer.uuid, 'landings', { landing_uuids: [page.id, pre.id, moderated.id, hidden.id] });
});
afterAll(async () => {
  await t?.close();
});

const parse = (url: string) => {
  const u = new URL(url);
  return { path: u.pathname, params: Object.fromEntries(u.searchParams) };
};

describe('building a tracking link', () => {
  it('gives the affiliate /click/{id}?aff=&landing=&prelanding=&sub1..', async () => {
    const res = await portal.link(w.affA, offer.id, {
      landing_uuid: page.id,
      prelanding_uuid: pre.id,
      sub1: 'fb-campaign',
      sub3: 'x y',
    });
    expect(res.status, res.body).toBe(200);
    const { url } = res.json.data;
    expect(url).toMatch(
      new RegExp(
        `^https?://[^/]+/click/${offer.id}\\?aff=${w.affA.id}&landing=${page.number}&prelanding=${pre.number}&sub1=fb-campaign&sub3=x\\+y$`,
      ),
    );
    expect(parse(url)).toEqual({
      path: `/click/${offer.id}`,
      params: {
        aff: w.affA.id,
        landing: String(page.number),
        prelanding: String(pre.number),
        sub1: 'fb-campaign',
        sub3: 'x y',
      },
    });
  });

  it('gives staff the same link for an affiliate in scope; without a landing for a direct-link offer', async () => {
    const staff = await calls.link(w.managerA, offer.uuid, {
      affiliate_uuid: w.affA.id,
      landing_uuid: page.id,
      sub1: 'fb-campaign',
    });
    expect(staff.status, staff.body).toBe(200);
    expect(parse(staff.json.data.url)).toEqual({
      path: `/click/${offer.id}`,
      params: { aff: w.affA.id, landing: String(page.number), sub1: 'fb-campaign' },
    });
    const bare = await calls.link(w.admin, offer.uuid, { affiliate_uuid: w.affB.id });
    expect(parse(bare.json.data.url)).toEqual({ path: `/click/${offer.id}`, params: { aff: w.affB.id } });
  });

  it('lists only active landings to the affiliate, private ones only when trusted', async () => {
    const names = async (m: typeof w.affA) =>
      (await portal.get(m, offer.id)).json.data.landings.map((l: { name: string }) => l.name);
    expect(await names(w.affA)).toEqual(['Wheel', 'Story']);
    await calls.section(w.admin, offer.uuid, 'trusted', { affiliate_uuids: [w.affB.id] });
    expect(await names(w.affB)).toEqual(['Wheel', 'Story', 'VIP']);
    expect((await portal.link(w.affB, offer.id, { landing_uuid: hidden.id })).status).toBe(200);
    expect(
      (await calls.link(w.managerB, offer.uuid, { affiliate_uuid: w.affB.id, landing_uuid: hidden.id })).status,
    ).toBe(200);
  });
});

describe('negative: links that cannot be built', () => {
  it('refuses a landing that is not active with a clear message', async () => {
    const res = await portal.link(w.affA, offer.id, { landing_uuid: moderated.id });
    expect(res.status).toBe(400);
    expect(res.json.error).toEqual({
      landing_uuid: 'The landing is not active (moderation): a link cannot be built on it',
    });
    const staff = await calls.link(w.admin, offer.uuid, { affiliate_uuid: w.affA.id, landing_uuid: moderated.id });
    expect(staff.json.error).toEqual(res.json.error);
  });

  it('refuses a private landing to an untrusted affiliate, also on a public offer', async () => {
    const res = await portal.link(w.affA, offer.id, { landing_uuid: hidden.id });
    expect(res.status).toBe(400);
    expect(res.json.error).toEqual({ landing_uuid: 'This landing is not attached to the offer' });
    expect(
      (await calls.link(w.managerA, offer.uuid, { affiliate_uuid: w.affA.id, landing_uuid: hidden.id })).status,
    ).toBe(400);
  });

  it('refuses a landing not attached, a pre-landing given as landing, and an unknown domain', async () => {
    expect((await portal.link(w.affA, offer.id, { landing_uuid: stray.id })).json.error).toEqual({
      landing_uuid: 'This landing is not attached to the offer',
    });
    expect((await portal.link(w.affA, offer.id, { landing_uuid: pre.id })).json.error).toEqual({
      landing_uuid: 'This landing is not attached to the offer',
    });
    expect((await portal.link(w.affA, offer.id, { prelanding_uuid: page.id })).json.error).toEqual({
      prelanding_uuid: 'This pre-landing is not attached to the offer',
    });
    const domain = await portal.link(w.affA, offer.id, { domain: 'trk.unknown.example' });
    expect(domain.status).toBe(400);
    expect(domain.json.error).toEqual({ domain: 'Unknown tracking domain' });
    expect((await portal.link(w.affA, offer.id, { sub1: 'x'.repeat(201) })).json.error).toEqual({
      sub1: 'At most 200 characters',
    });
  });

  it('refuses an API offer without a landing', async () => {
    const apiOffer = await makeOffer(t.app, w, { form: { type: 'api', advertiser_uuid: null, tracking_url: null } });
    const res = await portal.link(w.affA, apiOffer.id, {});
    expect(res.json.error).toEqual({ landing_uuid: 'Choose a landing: API offers collect leads on it' });
    expect((await calls.link(w.admin, apiOffer.uuid, { affiliate_uuid: w.affA.id })).json.error).toEqual(
      res.json.error,
    );
    await calls.section(w.admin, apiOffer.uuid, 'landings', { landing_uuids: [page.id] });
    expect((await portal.link(w.affA, apiOffer.id, { landing_uuid: page.id })).status).toBe(200);
  });

  it('refuses an untrusted affiliate on a premoderation offer, and a stopped offer', async () => {
    const premod = await makeOffer(t.app, w, { form: { privacy: 'premoderation' } });
    expect((await portal.link(w.affA, premod.id)).json.error).toEqual({ offer: 'Request access to this offer first' });
    const stopped = await makeOffer(t.app, w, { status: 'stopped' });
    await insertClicks(t.db, stopped.uuid, w.affA.id, 1);
    expect((await portal.link(w.affA, stopped.id)).json.error).toEqual({ offer: 'This offer is not running' });
    expect(
      (await calls.link(w.admin, '00000000-0000-4000-8000-000000000000', { affiliate_uuid: w.affA.id })).status,
    ).toBe(404);
  });

  it('refuses staff a deleted offer, a banned affiliate and a non-affiliate', async () => {
    const gone = await makeOffer(t.app, w, { status: 'deleted' });
    expect((await calls.link(w.admin, gone.uuid, { affiliate_uuid: w.affA.id })).json.error).toEqual({
      offer: 'The offer is deleted',
    });
    const banned = await w.member({ role: 'affiliate', managerId: w.managerA.id, status: 'banned' });
    expect((await calls.link(w.admin, offer.uuid, { affiliate_uuid: banned.id })).json.error).toEqual({
      affiliate_uuid: 'This affiliate is banned',
    });
    expect((await calls.link(w.admin, offer.uuid, { affiliate_uuid: w.advA.id })).json.error).toEqual({
      affiliate_uuid: 'Unknown affiliate',
    });
  });
});
