import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '#test/harness.ts';
import type { Member } from '../managers/staff.fixtures.ts';
import {
  insertClicks,
  insertLead,
  makeOffer,
  offerCalls,
  type OfferWorld,
  portalCalls,
  REVENUE,
  SECRET_NOTE,
  startOfferWorld,
} from './offers.fixtures.ts';

let t: TestApp;
let w: OfferWorld;
let portal: ReturnType<typeof portalCalls>;
type Made = { uuid: string; id: number };
const o = {} as Record<
  'pub' | 'premod' | 'priv' | 'privTrusted' | 'draft' | 'deleted' | 'stopped' | 'future' | 'ended' | 'crypto',
  Made
>;
let aff: Member;

beforeAll(async () => {
  ({ t, w } = await startOfferWorld());
  portal = portalCalls(t.app);
  aff = await w.member({ role: 'affiliate', managerId: w.managerA.id });
  const make = (title: string, form: Record<string, unknown> = {}, status?: string) =>
    makeOffer(t.app, w, { form: { title: `${title} ${w.tag}`, ...form }, status });
  o.pub = await make('Public');
  o.premod = await make('Premod', { privacy: 'premoderation' });
  o.priv = await make('Private', { privacy: 'private' });
  o.privTrusted = await make('Trusted', { privacy: 'private' });
  await offerCalls(t.app).section(w.admin, o.privTrusted.uuid, 'trusted', { affiliate_uuids: [aff.id] });
  o.draft = await make('Draft', {}, 'not_active');
  o.deleted = await make('Gone', {}, 'deleted');
  o.stopped = await make('Stopped', {}, 'stopped');
  o.future = await make('Future', { starts_at: new Date(Date.now() + 86_400_000).toISOString() });
  o.ended = await make('Ended', {
    starts_at: '2020-01-01T00:00:00Z',
    stops_at: new Date(Date.now() - 60_000).toISOString(),
  });
  o.crypto = await make('Coins', { vertical: 'crypto', geos: ['US'] });
});
afterAll(async () => {
  await t?.close();
});

const tab = async (m: Member, name: string, query = '') => {
  const res = await portal.list(m, `?tab=${name}&search=${w.tag}${query}`);
  expect(res.status, res.body).toBe(200);
  return (res.json.data.list as { id: number }[]).map((x) => x.id).sort();
};
const ids = (...made: Made[]) => made.map((m) => m.id).sort();

describe('affiliate offer tabs', () => {
  it('all: active public, premoderation and trusted private offers', async () => {
    expect(await tab(aff, 'all')).toEqual(ids(o.pub, o.premod, o.privTrusted, o.future, o.ended, o.crypto));
    // Another affiliate is not trusted on the private offer.
    expect(await tab(w.affB, 'all')).toEqual(ids(o.pub, o.premod, o.future, o.ended, o.crypto));
  });

  it('available: active, public or trusted, within the dates', async () => {
    expect(await tab(aff, 'available')).toEqual(ids(o.pub, o.privTrusted, o.crypto));
    expect(await tab(w.affB, 'available')).toEqual(ids(o.pub, o.crypto));
  });

  it('live: offers with clicks or leads of this affiliate in the last 30 days, stopped ones too', async () => {
    const me = await w.member({ role: 'affiliate', managerId: w.managerA.id });
    expect(await tab(me, 'live')).toEqual([]);
    await insertClicks(t.db, o.pub.uuid, me.id, 1);
    await insertClicks(t.db, o.stopped.uuid, me.id, 2);
    await insertLead(t.db, o.crypto.uuid, me.id);
    await insertClicks(t.db, o.premod.uuid, me.id, 1, { createdAt: new Date(Date.now() - 31 * 86_400_000) });
    await insertClicks(t.db, o.priv.uuid, me.id, 1); // private and untrusted: still invisible
    await insertClicks(t.db, o.draft.uuid, me.id, 1);
    expect(await tab(me, 'live')).toEqual(ids(o.pub, o.stopped, o.crypto));
    expect(await tab(aff, 'live')).toEqual([]);
    // The stopped offer opens for the affiliate who ran it, not for others.
    expect((await portal.get(me, o.stopped.id)).json.data).toMatchObject({ status: 'stopped', access: 'granted' });
    expect((await portal.get(aff, o.stopped.id)).status).toBe(404);
  });

  it('filters by vertical, geo, type, payout range and ID', async () => {
    expect(await tab(aff, 'all', '&vertical=crypto')).toEqual(ids(o.crypto));
    expect(await tab(aff, 'all', '&geo=US')).toEqual(ids(o.crypto));
    expect(await tab(aff, 'all', '&type=api')).toEqual([]);
    expect(await tab(aff, 'all', '&payout_min=3001')).toEqual([]);
    expect((await tab(aff, 'all', '&payout_min=3000&payout_max=3000')).length).toBe(6);
    expect((await portal.list(aff, `?search=${o.crypto.id}`)).json.data.list.map((x: Made) => x.id)).toEqual([
      o.crypto.id,
    ]);
    const bad = await portal.list(aff, '?payout_min=10&payout_max=5');
    expect(bad.status).toBe(400);
    expect(bad.json.error).toHaveProperty('payout_max');
  });
});

