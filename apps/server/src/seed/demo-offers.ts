import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  landings,
  offerAccessRequests,
  offerCaps,
  offerLandings,
  offerProducts,
  offerTrustedAffiliates,
  offers,
  products,
  users,
} from '../db/schema.ts';
import { DEMO_LANDINGS, DEMO_OFFERS, type DemoOffer } from './demo-offers-data.ts';

const DAY = 24 * 60 * 60 * 1000;
const PRODUCT_LABEL: Record<string, string> = {
  crypto: 'Crypto',
  forex: 'Forex',
  gambling: 'Casino',
  nutra: 'Nutra',
  finance: 'Forex',
};

const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Idempotent: landings are matched by name and offers by title. */
export const seedDemoOffers = async (db: Db, ids: Map<string, string>, affiliateEmails: string[], now = Date.now()) => {
  const landingIds = await seedLandings(db);
  const companyIds = new Map(
    (await db.select({ id: users.id, company: users.company }).from(users).where(eq(users.role, 'advertiser'))).map(
      (u) => [u.company, u.id],
    ),
  );
  const affiliateIds = new Map(
    (
      await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, affiliateEmails))
    ).map((u) => [u.email, u.id]),
  );
  const affiliateOf = (key: string) =>
    key === 'affiliate' ? ids.get('affiliate')! : affiliateIds.get(affiliateEmails[Number(key.slice(4))])!;
  const advertiserOf = (key: string | undefined) =>
    !key ? null : key === 'advertiser' ? ids.get('advertiser')! : (companyIds.get(key) ?? null);
  const existing = new Set((await db.select({ title: offers.title }).from(offers)).map((o) => o.title));
  for (const [i, o] of DEMO_OFFERS.entries()) {
    if (existing.has(o.title)) continue;
    const id = await insertOffer(db, o, i, advertiserOf(o.advertiser), ids.get('manager')!, now);
    await attach(db, id, o, landingIds, affiliateOf, ids);
  }
};

const seedLandings = async (db: Db) => {
  const have = new Map(
    (await db.select({ id: landings.id, name: landings.name }).from(landings)).map((l) => [l.name, l.id]),
  );
  const fresh = DEMO_LANDINGS.filter((l) => !have.has(l.name));
  if (fresh.length) {
    for (const l of await db.insert(landings).values(fresh).returning({ id: landings.id, name: landings.name }))
      have.set(l.name, l.id);
  }
  return have;
};

const insertOffer = async (
  db: Db,
  o: DemoOffer,
  i: number,
  advertiserId: string | null,
  createdBy: string,
  now: number,
) => {
  const slug = slugOf(o.title);
  const [row] = await db
    .insert(offers)
    .values({
      title: o.title,
      type: o.type,
      status: o.status,
      vertical: o.vertical,
      privacy: o.privacy,
      currency: o.currency,
      geos: o.geos,
      trafficSources: o.traffic,
      advertiserId: o.type === 'direct_link' ? advertiserId : null,
      goals: o.goals,
      holdDays: o.holdDays,
      description: o.description,
      notes: o.notes ?? '',
      devices: o.devices ?? [],
      fraudSettings: o.fraud ?? null,
      createdBy,
      trackingUrl:
        o.type === 'direct_link'
          ? `https://track.${slug}.example/go?cid={click_id}&pid={affiliate_id}&s1={sub1}&s2={sub2}`
          : null,
      previewUrl: `https://www.${slug}.example/`,
      createdAt: new Date(now - (90 - i * 4) * DAY),
    })
    .returning({ id: offers.id });
  return row.id;
};

const attach = async (
  db: Db,
  offerId: string,
  o: DemoOffer,
  landingIds: Map<string, string>,
  affiliateOf: (k: string) => string,
  ids: Map<string, string>,
) => {
  if (o.landings.length) {
    await db
      .insert(offerLandings)
      .values(o.landings.map((name, position) => ({ offerId, landingId: landingIds.get(name)!, position })));
  }
  if (o.caps?.length) {
    await db.insert(offerCaps).values(
      o.caps.map((c, position) => ({
        offerId,
        metric: c.metric,
        period: c.period,
        limit: c.limit,
        geo: c.geo ?? null,
        position,
      })),
    );
  }
  if (o.trusted?.length) {
    await db
      .insert(offerTrustedAffiliates)
      .values(o.trusted.map((k) => ({ offerId, affiliateId: affiliateOf(k), addedBy: ids.get('manager')! })));
  }
  if (o.requests?.length) {
    await db.insert(offerAccessRequests).values(
      o.requests.map((k) => ({
        offerId,
        affiliateId: affiliateOf(k),
        message: 'We run UK SEO sites with casino reviews; sample traffic report on request.',
      })),
    );
  }
  if (o.products) {
    // The demo advertiser's products go first, so their API view has an offer to show.
    const label = PRODUCT_LABEL[o.vertical] ?? '';
    const picked = await db
      .select({ id: products.id })
      .from(products)
      .where(and(ne(products.status, 'deleted'), sql`${products.name} like ${`${label}%`}`))
      .orderBy(sql`${products.advertiserId} = ${ids.get('advertiser')!} desc`, asc(products.name))
      .limit(o.products);
    if (picked.length) {
      await db.insert(offerProducts).values(
        picked.map((p, position) => ({
          offerId,
          productId: p.id,
          priority: position < 2 ? 1 : 2,
          weight: position === 0 ? 70 : 30,
          geos: [],
          position,
          workingHours: {
            time_zone: 'Europe/Kyiv',
            days: [1, 2, 3, 4, 5].map((day) => ({ day, from: '09:00', to: '20:00' })),
          },
        })),
      );
    }
  }
};
