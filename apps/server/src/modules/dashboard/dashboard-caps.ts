import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Dashboard } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { offerCaps, offers, users } from '../../db/schema.ts';
import { nameOf } from '../../lib/people.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { capFills } from '../offers/index.ts';
import { affiliatesInScope } from '../../lib/scope.ts';
import { reportRows } from '../statistic/index.ts';
import type { DayRange } from './dashboard-periods.ts';
import { dashboardQuery } from './dashboard-query.ts';

export const NEAR_FULL = 0.8;
export const MAX_CAPS = 10;
const MAX_OFFER_PAGES = 20;

type CapNearFull = NonNullable<Dashboard['caps_near_full']>[number];
const capAffiliate = alias(users, 'cap_affiliate');

/** Offers the caller's affiliates sent clicks, leads or conversions to in the range: the engine scopes the rows. */
export const offersRun = async (db: Db, auth: AuthContext, tz: string, range: DayRange): Promise<string[]> => {
  const ids: string[] = [];
  for (let page = 1; page <= MAX_OFFER_PAGES; page++) {
    const rows = await reportRows(db, auth, dashboardQuery(tz, range, { group: 'offer', count: 100, page }));
    ids.push(...rows.map((r) => r.keys[0].value));
    if (rows.length < 100) break;
  }
  return ids;
};

/**
 * Caps of active offers (a stopped offer fills nothing) at NEAR_FULL of their limit or more, fullest first. The
 * fill is counted exactly as the click path counts it (capFills, in the partner zone's current day, week or month).
 * `offerIds` null means every offer (admin, head). Caps bound to an affiliate outside the caller's scope are left
 * out, as on the offer detail.
 */
export const capsNearFull = async (
  db: Db,
  auth: AuthContext,
  tz: string,
  offerIds: string[] | null,
): Promise<CapNearFull[]> => {
  if (offerIds?.length === 0) return [];
  const inScope = affiliatesInScope(db, auth);
  const rows = await db
    .select({
      cap: offerCaps,
      number: offers.number,
      title: offers.title,
      affFirst: capAffiliate.firstName,
      affLast: capAffiliate.lastName,
      affEmail: capAffiliate.email,
    })
    .from(offerCaps)
    .innerJoin(offers, eq(offers.id, offerCaps.offerId))
    .leftJoin(capAffiliate, eq(capAffiliate.id, offerCaps.affiliateId))
    .where(
      and(
        eq(offers.status, 'active'),
        offerIds ? inArray(offerCaps.offerId, offerIds) : undefined,
        inScope ? sql`(${offerCaps.affiliateId} is null or ${offerCaps.affiliateId} in (${inScope}))` : undefined,
      ),
    );
  const fills = await capFills(
    db,
    rows.map((r) => r.cap),
    tz,
  );
  return rows
    .map((r) => ({ r, used: fills.get(r.cap.id) ?? 0 }))
    .filter(({ r, used }) => used >= NEAR_FULL * r.cap.limit)
    .sort((a, b) => b.used / b.r.cap.limit - a.used / a.r.cap.limit)
    .slice(0, MAX_CAPS)
    .map(({ r, used }) => ({
      offer: { uuid: r.cap.offerId, id: r.number, title: r.title },
      affiliate: r.cap.affiliateId
        ? { uuid: r.cap.affiliateId, name: nameOf(r.affFirst, r.affLast, r.affEmail) }
        : null,
      period: r.cap.period,
      metric: r.cap.metric,
      used,
      limit: r.cap.limit,
    }));
};