describe('negative: offers an affiliate may not open', () => {
  it('answers 404 for private untrusted, not_active, deleted and stopped-without-traffic offers', async () => {
    for (const made of [o.priv, o.draft, o.deleted, o.stopped]) {
      expect((await portal.get(aff, made.id)).status, String(made.id)).toBe(404);
    }
    expect((await portal.get(aff, 99_999_999)).status).toBe(404);
    expect((await portal.get(aff, 0)).status).toBe(400);
  });

  it('staff, advertisers and team leads cannot call the portal', async () => {
    for (const m of [w.admin, w.managerA, w.advA, w.lead]) expect((await portal.get(m, o.pub.id)).status).toBe(403);
  });
});

describe('offer detail as the affiliate sees it', () => {
  it('gives access per privacy: public granted, premoderation request, trusted private granted', async () => {
    expect((await portal.get(aff, o.pub.id)).json.data.access).toBe('granted');
    expect((await portal.get(aff, o.premod.id)).json.data.access).toBe('request');
    expect((await portal.get(aff, o.privTrusted.id)).json.data).toMatchObject({
      access: 'granted',
      privacy: 'private',
    });
  });

  it('shows the offer rates without an override', async () => {
    const d = (await portal.get(w.affB, o.pub.id)).json.data;
    expect(d).toMatchObject({
      title: `Public ${w.tag}`,
      hold_days: 7,
      top_payout: 3000,
      top_goal: { goal: 'ftd' },
      geos: ['DE', 'FR'],
    });
    expect(d.goals).toEqual([
      {
        goal: 'registration',
        payment_type: 'cpa',
        payout: 1000,
        payout_percent: 0,
        geo_rates: [{ geo: 'DE', payout: 1500, payout_percent: 0 }],
      },
      { goal: 'ftd', payment_type: 'cpa', payout: 3000, payout_percent: 0, geo_rates: [] },
    ]);
  });

  it("applies the affiliate's overrides: per country first, then goal-wide, then the offer rates", async () => {
    const own = await w.member({ role: 'affiliate', managerId: w.managerB.id });
    const made = await makeOffer(t.app, w, {
      form: { title: `Override ${w.tag}` },
      goals: {
        overrides: [
          { affiliate_uuid: own.id, goal: 'registration', payout: 1200 },
          { affiliate_uuid: own.id, goal: 'registration', geo: 'FR', payout: 1300 },
          { affiliate_uuid: own.id, goal: 'ftd', geo: 'DE', payout: 3300 },
        ],
      },
    });
    const d = (await portal.get(own, made.id)).json.data;
    expect(d.goals).toEqual([
      {
        goal: 'registration',
        payment_type: 'cpa',
        payout: 1200,
        payout_percent: 0,
        geo_rates: [
          { geo: 'DE', payout: 1200, payout_percent: 0 },
          { geo: 'FR', payout: 1300, payout_percent: 0 },
        ],
      },
      {
        goal: 'ftd',
        payment_type: 'cpa',
        payout: 3000,
        payout_percent: 0,
        geo_rates: [{ geo: 'DE', payout: 3300, payout_percent: 0 }],
      },
    ]);
    expect(d).toMatchObject({ top_payout: 3300, top_goal: { goal: 'ftd' } });
    const row = (await portal.list(own, `?search=Override ${w.tag}&payout_min=3300`)).json.data.list;
    expect(row).toMatchObject([{ id: made.id, top_payout: 3300 }]);
    // Another affiliate still gets the offer rates.
    expect((await portal.get(w.affB, made.id)).json.data.top_payout).toBe(3000);
  });

  it('never sends revenue, the advertiser or notes', async () => {
    const bodies = [
      (await portal.list(aff, `?search=${w.tag}`)).body,
      (await portal.list(aff, `?tab=available&search=${w.tag}`)).body,
      (await portal.get(aff, o.pub.id)).body,
      (await portal.get(aff, o.privTrusted.id)).body,
      (await portal.get(aff, o.premod.id)).body,
      (await portal.link(aff, o.pub.id)).body,
      (await portal.request(aff, o.premod.id, 'Please')).body,
    ];
    for (const body of bodies) {
      expect(body).toContain('"status":"success"');
      for (const secret of [
        ...Object.values(REVENUE).map(String),
        'revenue',
        'notes',
        'advertiser',
        SECRET_NOTE,
        `Adv A ${w.tag}`,
        'adv.example/go',
      ]) {
        expect(body.toLowerCase(), secret).not.toContain(secret.toLowerCase());
      }
    }
  });
});
