import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYOUT_OVER_REVENUE } from '@pxl/contract';
import type { TestApp } from '#test/harness.ts';
import {
  directLinkForm,
  goalsForm,
  insertLanding,
  insertProduct,
  makeOffer,
  offerCalls,
  type OfferWorld,
  REVENUE,
  startOfferWorld,
} from './offers.fixtures.ts';

let t: TestApp;
let w: OfferWorld;
let calls: ReturnType<typeof offerCalls>;
let offer: { uuid: string; id: number };
let stored: Record<string, unknown>;
const MISSING = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ({ t, w, calls } = await startOfferWorld());
  offer = await makeOffer(t.app, w);
  await calls.section(w.admin, offer.uuid, 'caps', { caps: [{ metric: 'clicks', period: 'day', limit: 50 }] });
  stored = (await calls.get(w.admin, offer.uuid)).json.data;
});
afterAll(async () => {
  await t?.close();
});

/** Every refused save must leave the offer exactly as it was. */
const unchanged = async () => {
  const now = (await calls.get(w.admin, offer.uuid)).json.data;
  expect(now).toEqual(stored);
};
const refused = (res: { status: number; body: string; json: { error: Record<string, string> | null } }) => {
  expect(res.status, res.body).toBe(400);
  return res.json.error!;
};

describe('negative: primary section validation', () => {
  it('refuses a non-http URL and an unknown macro, naming the field', async () => {
    const bad = refused(
      await calls.update(
        w.admin,
        offer.uuid,
        directLinkForm(w, {
          tracking_url: 'ftp://adv.example/go',
          preview_url: 'javascript:alert(1)',
          trafficback_url: 'https://tb.example/?x={foo}',
        }),
      ),
    );
    expect(bad).toMatchObject({
      tracking_url: 'Enter a full http:// or https:// address',
      preview_url: 'Enter a full http:// or https:// address',
      trafficback_url: 'Unknown macro: {foo}',
    });
    await unchanged();
  });

  it('refuses a stop date before the start date and unknown geos', async () => {
    const bad = refused(
      await calls.update(
        w.admin,
        offer.uuid,
        directLinkForm(w, {
          starts_at: '2030-05-01T00:00:00Z',
          stops_at: '2030-04-01T00:00:00Z',
          geos: ['DE', 'ZZ'],
        }),
      ),
    );
    expect(bad).toMatchObject({ stops_at: 'Stop date must be after the start date', 'geos.1': 'Unknown country code' });
    await unchanged();
  });

  it('refuses a direct-link offer without advertiser or tracking URL, on create and on edit', async () => {
    const created = refused(
      await calls.create(w.admin, directLinkForm(w, { advertiser_uuid: null, tracking_url: '' })),
    );
    expect(created).toMatchObject({
      advertiser_uuid: 'Choose an advertiser',
      tracking_url: 'Tracking URL is required',
    });
    // The update schema does not know the type: the server applies the direct-link rules from the stored offer.
    expect(refused(await calls.update(w.admin, offer.uuid, directLinkForm(w, { advertiser_uuid: null })))).toEqual({
      advertiser_uuid: 'Choose an advertiser',
    });
    expect(refused(await calls.update(w.admin, offer.uuid, directLinkForm(w, { tracking_url: '' })))).toEqual({
      tracking_url: 'Tracking URL is required',
    });
    await unchanged();
  });

  it('refuses an unknown advertiser and an affiliate given as advertiser', async () => {
    expect(refused(await calls.update(w.admin, offer.uuid, directLinkForm(w, { advertiser_uuid: MISSING })))).toEqual({
      advertiser_uuid: 'Unknown advertiser',
    });
    expect(refused(await calls.create(w.admin, directLinkForm(w, { advertiser_uuid: w.affA.id })))).toEqual({
      advertiser_uuid: 'Unknown advertiser',
    });
    await unchanged();
  });
});

