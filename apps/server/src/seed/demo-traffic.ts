import { and, asc, eq, inArray, ne, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  clicks,
  landings,
  offerAccessRequests,
  offerCaps,
  offerLandings,
  offerProducts,
  offers,
  offerTrustedAffiliates,
  products,
  users,
} from '../db/schema.ts';
import type { CapRow } from '../modules/offers/index.ts';
import { writeClicks } from '../modules/tracking/index.ts';
import { CapGuard } from './demo-traffic-caps.ts';
import { clicksOfDay, dayWeights, type DemoClick } from './demo-traffic-clicks.ts';
import { convertClick, newBatch, writeConversions, type ConversionBatch } from './demo-traffic-conversions.ts';
import { DAY_MS, DAYS, planStreams, type TrafficAffiliate, type TrafficOffer } from './demo-traffic-plan.ts';
import { loadDemoFraud } from './demo-traffic-fraud.ts';
import { createRng, type Rng } from './demo-traffic-random.ts';
import { ipBlocks } from './demo-traffic-visitors.ts';

/** The volume of `npm start` and the browser tests' server; tests of the seed pass a small one. */
export const DEMO_CLICKS = 300_000;
const CHUNK = 15_000;
const FALLBACK_GEOS = ['DE', 'AT', 'GB', 'PL'];

/** `now` is the end of the generated window (tests fix it, so two runs agree to the click). */
export type TrafficOptions = { clicks?: number; seed?: number; now?: number; log?: (message: string) => void };

/**
 * 60 days of the demo network's traffic, written by the server's own click writer (uniqueness and rollups as
 * for live clicks), with leads and conversions. Runs once: nothing happens when the demo affiliate has clicks.
 */
export const seedDemoTraffic = async (
  db: Db,
  ids: Map<string, string>,
  affiliateEmails: string[],
  o: TrafficOptions = {},
) => {
  const demoId = ids.get('affiliate')!;
  if ((await db.select({ id: clicks.id }).from(clicks).where(eq(clicks.affiliateId, demoId)).limit(1)).length)
    return null;
  const started = performance.now();
  const now = o.now ?? Date.now();
  const todayStart = Math.floor(now / DAY_MS) * DAY_MS;
  const firstDay = todayStart - (DAYS - 1) * DAY_MS;
  const seed = o.seed ?? 2026;
  // Separate streams of numbers: the plan does not depend on the volume, nor the clicks on the conversions drawn.
  const [planRng, clickRng, conversionRng] = [createRng(seed), createRng(seed + 1), createRng(seed + 2)];
  const { offers: list, affiliates } = await load(db, demoId, affiliateEmails);
  await grantAccess(db, planRng, list, affiliates, ids.get('manager')!, now);
  const total = o.clicks ?? DEMO_CLICKS;
  const streams = planStreams(planRng, list, affiliates, (t) => Math.floor((t - firstDay) / DAY_MS), total);
  const countries = new Set([
    ...list.flatMap((x) => x.geos),
    ...affiliates.flatMap((a) => a.geos),
    'US',
    'IN',
    'BR',
    'TR',
  ]);
  // First: it loads the data-centre ranges that ipBlocks reads. A random stream of its own, so the planted fraud
  // does not change the rest of the traffic.
  const fraud = await loadDemoFraud(db, createRng(seed + 3), countries);
  const blocks = ipBlocks(countries, planRng);
  const guard = new CapGuard(
    list.flatMap((x) => x.caps),
    now,
  );
  const cctx = { rng: conversionRng, now, guard, adminId: ids.get('admin')!, seq: 1, fraud, blocks };
  let conversions = newBatch();
  const ctx = {
    rng: clickRng,
    streams,
    blocks,
    guard,
    now,
    total,
    fraud,
    convert: (c: DemoClick) => convertClick(cctx, c, conversions),
  };
  const weights = dayWeights(planRng, todayStart);
  const totals = { clicks: 0, conversions: 0, leads: 0 };
  const write = async (batch: DemoClick[], b: ConversionBatch) => {
    await writeClicks(db, batch);
    await writeConversions(db, b);
    totals.clicks += batch.length;
    totals.conversions += b.conversions.length;
    totals.leads += b.leads.length;
  };
  // The next days' clicks are made while the database stores the previous batch; between days the event loop
  // lets the writer send its next statement, so both processors stay busy.
  let writing: Promise<void> = Promise.resolve();
  let batch: DemoClick[] = [];
  for (let d = 0; d < DAYS; d++) {
    batch = batch.concat(clicksOfDay(ctx, d, weights, todayStart));
    await new Promise((resolve) => setImmediate(resolve));
    if (batch.length < CHUNK && d < DAYS - 1) continue;
    const ready = [batch, conversions] as const;
    [batch, conversions] = [[], newBatch()];
    await writing;
    writing = write(...ready);
    // Awaited on the next round; until then a failure must not count as an unhandled rejection.
    writing.catch(() => undefined);
  }
  await writing;
  const ms = Math.round(performance.now() - started);
  o.log?.(
    `demo traffic: ${totals.clicks} clicks, ${totals.leads} leads, ${totals.conversions} conversions in ${(ms / 1000).toFixed(1)} s`,
  );
  return { ...totals, ms };
};

