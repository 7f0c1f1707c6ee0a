// The shave detector's statistics, without a database: a one-sided Bernoulli CUSUM per buyer product and per
// affiliate, geo and affiliate × geo of it, confirmed by an exact two-sample test and gated by lead quality
// (docs/decisions/064-shave-detector.md, docs/product/automation.md).

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Leads of one product, affiliate and geo created in one hour (`at`, ms). */
export type ShaveBucket = {
  productId: string;
  affiliateId: string;
  geo: string;
  at: number;
  /** Leads sent to the product that it answered (accepted, rejected, duplicate), and how many it accepted. */
  sent: number;
  accepted: number;
  /** Leads the product took, and those of them with an FTD within the maturity lag of the lead. */
  leads: number;
  ftd: number;
  /** Fraud scores of the sent leads that have one: their sum and count. */
  fraudSum: number;
  fraudCount: number;
};
export type ShaveHistory = { now: number; buckets: ShaveBucket[] };

export type ShaveParams = {
  /** An FTD counts only within this many days of its lead; younger leads are left out of the FTD rate. */
  maturityDays: number;
  /** The CUSUM runs over the matured leads of these last days; the baseline is the days before them. */
  monitorDays: number;
  baselineDays: number;
  /** The alternative the CUSUM is tuned to: p1 = drop × p0. */
  drop: number;
  /** h: the CUSUM's decision threshold (nats). */
  threshold: number;
  /** The exact test of the leads since the change against the baseline must reach this p-value too. */
  confirmP: number;
  /** A product needs this many FTDs in its baseline to be tested at all. */
  minBaselineFtd: number;
  /** A sub-stream's baseline is shrunk to its product's rate with this many pseudo-leads. */
  prior: number;
  /** Quality holds while acceptance fell by at most this share and the mean fraud score rose by at most these points. */
  acceptanceTolerance: number;
  fraudTolerance: number;
};

export const SHAVE_DEFAULTS: ShaveParams = {
  maturityDays: 3,
  monitorDays: 21,
  baselineDays: 42,
  drop: 0.7,
  threshold: 8,
  confirmP: 0.001,
  minBaselineFtd: 20,
  prior: 200,
  acceptanceTolerance: 0.1,
  fraudTolerance: 5,
};

/** affiliateId / geo null: every affiliate / every geo of the product. */
export type ShaveSuspect = {
  product_id: string;
  affiliate_id: string | null;
  geo: string | null;
  baseline_rate: number;
  recent_rate: number;
  leads_since: number;
  statistic: number;
  threshold: number;
  p_value: number;
  since: string;
};

type Totals = { sent: number; accepted: number; leads: number; ftd: number; fraudSum: number; fraudCount: number };
type Stream = {
  productId: string;
  affiliateId: string | null;
  geo: string | null;
  base: Totals;
  recent: ShaveBucket[];
};

const zero = (): Totals => ({ sent: 0, accepted: 0, leads: 0, ftd: 0, fraudSum: 0, fraudCount: 0 });
const add = (t: Totals, b: Totals) => {
  t.sent += b.sent;
  t.accepted += b.accepted;
  t.leads += b.leads;
  t.ftd += b.ftd;
  t.fraudSum += b.fraudSum;
  t.fraudCount += b.fraudCount;
};

/** The product itself, each affiliate, each geo and each affiliate × geo: a shave may hit any of them. */
const streamsOf = (buckets: ShaveBucket[], from: number, monitorFrom: number, now: number) => {
  const streams = new Map<string, Stream>();
  const stream = (productId: string, affiliateId: string | null, geo: string | null) => {
    const key = `${productId}|${affiliateId ?? '*'}|${geo ?? '*'}`;
    let s = streams.get(key);
    if (!s) streams.set(key, (s = { productId, affiliateId, geo, base: zero(), recent: [] }));
    return s;
  };
  // The four streams of each cell, found once per cell rather than once per bucket.
  const cells = new Map<string, Stream[]>();
  for (const b of buckets) {
    if (b.at < from || b.at >= now) continue;
    const cell = `${b.productId}|${b.affiliateId}|${b.geo}`;
    let of = cells.get(cell);
    if (!of) {
      of = [
        [null, null] as const,
        [b.affiliateId, null] as const,
        [null, b.geo] as const,
        [b.affiliateId, b.geo] as const,
      ].map(([a, g]) => stream(b.productId, a, g));
      cells.set(cell, of);
    }
    for (const s of of) {
      if (b.at < monitorFrom) add(s.base, b);
      else s.recent.push(b);
    }
  }
  return streams;
};

