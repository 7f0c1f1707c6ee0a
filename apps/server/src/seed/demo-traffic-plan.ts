import type { StoredGoal } from '../db/schema.ts';
import type { CapRow } from '../modules/offers/index.ts';
import { weighted, type Rng } from './demo-traffic-random.ts';
import type { Visitor } from './demo-traffic-visitors.ts';

export const DAYS = 60;
export const DAY_MS = 24 * 60 * 60 * 1000;
/** Share of the clicks that reached the offer (of the leads, on API offers) that reach a goal, by the goal's kind. */
export const GOAL_RATE: Record<string, number> = {
  install: 0.07,
  registration: 0.05,
  lead: 0.04,
  sale: 0.02,
  deposit: 0.012,
  ftd: 0.009,
};
/** Share of an API offer's clicks that become a lead. */
export const LEAD_RATE = 0.3;

export type TrafficOffer = {
  id: string;
  title: string;
  type: string;
  status: string;
  privacy: string;
  geos: string[];
  devices: string[];
  oss: string[];
  goals: StoredGoal[];
  holdDays: number;
  currency: string;
  sources: string[];
  createdAt: number;
  caps: CapRow[];
  pages: Landing[];
  prelandings: Landing[];
  products: string[];
  trusted: Set<string>;
};
export type Landing = { id: string; ok: boolean };
export type TrafficAffiliate = {
  id: string;
  status: string;
  geos: string[];
  managerId: string | null;
  createdAt: number;
  demo: boolean;
};
type Campaign = { sub1: string; sub2: string[] };

/** One affiliate sending one offer traffic from one source, between two days of the window. */
export type Stream = {
  offer: TrafficOffer;
  affiliate: TrafficAffiliate;
  weight: number;
  from: number;
  to: number;
  source: string;
  quality: number;
  /** A trafficback reason every click of the stream gets (a banned affiliate, an offer switched off...). */
  reason: string | null;
  country: (rng: Rng) => string;
  campaign: (rng: Rng) => Campaign;
  spikes: Map<number, number>;
  recent: Visitor[];
};

// The demo affiliate runs these, so their portal's live tab and the offer figures always have traffic to show.
export const DEMO_AFFILIATE_OFFERS = [
  'SpinWin Casino — DE/AT',
  'CoinApp — crypto wallet',
  'Crypto leads EU — API',
  'Royal Spin — VIP high rollers',
  'Nordic Bet — free bet',
  'Finance loans PL — API',
  'Aurum Trade — gold CFD',
];
const OUTSIDE = ['US', 'IN', 'BR', 'TR'];
const SUB2: Record<string, string> = {
  facebook: 'adset',
  tiktok: 'adgroup',
  google: 'kw',
  context: 'kw',
  push: 'zone',
  pop: 'zone',
  native: 'widget',
  email: 'list',
  seo: 'page',
  'in-app': 'app',
};

const canRun = (o: TrafficOffer, a: TrafficAffiliate) => o.privacy === 'public' || o.trusted.has(a.id);
const running = (o: TrafficOffer) => o.status === 'active';

const campaignsOf = (rng: Rng, o: TrafficOffer, source: string): ((rng: Rng) => Campaign) => {
  const slug = o.title.toLowerCase().split(/[^a-z]+/)[0];
  const list = Array.from({ length: rng.int(2, 5) }, (_, n): Campaign => ({
    sub1: `${source.slice(0, 4)}_${(o.geos[0] ?? 'ww').toLowerCase()}_${slug}_${String(n + 1).padStart(2, '0')}`,
    sub2: Array.from({ length: rng.int(1, 4) }, () => `${SUB2[source] ?? 'src'}_${rng.int(1000, 99999)}`),
  }));
  return weighted(
    list,
    list.map((_, i) => 1 / (i + 1)),
  );
};

const countriesOf = (o: TrafficOffer, a: TrafficAffiliate): ((rng: Rng) => string) => {
  if (!o.geos.length)
    return weighted(
      a.geos,
      a.geos.map(() => 1),
    );
  // A small share comes from outside the offer's countries: those clicks go to trafficback (geo_not_allowed).
  const outside = [...a.geos.filter((g) => !o.geos.includes(g)), ...OUTSIDE];
  const inside = o.geos.map((g) => (a.geos.includes(g) ? 3 : 1));
  const share = (inside.reduce((s, w) => s + w, 0) * 0.03) / outside.length;
  return weighted([...o.geos, ...outside], [...inside, ...outside.map(() => share)]);
};

/**
 * Who sends what: a few big affiliates and a long tail (the demo affiliate among the biggest), each on offers
 * that fit their countries, starting and stopping on different days, with a few spikes; plus small
 * streams that can only end in trafficback (banned or unapproved affiliates, offers switched off, no access).
 */
