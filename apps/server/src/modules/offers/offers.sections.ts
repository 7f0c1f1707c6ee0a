import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  GoalPaymentType,
  offerCapsInputSchema,
  offerFraudInputSchema,
  offerGoalsInputSchema,
  offerLandingsInputSchema,
  offerProductsInputSchema,
  offerTargetingInputSchema,
  offerTrustedInputSchema,
} from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import {
  offerCaps,
  offerLandings,
  offerPayoutOverrides,
  offerProducts,
  offerTrustedAffiliates,
  offers,
} from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { loadOfferDetail } from './offers.detail.ts';
import { auditOffer, findEditableOffer } from './offers.service.ts';
import { checkOfferFraudSettings } from './offers.fraud.ts';
import { assertAffiliates, assertLandings, assertProducts, ownedRows } from './offers.validation.ts';

type Meta = { ip?: string };
type In<S extends z.ZodType> = z.output<S>;
const touch = { updatedAt: sql`now()` };

/** A CPA rate keeps no percent and a RevShare rate no fixed part, so what is stored is what is paid. */
const normalRate = (type: GoalPaymentType) => (r: { revenue: number; payout: number; payout_percent: number }) => ({
  revenue: r.revenue,
  payout: type === 'revshare' ? 0 : r.payout,
  payout_percent: type === 'cpa' ? 0 : r.payout_percent,
});

/** Goals live on the offer row (read with it on every click); overrides are rows bound to affiliates. */
export const saveGoals = async (
  { db }: AppDeps,
  auth: AuthContext,
  id: string,
  input: In<typeof offerGoalsInputSchema>,
  meta: Meta,
) => {
  await findEditableOffer(db, id);
  await assertAffiliates(
    db,
    auth,
    input.overrides.map((o) => o.affiliate_uuid),
    (i) => `overrides.${i}.affiliate_uuid`,
  );
  await db.transaction(async (tx) => {
    const goals = input.goals.map((g) => {
      const rate = normalRate(g.payment_type);
      return {
        goal: g.goal,
        payment_type: g.payment_type,
        ...rate(g),
        geo_rates: g.geo_rates.map((r) => ({ geo: r.geo, ...rate(r) })),
      };
    });
    await tx
      .update(offers)
      .set({ goals, holdDays: input.hold_days, ...touch })
      .where(eq(offers.id, id));
    await tx
      .delete(offerPayoutOverrides)
      .where(and(eq(offerPayoutOverrides.offerId, id), ownedRows(auth, db, offerPayoutOverrides.affiliateId)));
    // A goal removed here takes the hidden overrides on it along.
    await tx.delete(offerPayoutOverrides).where(
      and(
        eq(offerPayoutOverrides.offerId, id),
        notInArray(
          offerPayoutOverrides.goal,
          input.goals.map((g) => g.goal),
        ),
      ),
    );
    if (input.overrides.length) {
      await tx.insert(offerPayoutOverrides).values(
        input.overrides.map((o) => {
          const rate = normalRate(input.goals.find((g) => g.goal === o.goal)!.payment_type)({ ...o, revenue: 0 });
          return {
            offerId: id,
            affiliateId: o.affiliate_uuid,
            goal: o.goal,
            geo: o.geo,
            payout: rate.payout,
            payoutPercentBp: Math.round(rate.payout_percent * 100),
          };
        }),
      );
    }
  });
  await auditOffer(db, auth, id, 'goals', meta);
  return loadOfferDetail(db, auth, id);
};

export const saveCaps = async (
  { db }: AppDeps,
  auth: AuthContext,
  id: string,
  input: In<typeof offerCapsInputSchema>,
  meta: Meta,
) => {
  await findEditableOffer(db, id);
  await assertAffiliates(
    db,
    auth,
    input.caps.map((c) => c.affiliate_uuid),
    (i) => `caps.${i}.affiliate_uuid`,
  );
  await db.transaction(async (tx) => {
    await tx.delete(offerCaps).where(and(eq(offerCaps.offerId, id), ownedRows(auth, db, offerCaps.affiliateId, true)));
    if (input.caps.length) {
      await tx.insert(offerCaps).values(
        input.caps.map((c, position) => ({
          offerId: id,
          metric: c.metric,
          period: c.period,
          limit: c.limit,
          geo: c.geo,
          device: c.device,
          os: c.os,
          affiliateId: c.affiliate_uuid,
          position,
        })),
      );
    }
    await tx.update(offers).set(touch).where(eq(offers.id, id));
  });
  await auditOffer(db, auth, id, 'caps', meta);
  return loadOfferDetail(db, auth, id);
};

