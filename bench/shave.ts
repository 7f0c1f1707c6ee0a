// `npm run bench:shave`: the shave detector (docs/decisions/064-shave-detector.md) on replayed lead history.
// A generated history per buyer: leads by hour (a day-night swing), spread over its affiliates and geos, each with
// its own FTD rate around the buyer's, acceptance and fraud scores steady. Two measures per FTD rate:
// - detection: from a change point on 30 % of one buyer's FTDs are suppressed; the detector is run every 6 hours and
//   the leads the buyer took from the change point until the first alert are counted (median, p90 over seeds).
//   Aim: under 2,000.
// - false alerts: 50 buyers of clean history for WEEKS weeks, the detector run once a day; an alert is a stream
//   (product, affiliate, geo) suspect that was not at the run before. Aim: under 1 a week per 50 buyers.
// Then once through findShaveSuspects on an embedded database holding a generated history. Prints figures and the
// aims missed, never pass/fail.
import os from 'node:os';
import {
  detectShaving,
  findShaveSuspects,
  SHAVE_DEFAULTS,
  type ShaveBucket,
  type ShaveParams,
} from '../apps/server/src/modules/automation/index.ts';
import { insertShaveHistory, shaveWorld } from '../apps/server/src/modules/automation/shave.fixtures.ts';
import { withBenchDatabase } from './lib.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SEEDS = Number(process.env.BENCH_SHAVE_SEEDS ?? 40);
const WEEKS = Number(process.env.BENCH_SHAVE_WEEKS ?? 16);
const BUYERS = 50;
/** The demo's sandbox buyers' FTD shares (15–35 %), the demo traffic's (0.9 % of clicks / 30 % leads = 3 %), between. */
const RATES = (process.env.BENCH_SHAVE_RATES ?? '0.25,0.10,0.03').split(',').map(Number);
/** Other detector parameters to try, as JSON (e.g. {"threshold":8}); the defaults are the shipped ones. */
const PARAMS = JSON.parse(process.env.BENCH_SHAVE_PARAMS ?? '{}') as Partial<ShaveParams>;
const P = { ...SHAVE_DEFAULTS, ...PARAMS };
/** History before the first run: the detector's baseline, monitoring window and maturity lag. */
const WARMUP_DAYS = P.baselineDays + P.monitorDays + P.maturityDays;
const MATURITY_DAYS = P.maturityDays;

const rng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
};
type Rand = () => number;
const normal = (r: Rand) => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
const poisson = (r: Rand, l: number) => {
  if (l > 30) return Math.max(0, Math.round(l + Math.sqrt(l) * normal(r)));
  let [k, p] = [0, r()];
  while (p > Math.exp(-l)) [k, p] = [k + 1, p * r()];
  return k;
};
const pick = <T extends { w: number }>(r: Rand, xs: T[]) => {
  let x = r() * xs.reduce((s, v) => s + v.w, 0);
  for (const v of xs) if ((x -= v.w) <= 0) return v;
  return xs.at(-1)!;
};

export type Buyer = {
  id: string;
  /** Leads it accepts a day, on average. */
  volume: number;
  acceptance: number;
  affiliates: { id: string; w: number; m: number }[];
  geos: { id: string; w: number; m: number }[];
  rate: number;
};

/** A buyer of 50–300 accepted leads a day from 2–8 affiliates in 1–4 geos; each one's FTD rate ±25 % around `rate`. */
export const makeBuyer = (r: Rand, id: string, rate: number, ids: { affiliates: string[]; geos: string[] }): Buyer => ({
  id,
  volume: 50 + r() * 250,
  acceptance: 0.55 + r() * 0.3,
  affiliates: ids.affiliates
    .slice(0, 2 + Math.floor(r() * 7))
    .map((a) => ({ id: a, w: r() + 0.1, m: Math.exp(0.25 * normal(r)) })),
  geos: ids.geos.slice(0, 1 + Math.floor(r() * 4)).map((g) => ({ id: g, w: r() + 0.2, m: Math.exp(0.15 * normal(r)) })),
  rate,
});

/** Hourly buckets from `start` for `days`; from `shaveAt` on, each FTD is lost with probability `shave`. */
export const history = (r: Rand, b: Buyer, start: number, days: number, shaveAt = Infinity, shave = 0.3) => {
  const out: ShaveBucket[] = [];
  for (let h = 0; h < days * 24; h++) {
    const at = start + h * HOUR;
    const swing = 1 + 0.6 * Math.sin((2 * Math.PI * ((h % 24) - 9)) / 24);
    const cells = new Map<string, ShaveBucket>();
    const taken = poisson(r, (b.volume / 24) * swing);
    const refused = poisson(r, (b.volume / 24) * swing * (1 / b.acceptance - 1));
    for (let i = 0; i < taken + refused; i++) {
      const [a, g] = [pick(r, b.affiliates), pick(r, b.geos)];
      const key = `${a.id}|${g.id}`;
      let c = cells.get(key);
      if (!c) {
        c = {
          productId: b.id,
          affiliateId: a.id,
          geo: g.id,
          at,
          sent: 0,
          accepted: 0,
          leads: 0,
          ftd: 0,
          fraudSum: 0,
          fraudCount: 0,
        };
        cells.set(key, c);
      }
      c.sent++;
      c.fraudSum += Math.min(100, Math.max(0, Math.round(12 + 8 * normal(r))));
      c.fraudCount++;
      if (i >= taken) continue;
      c.accepted++;
      c.leads++;
      if (r() < Math.min(0.95, b.rate * a.m * g.m) && !(at >= shaveAt && r() < shave)) c.ftd++;
    }
    out.push(...cells.values());
  }
  return out;
};

