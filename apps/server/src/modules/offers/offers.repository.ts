import { and, asc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Cap, Offer, OfferStatus, Paged, offerListQuerySchema } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { offerCaps, offers, products, users } from '../../db/schema.ts';
import { affiliatesInScope } from '../../lib/scope.ts';
import { containsPattern, refOf, totalOf } from '../../lib/people.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { capFills, type CapRow } from './offers.figures.ts';
import { takePage } from '../../lib/paging.ts';

type ListQuery = z.output<typeof offerListQuerySchema>;
export type OfferRow = typeof offers.$inferSelect;

const advertiser = alias(users, 'advertiser');
const capAffiliate = alias(users, 'cap_affiliate');

/** Pending access requests from affiliates the caller may see. */
const pendingRequests = (db: Db, auth: AuthContext) => {
  const inScope = affiliatesInScope(db, auth);
  return sql<number>`(select count(*) from offer_access_requests r where r.offer_id = ${offers.id} and r.status = 'pending'${inScope ? sql` and r.affiliate_id in (${inScope})` : sql``})`.mapWith(
    Number,
  );
};

const select = (db: Db, auth: AuthContext) =>
  db
    .select({
      offer: offers,
      advertiserId: advertiser.id,
      advertiserFirst: advertiser.firstName,
      advertiserLast: advertiser.lastName,
      advertiserEmail: advertiser.email,
      advertiserCompany: advertiser.company,
      pending: pendingRequests(db, auth),
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(offers)
    .leftJoin(advertiser, eq(advertiser.id, offers.advertiserId));

type Row = Awaited<ReturnType<typeof select>>[number];

export const advertiserRef = (
  r: Pick<Row, 'advertiserId' | 'advertiserFirst' | 'advertiserLast' | 'advertiserEmail' | 'advertiserCompany'>,
) => {
  const ref = refOf(r.advertiserId, r.advertiserFirst, r.advertiserLast, r.advertiserEmail);
  return ref && r.advertiserCompany ? { ...ref, name: r.advertiserCompany } : ref;
};

/** Caps of the offers with their fill; a manager does not see caps bound to another manager's affiliates. */
export const loadCaps = async (
  db: Db,
  auth: AuthContext,
  offerIds: string[],
  timeZone: string,
): Promise<Map<string, Cap[]>> => {
  const out = new Map<string, Cap[]>();
  if (!offerIds.length) return out;
  const inScope = affiliatesInScope(db, auth);
  const rows = await db
    .select({
      cap: offerCaps,
      affFirst: capAffiliate.firstName,
      affLast: capAffiliate.lastName,
      affEmail: capAffiliate.email,
    })
    .from(offerCaps)
    .leftJoin(capAffiliate, eq(capAffiliate.id, offerCaps.affiliateId))
    .where(
      and(
        inArray(offerCaps.offerId, offerIds),
        inScope ? sql`(${offerCaps.affiliateId} is null or ${offerCaps.affiliateId} in (${inScope}))` : undefined,
      ),
    )
    .orderBy(asc(offerCaps.position));
  const fills = await capFills(
    db,
    rows.map((r) => r.cap as CapRow),
    timeZone,
  );
  for (const { cap, affFirst, affLast, affEmail } of rows) {
    const list = out.get(cap.offerId) ?? [];
    list.push({
      uuid: cap.id,
      metric: cap.metric as Cap['metric'],
      period: cap.period as Cap['period'],
      limit: cap.limit,
      geo: cap.geo,
      device: cap.device,
      os: cap.os,
      affiliate: refOf(cap.affiliateId, affFirst, affLast, affEmail),
      fill: fills.get(cap.id) ?? 0,
    });
    out.set(cap.offerId, list);
  }
  return out;
};

export const toOffer = (r: Row, caps: Cap[]): Offer => {
  const o = r.offer;
  return {
    uuid: o.id,
    id: o.number,
    type: o.type as Offer['type'],
    status: o.status as OfferStatus,
    title: o.title,
    vertical: o.vertical,
    privacy: o.privacy as Offer['privacy'],
    advertiser: advertiserRef(r),
    currency: o.currency as Offer['currency'],
    description: o.description,
    traffic_sources: o.trafficSources,
    image_url: o.imageUrl,
    geos: o.geos,
    starts_at: o.startsAt?.toISOString() ?? null,
    stops_at: o.stopsAt?.toISOString() ?? null,
    tracking_url: o.trackingUrl,
    preview_url: o.previewUrl,
    trafficback_url: o.trafficbackUrl,
    goals: o.goals as Offer['goals'],
    hold_days: o.holdDays,
    caps,
    access_requests_pending: r.pending,
    created_at: o.createdAt.toISOString(),
  };
};

export const findOfferRow = async (db: Db, auth: AuthContext, id: string) => {
  const [row] = await select(db, auth)
    .where(and(eq(offers.id, id)))
    .limit(1);
  return row ?? null;
};

const sortColumn = (sort: ListQuery['sort']) => {
  switch (sort) {
    case 'id':
      return offers.number;
    case 'title':
      return offers.title;
    case 'status':
      return offers.status;
    default:
      return offers.createdAt;
  }
};

/** A number searches the offer ID exactly as well as the title; the portal and advertiser lists use it too. */
export const offerSearch = (text: string | undefined): SQL | undefined => {
  if (!text) return undefined;
  const title = ilike(offers.title, containsPattern(text));
  return /^\d{1,9}$/.test(text) ? or(eq(offers.number, Number(text)), title) : title;
};

export const listOffers = async (db: Db, auth: AuthContext, q: ListQuery, timeZone: string): Promise<Paged<Offer>> => {
  const where = and(
    q.status ? eq(offers.status, q.status) : ne(offers.status, 'deleted'),
    q.type ? eq(offers.type, q.type) : undefined,
    q.privacy ? eq(offers.privacy, q.privacy) : undefined,
    q.vertical ? eq(offers.vertical, q.vertical) : undefined,
    q.advertiser_uuid ? eq(offers.advertiserId, q.advertiser_uuid) : undefined,
    // An offer without geos takes every country.
    q.geo ? sql`(${q.geo} = any(${offers.geos}) or cardinality(${offers.geos}) = 0)` : undefined,
    q.created_from
      ? sql`${offers.createdAt} >= (${q.created_from}::date)::timestamp at time zone ${timeZone}`
      : undefined,
    q.created_to
      ? sql`${offers.createdAt} < (${q.created_to}::date + 1)::timestamp at time zone ${timeZone}`
      : undefined,
    offerSearch(q.search),
  );
  const dir = q.order === 'asc' ? sql`asc` : sql`desc`;
  const rows = await takePage(
    select(db, auth)
      .where(where)
      .orderBy(sql`${sortColumn(q.sort)} ${dir}`, asc(offers.id))
      .$dynamic(),
    q,
  );
  const caps = await loadCaps(
    db,
    auth,
    rows.map((r) => r.offer.id),
    timeZone,
  );
  return {
    list: rows.map((r) => toOffer(r, caps.get(r.offer.id) ?? [])),
    count: await totalOf(db, rows, q.page, where, offers),
  };
};

/** The offer form's product picker: every live product of a live advertiser, by company then name. */
export const listProductOptions = async (db: Db) => {
  const rows = await db
    .select({ p: products, company: users.company, email: users.email })
    .from(products)
    .innerJoin(users, eq(users.id, products.advertiserId))
    .where(and(ne(products.status, 'deleted'), ne(users.status, 'deleted')))
    .orderBy(asc(users.company), asc(products.name));
  return {
    list: rows.map(({ p, company, email }) => ({
      uuid: p.id,
      name: p.name,
      status: p.status,
      tested_at: p.testedAt?.toISOString() ?? null,
      advertiser: { uuid: p.advertiserId, name: company || email },
    })),
  };
};