export const saveTargeting = async (
  { db }: AppDeps,
  auth: AuthContext,
  id: string,
  input: In<typeof offerTargetingInputSchema>,
  meta: Meta,
) => {
  await findEditableOffer(db, id);
  await db
    .update(offers)
    .set({ devices: input.devices, oss: input.oss, ...touch })
    .where(eq(offers.id, id));
  await auditOffer(db, auth, id, 'targeting', meta);
  return loadOfferDetail(db, auth, id);
};

export const saveTrusted = async (
  { db }: AppDeps,
  auth: AuthContext,
  id: string,
  input: In<typeof offerTrustedInputSchema>,
  meta: Meta,
) => {
  await findEditableOffer(db, id);
  await assertAffiliates(db, auth, input.affiliate_uuids, (i) => `affiliate_uuids.${i}`);
  await db.transaction(async (tx) => {
    const keep = input.affiliate_uuids;
    await tx
      .delete(offerTrustedAffiliates)
      .where(
        and(
          eq(offerTrustedAffiliates.offerId, id),
          ownedRows(auth, db, offerTrustedAffiliates.affiliateId),
          keep.length ? notInArray(offerTrustedAffiliates.affiliateId, keep) : undefined,
        ),
      );
    if (keep.length) {
      await tx
        .insert(offerTrustedAffiliates)
        .values(keep.map((affiliateId) => ({ offerId: id, affiliateId, addedBy: auth.user.id })))
        .onConflictDoNothing();
    }
    await tx.update(offers).set(touch).where(eq(offers.id, id));
  });
  await auditOffer(db, auth, id, 'trusted', meta);
  return loadOfferDetail(db, auth, id);
};

export const saveLandings = async (
  { db }: AppDeps,
  auth: AuthContext,
  id: string,
  input: In<typeof offerLandingsInputSchema>,
  meta: Meta,
) => {
  await findEditableOffer(db, id);
  await assertLandings(db, input.landing_uuids);
  await db.transaction(async (tx) => {
    await tx.delete(offerLandings).where(eq(offerLandings.offerId, id));
    if (input.landing_uuids.length) {
      await tx
        .insert(offerLandings)
        .values(input.landing_uuids.map((landingId, position) => ({ offerId: id, landingId, position })));
    }
    await tx.update(offers).set(touch).where(eq(offers.id, id));
  });
  await auditOffer(db, auth, id, 'landings', meta);
  return loadOfferDetail(db, auth, id);
};

export const saveProducts = async (
  { db }: AppDeps,
  auth: AuthContext,
  id: string,
  input: In<typeof offerProductsInputSchema>,
  meta: Meta,
) => {
  const offer = await findEditableOffer(db, id);
  if (offer.type !== 'api') throw badRequest('products', 'Only API offers have products');
  await assertProducts(
    db,
    input.products.map((p) => p.product_uuid),
  );
  await db.transaction(async (tx) => {
    await tx.delete(offerProducts).where(eq(offerProducts.offerId, id));
    if (input.products.length) {
      await tx.insert(offerProducts).values(
        input.products.map((p, position) => ({
          offerId: id,
          productId: p.product_uuid,
          priority: p.priority,
          weight: p.weight,
          geos: p.geos,
          caps: p.caps,
          workingHours: p.working_hours,
          payoutOverride: p.payout_override,
          position,
        })),
      );
    }
    await tx.update(offers).set(touch).where(eq(offers.id, id));
  });
  await auditOffer(db, auth, id, 'products', meta);
  return loadOfferDetail(db, auth, id);
};

/** Traffic quality: the offer's own fraud weights, thresholds and actions; null gives them back to the network. */
export const saveFraudSettings = async (
  { db }: AppDeps,
  auth: AuthContext,
  id: string,
  input: In<typeof offerFraudInputSchema>,
  meta: Meta,
) => {
  await findEditableOffer(db, id);
  const fraudSettings = await checkOfferFraudSettings(db, input.fraud_settings);
  await db
    .update(offers)
    .set({ fraudSettings, ...touch })
    .where(eq(offers.id, id));
  await auditOffer(db, auth, id, 'fraud_settings', meta);
  return loadOfferDetail(db, auth, id);
};