describe('negative: goals validation', () => {
  const over = { goals: [{ goal: 'registration', payment_type: 'cpa', revenue: 1000, payout: 1200 }] };

  it('refuses payout above revenue without the confirmation, default and per geo', async () => {
    expect(refused(await calls.section(w.admin, offer.uuid, 'goals', goalsForm(over)))).toEqual({
      'goals.0.payout': PAYOUT_OVER_REVENUE,
    });
    const geo = refused(
      await calls.section(
        w.admin,
        offer.uuid,
        'goals',
        goalsForm({
          goals: [
            { goal: 'registration', revenue: 1000, payout: 500, geo_rates: [{ geo: 'DE', revenue: 100, payout: 200 }] },
          ],
        }),
      ),
    );
    expect(geo).toEqual({ 'goals.0.geo_rates.0.payout': PAYOUT_OVER_REVENUE });
    await unchanged();
  });

  it('refuses an override paying more than the goal earns, and an override on a goal the offer lacks', async () => {
    const bad = refused(
      await calls.section(
        w.admin,
        offer.uuid,
        'goals',
        goalsForm({
          overrides: [
            { affiliate_uuid: w.affA.id, goal: 'registration', geo: 'DE', payout: REVENUE.de + 1 },
            { affiliate_uuid: w.affA.id, goal: 'sale', payout: 1 },
          ],
        }),
      ),
    );
    expect(bad).toMatchObject({
      'overrides.0.payout': PAYOUT_OVER_REVENUE,
      'overrides.1.goal': 'The offer has no such goal',
    });
    await unchanged();
  });

  it('refuses a RevShare share above 100% of revenue', async () => {
    const revshare = (revenue: number) => ({
      goals: [{ goal: 'deposit', payment_type: 'revshare', revenue, payout: 0, payout_percent: 150 }],
    });
    expect(refused(await calls.section(w.admin, offer.uuid, 'goals', goalsForm(revshare(1000))))).toEqual({
      'goals.0.payout': PAYOUT_OVER_REVENUE,
    });
    // Without a nominal revenue the share is still more than everything the advertiser pays.
    expect(refused(await calls.section(w.admin, offer.uuid, 'goals', goalsForm(revshare(0))))).toEqual({
      'goals.0.payout': PAYOUT_OVER_REVENUE,
    });
    await unchanged();
  });

  it('refuses a goal twice, a country rate twice, and a payout in fractions of a cent', async () => {
    const cents = refused(
      await calls.section(
        w.admin,
        offer.uuid,
        'goals',
        goalsForm({ goals: [{ goal: 'ftd', revenue: 100, payout: 10.5 }] }),
      ),
    );
    expect(cents).toEqual({ 'goals.0.payout': 'Use whole minor units (cents)' });
    const dup = refused(
      await calls.section(
        w.admin,
        offer.uuid,
        'goals',
        goalsForm({
          goals: [
            {
              goal: 'ftd',
              revenue: 100,
              payout: 10,
              geo_rates: [
                { geo: 'DE', revenue: 1, payout: 1 },
                { geo: 'DE', revenue: 1, payout: 1 },
              ],
            },
            { goal: 'ftd', revenue: 100, payout: 10 },
          ],
        }),
      ),
    );
    expect(dup).toMatchObject({ 'goals.0.geo_rates.1.geo': 'One rate per country', 'goals.1.goal': 'Each goal once' });
    await unchanged();
  });
});

describe('confirmed payout above revenue', () => {
  it('saves once the form confirms it', async () => {
    const other = await makeOffer(t.app, w);
    const res = await calls.section(
      w.admin,
      other.uuid,
      'goals',
      goalsForm({
        confirm_payout_over_revenue: true,
        goals: [{ goal: 'registration', payment_type: 'cpa', revenue: 1000, payout: 1200 }],
      }),
    );
    expect(res.status, res.body).toBe(200);
    expect(res.json.data.goals).toMatchObject([{ goal: 'registration', revenue: 1000, payout: 1200 }]);
  });
});

describe('negative: references in the sections', () => {
  it('refuses unknown or deleted landings, and unknown affiliates in caps and trusted', async () => {
    const gone = await insertLanding(t.db, { status: 'deleted' });
    expect(
      refused(await calls.section(w.admin, offer.uuid, 'landings', { landing_uuids: [MISSING, gone.id] })),
    ).toEqual({ 'landing_uuids.0': 'Unknown landing', 'landing_uuids.1': 'Unknown landing' });
    expect(
      refused(
        await calls.section(w.admin, offer.uuid, 'caps', {
          caps: [{ metric: 'leads', period: 'day', limit: 1, affiliate_uuid: MISSING }],
        }),
      ),
    ).toEqual({ 'caps.0.affiliate_uuid': 'Unknown affiliate' });
    expect(
      refused(await calls.section(w.admin, offer.uuid, 'trusted', { affiliate_uuids: [w.affA.id, w.managerA.id] })),
    ).toEqual({ 'affiliate_uuids.1': 'Unknown affiliate' });
    expect(
      refused(
        await calls.section(w.admin, offer.uuid, 'caps', { caps: [{ metric: 'visits', period: 'day', limit: 0 }] }),
      ),
    ).toHaveProperty('caps.0.metric');
    await unchanged();
  });

  it('refuses products on a direct-link offer, and unknown or deleted products on an API offer', async () => {
    const product = await insertProduct(t.db, w.advA.id);
    expect(
      refused(await calls.section(w.admin, offer.uuid, 'products', { products: [{ product_uuid: product.id }] })),
    ).toEqual({ products: 'Only API offers have products' });
    await unchanged();
    const apiOffer = (await calls.create(w.admin, { type: 'api', title: `Leads ${w.tag}`, vertical: 'crypto' })).json
      .data;
    const gone = await insertProduct(t.db, w.advA.id, { status: 'deleted' });
    expect(
      refused(
        await calls.section(w.admin, apiOffer.uuid, 'products', {
          products: [{ product_uuid: product.id }, { product_uuid: MISSING }, { product_uuid: gone.id }],
        }),
      ),
    ).toEqual({ 'products.1.product_uuid': 'Unknown product', 'products.2.product_uuid': 'Unknown product' });
    expect((await calls.get(w.admin, apiOffer.uuid)).json.data.products).toEqual([]);
  });
});
