import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  affiliateGoals,
  topPayout,
  type AffiliateOverride,
  type Goal,
  type Paged,
  type PortalAccess,
  type PortalOffer,
  type PortalOfferDetail,
  type portalListQuerySchema,
} from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import {
  landings,
  offerAccessRequests,
  offerCaps,
  offerLandings,
  offerPayoutOverrides,
  offers,
} from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { generalSettings } from '../settings/index.ts';
import { createAccessRequest } from './offers.access.ts';
import { offerSearch } from './offers.repository.ts';
import { capFills, type CapRow } from './offers.figures.ts';
import { pageOf } from '../../lib/paging.ts';

type ListQuery = z.output<typeof portalListQuerySchema>;

// Drizzle writes a column of a one-table select without its table ("id"), which inside these subqueries would
// bind to the subquery's own id column; the outer offer is named in full.
const offerId = sql`"offers"."id"`;
// What an affiliate may see (docs/product/routes.md). Private offers exist for them only when they are trusted.
const trusted = (me: string) =>
  sql`exists (select 1 from offer_trusted_affiliates t where t.offer_id = ${offerId} and t.affiliate_id = ${me})`;
const visible = (me: string) => sql`(${offers.privacy} in ('public', 'premoderation') or ${trusted(me)})`;
const runnable = (me: string) => sql`(${offers.privacy} = 'public' or ${trusted(me)})`;
const inDates = sql`(${offers.startsAt} is null or ${offers.startsAt} <= now()) and (${offers.stopsAt} is null or ${offers.stopsAt} > now())`;
const sentTraffic = (
  me: string,
) => sql`(exists (select 1 from clicks c where c.offer_id = ${offerId} and c.affiliate_id = ${me} and c.created_at > now() - interval '30 days')
  or exists (select 1 from leads l where l.offer_id = ${offerId} and l.affiliate_id = ${me} and l.created_at > now() - interval '30 days'))`;
/** Offers an affiliate can open: in the all tab, or in the live tab. */
const openable = (me: string) =>
  sql`(${offers.status} = 'active' or (${offers.status} = 'stopped' and ${sentTraffic(me)})) and ${visible(me)}`;

const tabFilter = (tab: ListQuery['tab'], me: string): SQL => {
  if (tab === 'available') return sql`${offers.status} = 'active' and ${runnable(me)} and ${inDates}`;
  if (tab === 'live') return sql`${offers.status} in ('active', 'stopped') and ${visible(me)} and ${sentTraffic(me)}`;
  return sql`${offers.status} = 'active' and ${visible(me)}`;
};

const select = (db: Db, me: string) =>
  db
    .select({
      o: offers,
      isTrusted: sql<boolean>`${trusted(me)}`,
      request: sql<
        string | null
      >`(select r.status from offer_access_requests r where r.offer_id = ${offerId} and r.affiliate_id = ${me} order by r.created_at desc limit 1)`,
    })
    .from(offers);
type Row = Awaited<ReturnType<typeof select>>[number];

const accessOf = (r: Row): PortalAccess => {
  if (r.o.privacy === 'public' || r.isTrusted) return 'granted';
  if (r.request === 'pending') return 'pending';
  return r.request === 'declined' ? 'declined' : 'request';
};

const overridesOf = async (db: Db, me: string, offerIds: string[]) => {
  const map = new Map<string, AffiliateOverride[]>();
  if (!offerIds.length) return map;
  const rows = await db
    .select()
    .from(offerPayoutOverrides)
    .where(and(eq(offerPayoutOverrides.affiliateId, me), inArray(offerPayoutOverrides.offerId, offerIds)));
  for (const r of rows) {
    map.set(r.offerId, [
      ...(map.get(r.offerId) ?? []),
      { goal: r.goal, geo: r.geo, payout: r.payout, payout_percent: r.payoutPercentBp / 100 },
    ]);
  }
  return map;
};

const toPortalOffer = (r: Row, overrides: AffiliateOverride[]): PortalOffer => {
  const goals = affiliateGoals(r.o.goals as Goal[], overrides);
  const top = topPayout(goals);
  return {
    id: r.o.number,
    type: r.o.type as PortalOffer['type'],
    status: r.o.status as PortalOffer['status'],
    title: r.o.title,
    vertical: r.o.vertical,
    privacy: r.o.privacy as PortalOffer['privacy'],
    currency: r.o.currency as PortalOffer['currency'],
    image_url: r.o.imageUrl,
    geos: r.o.geos,
    traffic_sources: r.o.trafficSources,
    top_payout: top.amount,
    top_goal: top.goal,
    access: accessOf(r),
  };
};

