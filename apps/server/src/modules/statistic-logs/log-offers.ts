import { and, eq, inArray, isNotNull, isNull, or, type AnyColumn, type SQL } from 'drizzle-orm';
import type { StatFilters } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { offerProducts, offers, products, users } from '../../db/schema.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { anyOf } from './log-sql.ts';

/**
 * The offers a log may read, as ID lists. A row's advertiser is its offer's, else (an API offer without one routes
 * leads to many buyers) the owner of the row's product, as in the reports. So under an advertiser constraint (the
 * advertiser's own view, the advertiser or account-manager filter) an offer without an advertiser counts only through
 * rows whose product belongs to one of them; `viaProduct` holds those offers and products.
 */
export type OfferScope = { offerIds: string[]; viaProduct: { offerIds: string[]; productIds: string[] } | null };

/** The advertiser constraint on an advertiser-ID column, or null when there is none. */
const advertiserTest = (db: Db, auth: AuthContext, q: StatFilters) => {
  const isAdvertiser = auth.user.role === 'advertiser';
  if (!isAdvertiser && !q.advertiser?.length && !q.account_manager?.length) return null;
  return (column: AnyColumn): SQL =>
    and(
      isAdvertiser ? eq(column, auth.user.id) : undefined,
      q.advertiser?.length ? anyOf(column, q.advertiser) : undefined,
      q.account_manager?.length
        ? inArray(column, db.select({ id: users.id }).from(users).where(anyOf(users.managerId, q.account_manager)))
        : undefined,
    )!;
};

const idsOf = async (rows: Promise<{ id: string }[]>) => (await rows).map((r) => r.id);

/** `clicks`: rows without a product. A product filter keeps the clicks of offers that sell to it. */
export const offerScopeOf = async (
  db: Db,
  auth: AuthContext,
  q: StatFilters,
  o: { clicks?: boolean } = {},
): Promise<OfferScope> => {
  const base = and(
    eq(offers.type, q.kind),
    q.offer?.length ? anyOf(offers.id, q.offer) : undefined,
    o.clicks && q.product?.length
      ? inArray(
          offers.id,
          db.select({ id: offerProducts.offerId }).from(offerProducts).where(anyOf(offerProducts.productId, q.product)),
        )
      : undefined,
  );
  const test = advertiserTest(db, auth, q);
  if (!test) return { offerIds: await idsOf(db.select({ id: offers.id }).from(offers).where(base)), viaProduct: null };
  const [offerIds, ownerless, productIds] = await Promise.all([
    idsOf(
      db
        .select({ id: offers.id })
        .from(offers)
        .where(and(base, isNotNull(offers.advertiserId), test(offers.advertiserId))),
    ),
    o.clicks
      ? []
      : idsOf(
          db
            .select({ id: offers.id })
            .from(offers)
            .where(and(base, isNull(offers.advertiserId))),
        ),
    o.clicks ? [] : idsOf(db.select({ id: products.id }).from(products).where(test(products.advertiserId))),
  ]);
  return { offerIds, viaProduct: ownerless.length && productIds.length ? { offerIds: ownerless, productIds } : null };
};

export const isEmpty = (s: OfferScope) => !s.offerIds.length && !s.viaProduct;

/** Every offer a row may be on (for index lookups that a full condition then narrows). */
export const everyOffer = (s: OfferScope) => [...s.offerIds, ...(s.viaProduct?.offerIds ?? [])];

/** The row's offer is in scope: directly, or (an offer without an advertiser) through the row's product. */
export const offerCondition = (s: OfferScope, offerColumn: AnyColumn, productColumn?: AnyColumn): SQL =>
  s.viaProduct && productColumn
    ? or(
        anyOf(offerColumn, s.offerIds),
        and(anyOf(offerColumn, s.viaProduct.offerIds), anyOf(productColumn, s.viaProduct.productIds)),
      )!
    : anyOf(offerColumn, s.offerIds);
