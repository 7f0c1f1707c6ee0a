import { and, eq, gte, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  ADVERTISER_HIDDEN_DIMENSIONS,
  AFFILIATE_HIDDEN_DIMENSIONS,
  type StatDimension,
  type StatFilters,
} from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { affiliatesInScope } from '../../lib/scope.ts';
import { generalSettings } from '../settings/index.ts';
import { anyOf } from './log-sql.ts';
import { isEmpty, offerCondition, offerScopeOf, type OfferScope } from './log-offers.ts';
import { periodSql, resolveRange } from '../statistic/index.ts';
import { viewerOf, type Viewer } from './log-viewer.ts';

/**
 * What a log query may touch, resolved before the big table is read: offers and affiliates become plain ID lists,
 * so the planner sees `offer_id = any($1)` with its statistics instead of a join it has to guess at.
 * The kind always narrows the offers; `affiliateIds` null means any affiliate.
 */
export type LogScope = {
  viewer: Viewer;
  from: SQL;
  to: SQL;
  offers: OfferScope;
  affiliateIds: string[] | null;
  /** Nothing can match (no offer of the kind, an out-of-scope affiliate asked for): skip the big query. */
  empty: boolean;
};

/** The account manager filter names the advertisers' managers: hidden whenever advertisers are. */
const hiddenFilters = (dims: readonly StatDimension[]): (keyof StatFilters)[] =>
  [...dims, ...(dims.includes('advertiser') ? ['account_manager' as const] : [])] as (keyof StatFilters)[];
const HIDDEN: Record<Viewer, (keyof StatFilters)[]> = {
  staff: [],
  affiliate: hiddenFilters(AFFILIATE_HIDDEN_DIMENSIONS),
  advertiser: hiddenFilters(ADVERTISER_HIDDEN_DIMENSIONS),
};

const affiliateIdsOf = async (db: Db, auth: AuthContext, viewer: Viewer, q: StatFilters): Promise<string[] | null> => {
  if (viewer === 'affiliate') return !q.affiliate?.length || q.affiliate.includes(auth.user.id) ? [auth.user.id] : [];
  if (viewer === 'advertiser') return q.affiliate?.length ? q.affiliate : null;
  const scope = affiliatesInScope(db, auth);
  if (!scope && !q.manager?.length) return q.affiliate?.length ? q.affiliate : null;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, 'affiliate'),
        scope ? sql`${users.id} in (${scope})` : undefined,
        q.affiliate?.length ? anyOf(users.id, q.affiliate) : undefined,
        q.manager?.length ? anyOf(users.managerId, q.manager) : undefined,
      ),
    );
  return rows.map((r) => r.id);
};

/** Role checks (a hidden filter is a 400), the day range in the zone, and the offer and affiliate lists. */
export const resolveLogScope = async (
  db: Db,
  auth: AuthContext,
  q: LogFilters,
  o: { clicks?: boolean } = {},
): Promise<LogScope> => {
  const viewer = viewerOf(auth);
  const hidden = HIDDEN[viewer].find((f) => (q[f] as unknown[] | undefined)?.length);
  if (hidden) throw badRequest(hidden, 'This filter is not available to you');
  // Partners never see a score, so they may not narrow by one either (docs/product/fraud.md).
  if (viewer !== 'staff' && q.fraud_score_min !== undefined)
    throw badRequest('fraud_score_min', 'This filter is not available to you');
  const tz = q.tz ?? (await generalSettings.get(db)).time_zone;
  const days = resolveRange(q, tz, { maxDays: Infinity });
  const [offerScope, affiliateIds] = await Promise.all([
    offerScopeOf(db, auth, q, o),
    affiliateIdsOf(db, auth, viewer, q),
  ]);
  return {
    viewer,
    offers: offerScope,
    affiliateIds,
    ...periodSql(days.from, days.to, tz),
    empty: isEmpty(offerScope) || (affiliateIds !== null && !affiliateIds.length),
  };
};

/** The filters every log takes: those of the reports, and the staff's fraud score. */
type LogFilters = StatFilters & { fraud_score_min?: number };

type TrafficColumns = {
  createdAt: AnyColumn;
  offerId: AnyColumn;
  affiliateId: AnyColumn;
  landingId: AnyColumn;
  country: AnyColumn;
  device: AnyColumn;
  os: AnyColumn;
  /** Leads and conversions have their product; clicks have none (a product filter narrows their offers instead). */
  productId?: AnyColumn;
  fraudScore: AnyColumn;
};

/**
 * One affiliate or one offer (the whole filter on that column) with the period, written as a range of the row
 * (column, created_at) instead of `column = x and created_at in …`: an equality would let the planner drop the column
 * from an order that leads with it, and then walk the time index from now past every newer click of other traffic.
 */
export type Lead = { column: AnyColumn; value: string };
export const leadOf = (c: Pick<TrafficColumns, 'affiliateId' | 'offerId'>, s: LogScope): Lead | undefined =>
  s.affiliateIds?.length === 1
    ? { column: c.affiliateId, value: s.affiliateIds[0] }
    : !s.offers.viaProduct && s.offers.offerIds.length === 1
      ? { column: c.offerId, value: s.offers.offerIds[0] }
      : undefined;

/**
 * The conditions every log puts on its own table alike: the period, offers, affiliates, product, landing, geo, device,
 * OS and the fraud score.
 */
export const trafficConditions = (c: TrafficColumns, s: LogScope, q: LogFilters, lead?: Lead): (SQL | undefined)[] => [
  ...(lead
    ? [
        sql`(${lead.column}, ${c.createdAt}) >= (${lead.value}::uuid, ${s.from})`,
        sql`(${lead.column}, ${c.createdAt}) < (${lead.value}::uuid, ${s.to})`,
      ]
    : [gte(c.createdAt, s.from), lt(c.createdAt, s.to)]),
  lead?.column === c.offerId ? undefined : offerCondition(s.offers, c.offerId, c.productId),
  s.affiliateIds && lead?.column !== c.affiliateId ? anyOf(c.affiliateId, s.affiliateIds) : undefined,
  c.productId && q.product?.length ? anyOf(c.productId, q.product) : undefined,
  q.landing?.length ? anyOf(c.landingId, q.landing) : undefined,
  q.geo?.length ? anyOf(c.country, q.geo) : undefined,
  q.device?.length ? anyOf(c.device, q.device) : undefined,
  q.os?.length ? anyOf(c.os, q.os) : undefined,
  // A row not scored yet (null) has no score to be at least anything.
  q.fraud_score_min === undefined ? undefined : gte(c.fraudScore, q.fraud_score_min),
];