/** Filtering by the affiliate's own payout needs their overrides applied, so it runs on the (bounded) matching set. */
export const listPortalOffers = async (db: Db, auth: AuthContext, q: ListQuery): Promise<Paged<PortalOffer>> => {
  const me = auth.user.id;
  const rows = await select(db, me)
    .where(
      and(
        tabFilter(q.tab, me),
        q.vertical ? eq(offers.vertical, q.vertical) : undefined,
        q.type ? eq(offers.type, q.type) : undefined,
        q.geo ? sql`(${q.geo} = any(${offers.geos}) or cardinality(${offers.geos}) = 0)` : undefined,
        offerSearch(q.search),
      ),
    )
    .orderBy(desc(offers.createdAt), asc(offers.id))
    .limit(5000);
  const overrides = await overridesOf(
    db,
    me,
    rows.map((r) => r.o.id),
  );
  const all = rows
    .map((r) => toPortalOffer(r, overrides.get(r.o.id) ?? []))
    .filter(
      (o) =>
        (q.payout_min === undefined || o.top_payout >= q.payout_min) &&
        (q.payout_max === undefined || o.top_payout <= q.payout_max),
    );
  const { limit, offset } = pageOf(q);
  return { list: all.slice(offset, offset + limit), count: all.length };
};

export const findPortalRow = async (db: Db, me: string, number: number) => {
  const [row] = await select(db, me)
    .where(and(eq(offers.number, number), openable(me)))
    .limit(1);
  if (!row) throw notFound('Offer');
  return row;
};

export const getPortalOffer = async (db: Db, auth: AuthContext, number: number): Promise<PortalOfferDetail> => {
  const me = auth.user.id;
  const row = await findPortalRow(db, me, number);
  const { time_zone } = await generalSettings.get(db);
  const [overrides, caps, attached, [request]] = await Promise.all([
    overridesOf(db, me, [row.o.id]),
    db
      .select()
      .from(offerCaps)
      .where(
        and(
          eq(offerCaps.offerId, row.o.id),
          sql`(${offerCaps.affiliateId} is null or ${offerCaps.affiliateId} = ${me})`,
        ),
      )
      .orderBy(asc(offerCaps.position)),
    db
      .select({ l: landings })
      .from(offerLandings)
      .innerJoin(landings, eq(landings.id, offerLandings.landingId))
      .where(
        and(
          eq(offerLandings.offerId, row.o.id),
          eq(landings.status, 'active'),
          row.isTrusted ? undefined : eq(landings.privacy, 'public'),
        ),
      )
      .orderBy(asc(offerLandings.position)),
    db
      .select()
      .from(offerAccessRequests)
      .where(and(eq(offerAccessRequests.offerId, row.o.id), eq(offerAccessRequests.affiliateId, me)))
      .orderBy(desc(offerAccessRequests.createdAt))
      .limit(1),
  ]);
  const fills = await capFills(db, caps as CapRow[], time_zone);
  const o = row.o;
  return {
    ...toPortalOffer(row, overrides.get(o.id) ?? []),
    description: o.description,
    starts_at: o.startsAt?.toISOString() ?? null,
    stops_at: o.stopsAt?.toISOString() ?? null,
    preview_url: o.previewUrl,
    devices: o.devices,
    oss: o.oss,
    hold_days: o.holdDays,
    goals: affiliateGoals(o.goals as Goal[], overrides.get(o.id) ?? []),
    caps: caps.map((c) => ({
      metric: c.metric as 'clicks',
      period: c.period as 'day',
      limit: c.limit,
      left: Math.max(0, c.limit - (fills.get(c.id) ?? 0)),
      geo: c.geo,
      device: c.device,
      os: c.os,
    })),
    landings: attached.map(({ l }) => ({
      uuid: l.id,
      id: l.number,
      name: l.name,
      type: l.type as 'landing',
      preview_url: l.previewUrl,
      languages: l.languages,
    })),
    access_request: request
      ? { status: request.status as 'pending', reason: request.reason, created_at: request.createdAt.toISOString() }
      : null,
  };
};

export const requestPortalAccess = async (db: Db, auth: AuthContext, number: number, message: string | undefined) => {
  const row = await findPortalRow(db, auth.user.id, number);
  const access = accessOf(row);
  if (access === 'granted')
    throw badRequest(
      'offer',
      row.o.privacy === 'public'
        ? 'This offer is open to everyone: no request is needed'
        : 'You already have access to this offer',
    );
  if (access === 'pending') throw badRequest('offer', 'Your request is waiting for a decision');
  return createAccessRequest(db, row.o.id, auth.user.id, message);
};