/** CUSUM of log(p1/p0) per FTD and log((1-p1)/(1-p0)) per lead without one, over the matured buckets in time order. */
export const cusum = (buckets: ShaveBucket[], p0: number, p1: number, maturedBefore: number) => {
  const [up, down] = [Math.log((1 - p1) / (1 - p0)), Math.log(p1 / p0)];
  let s = 0;
  let since = 0;
  let [n, k] = [0, 0];
  for (const b of buckets) {
    if (b.at + HOUR > maturedBefore) continue;
    if (s === 0) [since, n, k] = [b.at, 0, 0];
    s = Math.max(0, s + b.ftd * down + (b.leads - b.ftd) * up);
    [n, k] = [n + b.leads, k + b.ftd];
  }
  return { statistic: s, since, n: s > 0 ? n : 0, k: s > 0 ? k : 0 };
};

// ln Γ (Lanczos, g = 7): binomial coefficients of thousands of trials without overflow.
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];
const lnGamma = (z: number): number => {
  if (z < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * z)) - lnGamma(1 - z);
  const x = z - 1;
  let a = LANCZOS[0]!;
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += LANCZOS[i]! / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
};

/** P(X ≤ k) for X ~ Binomial(n, p). */
export const binomialCdf = (k: number, n: number, p: number) => {
  if (k >= n) return 1;
  if (p <= 0) return 1;
  if (p >= 1) return k >= n ? 1 : 0;
  const c = lnGamma(n + 1);
  let sum = 0;
  for (let i = 0; i <= k; i++)
    sum += Math.exp(c - lnGamma(i + 1) - lnGamma(n - i + 1) + i * Math.log(p) + (n - i) * Math.log(1 - p));
  return Math.min(1, sum);
};

/**
 * The exact conditional test of a lower rate since the change: given the K FTDs of both periods, the recent period's
 * share of them is Binomial(K, n_recent / (n_recent + n_base)) when both have the same rate, whatever that rate is.
 */
export const twoSampleP = (kRecent: number, nRecent: number, kBase: number, nBase: number) =>
  binomialCdf(kRecent, kRecent + kBase, nRecent / (nRecent + nBase));

/** Acceptance not down by more than the tolerance, mean fraud score not up by more than its own. */
const qualityHolds = (base: Totals, recent: Totals, p: ShaveParams) => {
  const acceptanceHolds =
    !base.sent ||
    !recent.sent ||
    recent.accepted / recent.sent >= (base.accepted / base.sent) * (1 - p.acceptanceTolerance);
  const fraudHolds =
    !base.fraudCount ||
    !recent.fraudCount ||
    recent.fraudSum / recent.fraudCount <= base.fraudSum / base.fraudCount + p.fraudTolerance;
  return acceptanceHolds && fraudHolds;
};

/** Streams whose FTD rate fell beyond chance while acceptance and fraud held; a stream inside a reported one is left out. */
export const detectShaving = (history: ShaveHistory, params: Partial<ShaveParams> = {}): ShaveSuspect[] => {
  const p = { ...SHAVE_DEFAULTS, ...params };
  const maturedBefore = history.now - p.maturityDays * DAY;
  const monitorFrom = maturedBefore - p.monitorDays * DAY;
  const streams = streamsOf(history.buckets, monitorFrom - p.baselineDays * DAY, monitorFrom, history.now);
  const suspects: ShaveSuspect[] = [];
  for (const s of streams.values()) {
    const product = streams.get(`${s.productId}|*|*`)!.base;
    if (product.ftd < p.minBaselineFtd || product.ftd === product.leads) continue;
    const parentRate = product.ftd / product.leads;
    const shrink = s.affiliateId === null && s.geo === null ? 0 : p.prior;
    const p0 = (s.base.ftd + shrink * parentRate) / (s.base.leads + shrink);
    if (!s.base.leads || p0 <= 0 || p0 >= 1) continue;
    s.recent.sort((a, b) => a.at - b.at);
    const c = cusum(s.recent, p0, p.drop * p0, maturedBefore);
    if (c.statistic < p.threshold) continue;
    const pValue = twoSampleP(c.k, c.n, s.base.ftd, s.base.leads);
    if (pValue > p.confirmP) continue;
    const recent = zero();
    for (const b of s.recent) if (b.at >= c.since) add(recent, b);
    if (!qualityHolds(s.base, recent, p)) continue;
    suspects.push({
      product_id: s.productId,
      affiliate_id: s.affiliateId,
      geo: s.geo,
      baseline_rate: p0,
      recent_rate: c.k / c.n,
      leads_since: c.n,
      statistic: c.statistic,
      threshold: p.threshold,
      p_value: pValue,
      since: new Date(c.since).toISOString(),
    });
  }
  return outermost(suspects);
};

const covers = (outer: ShaveSuspect, inner: ShaveSuspect) =>
  outer !== inner &&
  outer.product_id === inner.product_id &&
  (outer.affiliate_id === null || outer.affiliate_id === inner.affiliate_id) &&
  (outer.geo === null || outer.geo === inner.geo);

/** One alert per shave: the product's, else the affiliate's or geo's, rather than each cell under it. */
const outermost = (all: ShaveSuspect[]) => all.filter((s) => !all.some((o) => covers(o, s)));
