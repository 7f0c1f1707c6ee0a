import { randomUUID } from 'node:crypto';
import type { ClickRow } from '../modules/tracking/index.ts';
import type { CapGuard } from './demo-traffic-caps.ts';
import { burstTimes, scoreClick, visitorIp, type DemoFraud } from './demo-traffic-fraud.ts';
import { DAY_MS, DAYS, type Landing, type Stream } from './demo-traffic-plan.ts';
import { weighted, type Rng } from './demo-traffic-random.ts';
import { newVisitor, REFERRERS, type Visitor } from './demo-traffic-visitors.ts';

export type DemoClick = ClickRow & { stream: Stream };
type Context = {
  rng: Rng;
  streams: Stream[];
  blocks: Map<string, string[]>;
  guard: CapGuard;
  now: number;
  total: number;
  fraud: DemoFraud;
  convert: (click: DemoClick) => void;
};

// Visits per UTC hour: quiet European nights, an evening peak.
const HOURS = [
  0.35, 0.25, 0.2, 0.18, 0.2, 0.3, 0.5, 0.7, 0.85, 0.95, 1, 1, 1.05, 1.05, 1, 1, 1.05, 1.15, 1.3, 1.45, 1.5, 1.35, 1,
  0.6,
];
// Sunday first, as Date#getUTCDay counts.
const WEEKDAYS = [0.85, 1, 1.02, 1, 1.03, 1.08, 0.9];
const hourOf = weighted(
  HOURS.map((_, h) => h),
  HOURS,
);

/** Relative volume of a day: growing towards today, a weekly rhythm, some noise. */
const dayWeight = (rng: Rng, d: number, start: number) =>
  (0.55 + 0.6 * (d / (DAYS - 1)) ** 1.2) * WEEKDAYS[new Date(start).getUTCDay()] * (0.9 + 0.2 * rng.next());

export const dayWeights = (rng: Rng, todayStart: number) =>
  Array.from({ length: DAYS }, (_, d) => dayWeight(rng, d, todayStart - (DAYS - 1 - d) * DAY_MS));

/** The first check of docs/product/tracking.md that this click fails, in the order the live decision runs them. */
const reasonOf = (s: Stream, v: Visitor, badLanding: boolean): string | null => {
  if (s.reason) return s.reason;
  if (badLanding) return 'landing_not_active';
  if (s.offer.geos.length && !s.offer.geos.includes(v.country)) return 'geo_not_allowed';
  if (s.offer.devices.length && !s.offer.devices.includes(v.device)) return 'device_not_allowed';
  return s.offer.oss.length && !s.offer.oss.includes(v.os) ? 'os_not_allowed' : null;
};

/** The click, then the burst of clicks from its address that now and then follows it (demo-traffic-fraud.ts). */
const clickOf = (ctx: Context, s: Stream, at: number): DemoClick[] => {
  const { rng } = ctx;
  // About one visit in ten is someone coming back: same address and browser, so not unique within 24 h.
  let v: Visitor;
  if (s.recent.length && rng.chance(0.1)) v = rng.pick(s.recent);
  else {
    v = newVisitor(rng, ctx.blocks, s.country(rng), s.source, s.offer.devices);
    v = { ...v, ip: visitorIp(ctx.fraud, v.ip, v.country) };
  }
  if (s.recent.length < 24) s.recent.push(v);
  else s.recent[rng.int(0, 23)] = v;
  // Mostly the offer's first landing; some clicks use the offer URL, a very few a landing that is not active (yet).
  const choose = (list: Landing[], p: number) => {
    const ok = list.filter((l) => l.ok);
    if (ok.length < list.length && rng.chance(0.01)) return rng.pick(list.filter((l) => !l.ok));
    return ok.length && rng.chance(p) ? (rng.chance(0.8) ? ok[0] : rng.pick(ok)) : undefined;
  };
  const landing = choose(s.offer.pages, 0.93);
  const prelanding = choose(s.offer.prelandings, 0.3);
  const c = s.campaign(rng);
  const row: DemoClick = {
    stream: s,
    id: randomUUID(),
    createdAt: new Date(at),
    offerId: s.offer.id,
    affiliateId: s.affiliate.id,
    landingId: landing?.id ?? null,
    prelandingId: prelanding?.id ?? null,
    sub1: c.sub1,
    sub2: rng.pick(c.sub2),
    sub3: `cr${rng.int(1, 6)}`,
    ip: v.ip,
    country: v.country,
    device: v.device,
    os: v.os,
    browser: v.browser,
    userAgent: v.userAgent,
    referrer: REFERRERS[s.source] ?? null,
    isBot: v.isBot,
    isUnique: true,
    trafficbackReason: reasonOf(s, v, landing?.ok === false || prelanding?.ok === false),
  };
  // Any full cap of the offer turns the click away (a full conversion cap stops traffic too), as in the live check.
  const f = { ...v, affiliateId: s.affiliate.id };
  const capped = (c: DemoClick) => {
    const t = c.createdAt.getTime();
    if (!c.trafficbackReason && !ctx.guard.fits(s.offer.id, null, t, f)) c.trafficbackReason = 'cap_reached';
    if (!c.trafficbackReason) ctx.guard.count(s.offer.id, 'clicks', t, f);
    scoreClick(ctx.fraud, c);
    return c;
  };
  capped(row);
  // Its leads and conversions are decided at once, so the next click meets the caps they filled.
  ctx.convert(row);
  // A click farm's burst: the same address and browser again and again; they never convert.
  const burst = row.trafficbackReason || row.isBot ? [] : burstTimes(ctx.fraud, at, ctx.now);
  return [row, ...burst.map((t) => capped({ ...row, id: randomUUID(), createdAt: new Date(t) }))];
};

/** The clicks of day `d` (0 = the oldest, DAYS - 1 = today up to now), in time order. */
export const clicksOfDay = (ctx: Context, d: number, weights: number[], todayStart: number): DemoClick[] => {
  const { rng, now } = ctx;
  const start = todayStart - (DAYS - 1 - d) * DAY_MS;
  const active = ctx.streams.filter((s) => s.from <= d && s.to >= d);
  if (!active.length) return [];
  const base = active.reduce((sum, s) => sum + s.weight, 0);
  const spiked = active.map((s) => s.weight * (s.spikes.get(d) ?? 1));
  const boost = spiked.reduce((sum, w) => sum + w, 0) / base;
  // Today has only the hours that have passed.
  const elapsed =
    start + DAY_MS > now
      ? HOURS.reduce((sum, w, h) => sum + w * Math.min(1, Math.max(0, (now - start - h * 3_600_000) / 3_600_000)), 0) /
        HOURS.reduce((a, b) => a + b, 0)
      : 1;
  const n = Math.round(((ctx.total * weights[d]) / weights.reduce((a, b) => a + b, 0)) * boost * elapsed);
  const streamOf = weighted(active, spiked);
  const times: number[] = [];
  while (times.length < n) {
    const at = start + hourOf(rng) * 3_600_000 + rng.int(0, 3_599_999);
    if (at < now) times.push(at);
  }
  times.sort((a, b) => a - b);
  return times.flatMap((at) => clickOf(ctx, streamOf(rng), at));
};