const ids = (n: number, p: string) => Array.from({ length: n }, (_, i) => `${p}${i}`);
const IDS = { affiliates: ids(8, 'aff-'), geos: ['DE', 'AT', 'PL', 'GB'] };
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};
/** Buckets with at in [from, to): the history is in time order. */
const between = (bs: ShaveBucket[], from: number, to: number) => {
  const lo = bs.findIndex((b) => b.at >= from);
  const hi = bs.findIndex((b) => b.at >= to);
  return bs.slice(lo < 0 ? bs.length : lo, hi < 0 ? bs.length : hi);
};

/** Leads taken from the change point until the first alert on the buyer, over SEEDS seeds; null when none in 90 days. */
const detection = (rate: number) => {
  const found: { leads: number; matured: number; days: number }[] = [];
  let missed = 0;
  for (let seed = 1; seed <= SEEDS; seed++) {
    const r = rng(seed * 7919 + Math.round(rate * 1e4));
    const b = makeBuyer(r, `buyer-${seed}`, rate, IDS);
    const change = WARMUP_DAYS * DAY;
    const bs = history(r, b, 0, WARMUP_DAYS + 90, change);
    let hit = null;
    for (let t = change + 6 * HOUR; t <= change + 90 * DAY && !hit; t += 6 * HOUR) {
      if (detectShaving({ now: t, buckets: between(bs, t - WARMUP_DAYS * DAY, t) }, PARAMS).length) hit = t;
    }
    if (hit === null) {
      missed++;
      continue;
    }
    const count = (to: number) => between(bs, change, to).reduce((s, x) => s + x.leads, 0);
    found.push({ leads: count(hit), matured: count(hit - MATURITY_DAYS * DAY), days: (hit - change) / DAY });
  }
  return { found, missed };
};

/** New suspect streams per week over BUYERS clean buyers and WEEKS weeks, the detector run daily. */
const falseAlerts = (rate: number) => {
  let alerts = 0;
  for (let i = 0; i < BUYERS; i++) {
    const r = rng(1_000_003 * (i + 1) + Math.round(rate * 1e4));
    const b = makeBuyer(r, `buyer-${i}`, rate, IDS);
    const bs = history(r, b, 0, WARMUP_DAYS + WEEKS * 7);
    let before = new Set<string>();
    for (let d = WARMUP_DAYS; d <= WARMUP_DAYS + WEEKS * 7; d++) {
      const now = d * DAY;
      const keys = new Set(
        detectShaving({ now, buckets: between(bs, now - WARMUP_DAYS * DAY, now) }, PARAMS).map(
          (s) => `${s.affiliate_id}|${s.geo}`,
        ),
      );
      for (const k of keys) if (!before.has(k)) alerts++;
      before = keys;
    }
  }
  return alerts / WEEKS;
};

const main = async () => {
  console.log(
    `machine: ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(`parameters: ${JSON.stringify(P)}`);
  console.log(`detection: ${SEEDS} seeds a rate; false alerts: ${BUYERS} buyers × ${WEEKS} weeks a rate\n`);
  console.log(
    '| FTD rate | leads to alert, median | p90 | matured leads, median | days, median | not found in 90 days | false alerts / week / 50 buyers |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const rate of RATES) {
    const t0 = performance.now();
    const d = detection(rate);
    const fa = falseAlerts(rate);
    const q = (k: 'leads' | 'matured' | 'days', p: number) =>
      quantile(
        d.found.map((x) => x[k]),
        p,
      );
    console.log(
      `| ${(rate * 100).toFixed(0)} % | ${q('leads', 0.5)} | ${q('leads', 0.9)} | ${q('matured', 0.5)} | ${q('days', 0.5).toFixed(1)} | ${d.missed} | ${fa.toFixed(2)} |`,
    );
    console.error(`  (${rate}: ${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  }
  if (process.env.BENCH_SHAVE_DB !== '0') await throughDatabase();
};

/** One shaved and one clean buyer stored as leads and attempts, then read back and tested by findShaveSuspects. */
const throughDatabase = async () => {
  await withBenchDatabase(async (db) => {
    const now = new Date();
    const start = now.getTime() - (WARMUP_DAYS + 10) * DAY;
    const w = await shaveWorld(db, ['Shaving buyer', 'Clean buyer']);
    const r = rng(42);
    const make = (id: string) => ({
      ...makeBuyer(r, id, 0.2, { affiliates: w.affiliates, geos: IDS.geos }),
      volume: 300,
    });
    const shaved = history(r, make(w.products[0]!), start, WARMUP_DAYS + 10, now.getTime() - 12 * DAY);
    const clean = history(r, make(w.products[1]!), start, WARMUP_DAYS + 10);
    const t0 = performance.now();
    const stored = await insertShaveHistory(db, w, [...shaved, ...clean]);
    const t1 = performance.now();
    const suspects = await findShaveSuspects(db, now);
    const t2 = performance.now();
    console.log(
      `\nthrough the database: ${stored} leads stored in ${((t1 - t0) / 1000).toFixed(1)} s; findShaveSuspects ${((t2 - t1) / 1000).toFixed(2)} s; suspects: ${suspects.map((s) => `${s.product_name} (${s.affiliate_id ?? 'all affiliates'}, ${s.geo ?? 'all geos'}, ${(s.baseline_rate * 100).toFixed(1)} % → ${(s.recent_rate * 100).toFixed(1)} % over ${s.leads_since} leads)`).join('; ') || 'none'}`,
    );
  });
};

await main();
