import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { AdvertiserOffer, Goal, Paged } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { offers, products } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { offerFigures } from './offers.figures.ts';
import { offerSearch } from './offers.repository.ts';
import { totalOf } from '../../lib/people.ts';
import { takePage } from '../../lib/paging.ts';

type Query = {
  page: number;
  count: number;
  search?: string;
  sort?: 'created_at' | 'id' | 'title';
  order: 'asc' | 'desc';
  status?: string;
  type?: string;
};

/** An advertiser's offers are their direct-link offers and the API offers that use one of their products (docs/product/routes.md). */
const mine = (me: string): SQL => sql`(${offers.advertiserId} = ${me} or exists (
  select 1 from offer_products op join products p on p.id = op.product_id where op.offer_id = ${offers.id} and p.advertiser_id = ${me}))`;

const ownProducts = (db: Db, me: string) =>
  sql`${db.select({ id: products.id }).from(products).where(eq(products.advertiserId, me))}`;

/** Revenue only: never payouts, affiliates or notes; API offers count only what went to this advertiser's products. */
const toAdvertiserOffer = async (db: Db, me: string, o: typeof offers.$inferSelect): Promise<AdvertiserOffer> => {
  const f = await offerFigures(db, o.id, o.type === 'api' ? { products: ownProducts(db, me) } : {});
  return {
    uuid: o.id,
    id: o.number,
    type: o.type as AdvertiserOffer['type'],
    status: o.status as AdvertiserOffer['status'],
    title: o.title,
    vertical: o.vertical,
    currency: o.currency as AdvertiserOffer['currency'],
    geos: o.geos,
    description: o.description,
    tracking_url: o.trackingUrl,
    preview_url: o.previewUrl,
    goals: (o.goals as Goal[]).map((g) => ({
      goal: g.goal,
      payment_type: g.payment_type,
      revenue: g.revenue,
      geo_rates: g.geo_rates.map((r) => ({ geo: r.geo, revenue: r.revenue })),
    })),
    figures: {
      clicks: f.clicks,
      conversions: f.conversions,
      approved: f.approved,
      user_sessions: f.user_sessions,
      revenue: f.revenue,
      cr: f.cr,
    },
    created_at: o.createdAt.toISOString(),
  };
};

export const listAdvertiserOffers = async (db: Db, auth: AuthContext, q: Query): Promise<Paged<AdvertiserOffer>> => {
  const me = auth.user.id;
  const where = and(
    mine(me),
    q.status ? eq(offers.status, q.status) : ne(offers.status, 'deleted'),
    q.type ? eq(offers.type, q.type) : undefined,
    offerSearch(q.search),
  );
  const column = q.sort === 'id' ? offers.number : q.sort === 'title' ? offers.title : offers.createdAt;
  const rows = await takePage(
    db
      .select({ o: offers, total: sql<number>`count(*) over()`.mapWith(Number) })
      .from(offers)
      .where(where)
      .orderBy(sql`${column} ${q.order === 'asc' ? sql`asc` : sql`desc`}`, asc(offers.id))
      .$dynamic(),
    q,
  );
  return {
    list: await Promise.all(rows.map((r) => toAdvertiserOffer(db, me, r.o))),
    count: await totalOf(db, rows, q.page, where, offers),
  };
};

export const getAdvertiserOffer = async (db: Db, auth: AuthContext, id: string) => {
  const [row] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.id, id), ne(offers.status, 'deleted'), mine(auth.user.id)))
    .limit(1);
  if (!row) throw notFound('Offer');
  return toAdvertiserOffer(db, auth.user.id, row);
};