/** The offers and affiliates the traffic runs on (bench/stats-seed.ts reuses it for 10 million clicks). */
export const load = async (db: Db, demoId: string, emails: string[]) => {
  const rows = await db.select().from(offers).where(ne(offers.status, 'deleted')).orderBy(asc(offers.number));
  const offerIds = rows.map((r) => r.id);
  const caps = await db.select().from(offerCaps).where(inArray(offerCaps.offerId, offerIds));
  const pages = await db
    .select({ offerId: offerLandings.offerId, id: landings.id, type: landings.type, status: landings.status })
    .from(offerLandings)
    .innerJoin(landings, eq(landings.id, offerLandings.landingId))
    .where(inArray(offerLandings.offerId, offerIds))
    .orderBy(asc(offerLandings.position));
  const buyers = await db
    .select({ offerId: offerProducts.offerId, id: offerProducts.productId })
    .from(offerProducts)
    .innerJoin(products, eq(products.id, offerProducts.productId))
    .where(and(inArray(offerProducts.offerId, offerIds), eq(products.status, 'active')))
    .orderBy(asc(offerProducts.position));
  const trusted = await db
    .select()
    .from(offerTrustedAffiliates)
    .where(inArray(offerTrustedAffiliates.offerId, offerIds));
  const of = <T extends { offerId: string }>(list: T[], id: string) => list.filter((x) => x.offerId === id);
  const list: TrafficOffer[] = rows.map((r) => ({
    id: r.id,
    title: r.title,
    type: r.type,
    status: r.status,
    privacy: r.privacy,
    geos: r.geos,
    devices: r.devices,
    oss: r.oss,
    goals: r.goals,
    holdDays: r.holdDays,
    currency: r.currency,
    sources: r.trafficSources,
    createdAt: r.createdAt.getTime(),
    caps: of(caps, r.id) as CapRow[],
    pages: of(pages, r.id)
      .filter((l) => l.type === 'landing')
      .map((l) => ({ id: l.id, ok: l.status === 'active' })),
    prelandings: of(pages, r.id)
      .filter((l) => l.type === 'prelanding')
      .map((l) => ({ id: l.id, ok: l.status === 'active' })),
    products: of(buyers, r.id).map((p) => p.id),
    trusted: new Set(of(trusted, r.id).map((t) => t.affiliateId)),
  }));
  const people = await db
    .select()
    .from(users)
    .where(or(eq(users.id, demoId), inArray(users.email, emails)))
    .orderBy(asc(users.email));
  const affiliates: TrafficAffiliate[] = people.map((u) => ({
    id: u.id,
    status: u.status,
    geos: u.geos.length ? u.geos : FALLBACK_GEOS,
    managerId: u.managerId,
    createdAt: u.createdAt.getTime(),
    demo: u.id === demoId,
  }));
  return { offers: list, affiliates };
};

/** Premoderation offers get a few approved affiliates (request and decision), so they have traffic too. */
const grantAccess = async (
  db: Db,
  rng: Rng,
  list: TrafficOffer[],
  affiliates: TrafficAffiliate[],
  managerId: string,
  now: number,
) => {
  const pending = await db.select().from(offerAccessRequests).where(eq(offerAccessRequests.status, 'pending'));
  for (const o of list.filter((x) => x.status === 'active' && x.privacy === 'premoderation' && !x.trusted.size)) {
    const asked = new Set(pending.filter((p) => p.offerId === o.id).map((p) => p.affiliateId));
    const fit = affiliates.filter(
      (a) => !a.demo && a.status === 'active' && !asked.has(a.id) && o.geos.some((g) => a.geos.includes(g)),
    );
    const chosen = fit.filter(() => rng.chance(0.6)).slice(0, 3);
    if (!chosen.length) continue;
    const asks = Math.min(now, Math.max(o.createdAt, ...chosen.map((a) => a.createdAt)));
    const decided = new Date(Math.min(now, asks + 6 * 3_600_000));
    await db.insert(offerAccessRequests).values(
      chosen.map((a) => ({
        offerId: o.id,
        affiliateId: a.id,
        status: 'approved',
        message: 'We would like to run this offer; traffic sources as listed.',
        decidedBy: a.managerId ?? managerId,
        decidedAt: decided,
        createdAt: new Date(asks),
      })),
    );
    await db
      .insert(offerTrustedAffiliates)
      .values(
        chosen.map((a) => ({
          offerId: o.id,
          affiliateId: a.id,
          addedBy: a.managerId ?? managerId,
          createdAt: decided,
        })),
      )
      .onConflictDoNothing();
    for (const a of chosen) o.trusted.add(a.id);
  }
};
