import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '#test/harness.ts';
import { call } from '#test/factories.ts';
import { makeOffer, offerCalls, type OfferWorld, portalCalls, startOfferWorld } from './offers.fixtures.ts';

// Link builders take the tracking domains of Settings › Domains as they are at the moment of the request.
let t: TestApp;
let w: OfferWorld;
let offer: { uuid: string; id: number };
const DOMAIN = 'trk.links.invalid';
beforeAll(async () => {
  ({ t, w } = await startOfferWorld());
  offer = await makeOffer(t.app, w);
});
afterAll(async () => {
  await t?.close();
});

const domains = '/api/settings/v1/domains';

describe('tracking links on a tracking domain', () => {
  it('refuses a domain before it is added, builds https://{domain}/click/... after, and refuses it again once removed', async () => {
    const portal = portalCalls(t.app);
    const staff = offerCalls(t.app);
    expect((await portal.link(w.affA, offer.id, { domain: DOMAIN })).json.error).toEqual({
      domain: 'Unknown tracking domain',
    });

    const added = await call(t.app, 'POST', domains, { token: w.admin.token, payload: { name: DOMAIN } });
    expect(added.statusCode, added.body).toBe(200);
    const mine = await portal.link(w.affA, offer.id, { domain: DOMAIN, sub1: 'x' });
    expect(mine.status, mine.body).toBe(200);
    expect(mine.json.data.url).toBe(`https://${DOMAIN}/click/${offer.id}?aff=${w.affA.id}&sub1=x`);
    const theirs = await staff.link(w.admin, offer.uuid, { affiliate_uuid: w.affA.id, domain: DOMAIN });
    expect(theirs.json.data.url).toBe(`https://${DOMAIN}/click/${offer.id}?aff=${w.affA.id}`);
    expect((await portal.link(w.affA, offer.id, { domain: 'other.links.invalid' })).json.error).toEqual({
      domain: 'Unknown tracking domain',
    });

    await call(t.app, 'DELETE', `${domains}/${added.json().data.uuid}`, { token: w.admin.token });
    expect((await portal.link(w.affA, offer.id, { domain: DOMAIN })).json.error).toEqual({
      domain: 'Unknown tracking domain',
    });
  });
});
