import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LandingRef, OfferDetail } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import {
  landings,
  offerLandings,
  offerPayoutOverrides,
  offerProducts,
  offerTrustedAffiliates,
  products,
  users,
} from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { refOf } from '../../lib/people.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { generalSettings } from '../settings/index.ts';
import { offerFigures } from './offers.figures.ts';
import { affiliatesInScope } from '../../lib/scope.ts';
import { findOfferRow, loadCaps, toOffer } from './offers.repository.ts';
import { storedFraudSettings } from './offers.fraud.ts';

const productAdvertiser = alias(users, 'product_advertiser');

const inScope = (db: Db, auth: AuthContext, column: Parameters<typeof eq>[0]) => {
  const scope = affiliatesInScope(db, auth);
  return scope ? sql`${column} in (${scope})` : undefined;
};

export const toLandingRef = (l: typeof landings.$inferSelect): LandingRef => ({
  uuid: l.id,
  id: l.number,
  name: l.name,
  type: l.type as LandingRef['type'],
  status: l.status,
  url: l.url,
  preview_url: l.previewUrl,
  privacy: l.privacy,
});

/** Everything about one offer a staff member may see: partner-bound parts are cut to the caller's partners. */
export const loadOfferDetail = async (db: Db, auth: AuthContext, id: string): Promise<OfferDetail> => {
  const row = await findOfferRow(db, auth, id);
  if (!row) throw notFound('Offer');
  const { time_zone } = await generalSettings.get(db);
  const [caps, overrides, trusted, attached, linked, figures] = await Promise.all([
    loadCaps(db, auth, [id], time_zone),
    db
      .select({ o: offerPayoutOverrides, first: users.firstName, last: users.lastName, email: users.email })
      .from(offerPayoutOverrides)
      .innerJoin(users, eq(users.id, offerPayoutOverrides.affiliateId))
      .where(and(eq(offerPayoutOverrides.offerId, id), inScope(db, auth, offerPayoutOverrides.affiliateId)))
      .orderBy(asc(users.email), asc(offerPayoutOverrides.goal)),
    db
      .select({ id: users.id, first: users.firstName, last: users.lastName, email: users.email })
      .from(offerTrustedAffiliates)
      .innerJoin(users, eq(users.id, offerTrustedAffiliates.affiliateId))
      .where(and(eq(offerTrustedAffiliates.offerId, id), inScope(db, auth, offerTrustedAffiliates.affiliateId)))
      .orderBy(asc(users.email)),
    db
      .select({ l: landings })
      .from(offerLandings)
      .innerJoin(landings, eq(landings.id, offerLandings.landingId))
      .where(eq(offerLandings.offerId, id))
      .orderBy(asc(offerLandings.position)),
    db
      .select({
        link: offerProducts,
        p: products,
        advId: productAdvertiser.id,
        advCompany: productAdvertiser.company,
        advEmail: productAdvertiser.email,
      })
      .from(offerProducts)
      .innerJoin(products, eq(products.id, offerProducts.productId))
      .innerJoin(productAdvertiser, eq(productAdvertiser.id, products.advertiserId))
      .where(eq(offerProducts.offerId, id))
      .orderBy(asc(offerProducts.position)),
    offerFigures(db, id, { affiliates: affiliatesInScope(db, auth) ?? undefined }),
  ]);
  const o = row.offer;
  return {
    ...toOffer(row, caps.get(id) ?? []),
    notes: o.notes,
    devices: o.devices,
    oss: o.oss,
    overrides: overrides.map(({ o: v, first, last, email }) => ({
      affiliate: refOf(v.affiliateId, first, last, email)!,
      goal: v.goal as OfferDetail['overrides'][number]['goal'],
      geo: v.geo,
      payout: v.payout,
      payout_percent: v.payoutPercentBp / 100,
    })),
    trusted: trusted.map((t) => refOf(t.id, t.first, t.last, t.email)!),
    landings: attached.map(({ l }) => toLandingRef(l)),
    products: linked.map(({ link, p, advId, advCompany, advEmail }) => ({
      product: {
        uuid: p.id,
        name: p.name,
        status: p.status,
        tested_at: p.testedAt?.toISOString() ?? null,
        integration_type: p.integrationType,
      },
      advertiser: { uuid: advId, name: advCompany || advEmail, email: advEmail },
      priority: link.priority,
      weight: link.weight,
      geos: link.geos,
      caps: link.caps,
      working_hours: link.workingHours ?? null,
      payout_override: link.payoutOverride,
    })),
    figures,
    fraud_settings: storedFraudSettings(o.fraudSettings),
    editable: o.status !== 'deleted',
  };
};

export const landingsByIds = (db: Db, ids: string[]) =>
  ids.length ? db.select().from(landings).where(inArray(landings.id, ids)) : Promise.resolve([]);