export const planStreams = (
  rng: Rng,
  offers: TrafficOffer[],
  affiliates: TrafficAffiliate[],
  dayOf: (t: number) => number,
  total: number,
): Stream[] => {
  const streams: Stream[] = [];
  const add = (offer: TrafficOffer, affiliate: TrafficAffiliate, weight: number, o: Partial<Stream> = {}) => {
    const source = rng.pick(offer.sources.length ? offer.sources : ['facebook']);
    const from = Math.max(0, dayOf(offer.createdAt) + 1, affiliate.demo ? 0 : dayOf(affiliate.createdAt) + 1);
    streams.push({
      offer,
      affiliate,
      weight,
      from,
      to: DAYS - 1,
      source,
      quality: 0.6 + rng.next() * 0.8,
      reason: null,
      spikes: new Map(),
      country: countriesOf(offer, affiliate),
      campaign: campaignsOf(rng, offer, source),
      recent: [],
      ...o,
    });
  };
  const good = affiliates.filter((a) => a.status === 'active' || a.status === 'not_active');
  // Zipf-like volumes over a shuffled order, the demo affiliate second.
  const order = good
    .filter((a) => !a.demo)
    .map((a) => ({ a, k: rng.next() }))
    .sort((x, y) => x.k - y.k)
    .map((x) => x.a);
  const demo = good.find((a) => a.demo);
  if (demo) order.splice(1, 0, demo);
  const live = offers.filter(running);
  for (const [rank, a] of order.entries()) {
    const volume = 1 / (rank + 1) ** 0.8;
    const fit = (o: TrafficOffer) =>
      (!o.geos.length ? 2 : o.geos.some((g) => a.geos.includes(g)) ? 3 : 0.3) * (0.5 + rng.next());
    const picked = a.demo
      ? live.filter((o) => DEMO_AFFILIATE_OFFERS.includes(o.title))
      : live
          .filter((o) => canRun(o, a))
          .map((o) => ({ o, s: fit(o) }))
          .sort((x, y) => y.s - x.s)
          .slice(0, 2 + Math.round(4 * (1 - rank / order.length)))
          .map((x) => x.o);
    // Worldwide offers suit everyone; a smaller share each keeps them from taking most of the traffic.
    const shares = picked.map((o) => rng.exp(1) * (o.geos.length ? 1 : 0.35));
    const sum = shares.reduce((s, x) => s + x, 0);
    for (const [i, o] of picked.entries()) {
      add(o, a, (volume * shares[i]) / sum);
      const s = streams[streams.length - 1];
      if (!a.demo && rng.chance(0.25)) s.from = Math.max(s.from, rng.int(0, 40));
      if (!a.demo && rng.chance(0.12)) s.to = rng.int(Math.max(s.from, 15), Math.max(s.from, 50));
    }
  }
  // Every running offer has at least two affiliates on it.
  for (const o of live) {
    const on = new Set(streams.filter((s) => s.offer === o).map((s) => s.affiliate.id));
    const candidates = order
      .filter((x) => canRun(o, x) && !on.has(x.id))
      .map((a) => ({ a, k: rng.next() }))
      .sort((x, y) => x.k - y.k);
    for (const { a } of candidates.slice(0, Math.max(0, 2 - on.size))) add(o, a, 0.02);
  }
  for (const s of [...streams]
    .sort((x, y) => y.weight - x.weight)
    .slice(0, 15)
    .filter((x) => rng.chance(0.4) && x.from < DAYS - 3)) {
    const day = rng.int(Math.max(s.from, 10), DAYS - 3);
    s.spikes.set(day, 3 + rng.next() * 3).set(day + 1, 1.5);
  }
  const trickle = 0.004;
  for (const a of affiliates.filter((x) => !good.includes(x))) {
    add(rng.pick(live.filter((o) => o.privacy === 'public')), a, trickle, {
      reason: a.status === 'banned' ? 'affiliate_banned' : 'affiliate_not_active',
    });
  }
  for (const o of offers.filter((x) => !running(x)))
    add(o, rng.pick(order.slice(0, 10)), trickle, { reason: 'offer_not_active' });
  for (const o of live.filter((x) => x.privacy !== 'public')) {
    const stranger = order.find((a) => !a.demo && !o.trusted.has(a.id));
    if (stranger) add(o, stranger, trickle / 2, { reason: 'no_access' });
  }
  scaleToCaps(streams, total);
  return streams;
};

const PERIOD_DAYS: Record<string, number> = { day: 1, week: 7, month: 30, total: DAYS };

/**
 * Affiliates keep to an offer's caps: on a capped offer the streams are scaled so that a busy day fills a daily
 * cap almost, a longer period about half of its cap; spikes and busy days meet a cap now and then, and the
 * clicks after it go to trafficback.
 */
const scaleToCaps = (streams: Stream[], total: number) => {
  const all = streams.reduce((sum, s) => sum + s.weight, 0);
  // The last days carry about 1.4 times the average day.
  const perDay = (total / DAYS) * 1.4;
  for (const offer of new Set(streams.filter((s) => s.offer.caps.length).map((s) => s.offer))) {
    const own = streams.filter((s) => s.offer === offer && !s.reason);
    const clicks = (perDay * own.reduce((sum, s) => sum + s.weight, 0)) / all;
    const rate = offer.goals.reduce((sum, g) => sum + (GOAL_RATE[g.goal] ?? 0.02), 0);
    let factor = 1;
    for (const c of offer.caps) {
      const perClick = c.metric === 'clicks' ? 1 : c.metric === 'leads' ? LEAD_RATE : rate;
      factor = Math.min(
        factor,
        ((c.period === 'day' ? 0.85 : 0.5) * c.limit) / (clicks * perClick * (PERIOD_DAYS[c.period] ?? 1)),
      );
    }
    for (const s of own) s.weight *= Math.min(1, factor);
  }
};
