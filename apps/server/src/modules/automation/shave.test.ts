import { describe, expect, it } from 'vitest';
import { binomialCdf, cusum, detectShaving, twoSampleP, type ShaveBucket } from './shave.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = 70 * DAY;
const SHAVE_FROM = 50 * DAY;

type Hour = { at: number; day: number; hour: number };
type Shape = {
  affiliateId?: string;
  /** FTDs of the hour's 10 accepted leads; 20 % by default: 2 an hour. */
  ftd?: (h: Hour) => number;
  /** Leads sent for those 10 (acceptance 10 / sent); 14 by default. */
  sent?: (h: Hour) => number;
  /** Mean fraud score of the hour's leads; 10 by default. */
  fraud?: (h: Hour) => number;
};

/** Seventy days of one product's leads, ten accepted an hour, the same every day but for what `shape` changes. */
const series = (s: Shape = {}): ShaveBucket[] =>
  Array.from({ length: 70 * 24 }, (_, i) => {
    const h = { at: i * HOUR, day: Math.floor(i / 24), hour: i };
    const sent = s.sent?.(h) ?? 14;
    return {
      productId: 'p1',
      affiliateId: s.affiliateId ?? 'a1',
      geo: 'DE',
      at: h.at,
      sent,
      accepted: 10,
      leads: 10,
      ftd: s.ftd?.(h) ?? 2,
      fraudSum: (s.fraud?.(h) ?? 10) * sent,
      fraudCount: sent,
    };
  });

/** 30 % of the FTDs lost from day 50 on: 7 of every 10 hours' 2 FTDs kept, as 2,1,2,1,1,2,1,2,1,1. */
const shaved = (h: Hour) => (h.at < SHAVE_FROM ? 2 : [2, 1, 2, 1, 1][h.hour % 5]!);
const after = (at: number, then: number, before: number) => (at >= SHAVE_FROM ? then : before);

describe('shave detector statistics', () => {
  it('fires on a product whose FTD rate fell by 30 %, from about when it fell', () => {
    const [s, ...rest] = detectShaving({ now: NOW, buckets: series({ ftd: shaved }) });
    expect(rest).toEqual([]);
    expect(s).toMatchObject({ product_id: 'p1', affiliate_id: null, geo: null, baseline_rate: 0.2 });
    expect(s!.recent_rate).toBeCloseTo(0.14, 2);
    expect(s!.statistic).toBeGreaterThanOrEqual(s!.threshold);
    expect(s!.p_value).toBeLessThan(0.001);
    expect(Math.abs(Date.parse(s!.since) - SHAVE_FROM)).toBeLessThanOrEqual(DAY);
    // Matured leads only: from the change to 3 days before now.
    expect(s!.leads_since).toBeLessThanOrEqual((67 - 50) * 240 + 240);
  });

  it('stays silent on a steady history', () => {
    expect(detectShaving({ now: NOW, buckets: series() })).toEqual([]);
  });

  it('stays silent when the drop comes with falling acceptance', () => {
    const buckets = series({ ftd: shaved, sent: (h) => after(h.at, 20, 14) });
    expect(detectShaving({ now: NOW, buckets })).toEqual([]);
  });

  it('stays silent when the drop comes with a rising fraud score', () => {
    const buckets = series({ ftd: shaved, fraud: (h) => after(h.at, 30, 10) });
    expect(detectShaving({ now: NOW, buckets })).toEqual([]);
  });

  it('still fires when acceptance and fraud move within their tolerance', () => {
    const buckets = series({ ftd: shaved, sent: (h) => after(h.at, 15, 14), fraud: (h) => after(h.at, 13, 10) });
    expect(detectShaving({ now: NOW, buckets })).toHaveLength(1);
  });

  it('leaves out leads younger than the maturity lag: FTDs not come yet are no shave', () => {
    const buckets = series({ ftd: (h) => (h.at >= NOW - 3 * DAY ? 0 : 2) });
    expect(detectShaving({ now: NOW, buckets })).toEqual([]);
    expect(detectShaving({ now: NOW, buckets }, { maturityDays: 0 })).toHaveLength(1);
    // Four days without FTDs are past the lag: one day of them is counted and is a shave.
    const older = series({ ftd: (h) => (h.at >= NOW - 4 * DAY ? 0 : 2) });
    expect(detectShaving({ now: NOW, buckets: older })).toHaveLength(1);
  });

  it('names the affiliate when only its leads are shaved, not the product or the other affiliate', () => {
    const buckets = [...series({ affiliateId: 'a1', ftd: shaved }), ...series({ affiliateId: 'a2' })];
    const suspects = detectShaving({ now: NOW, buckets });
    expect(suspects.map((s) => [s.affiliate_id, s.geo])).toEqual([['a1', null]]);
  });

  it('tests nothing without a baseline of enough FTDs', () => {
    // One FTD in 60 hours: 17 in the 42 days of the baseline, then none at all.
    const buckets = series({ ftd: (h) => (h.at < SHAVE_FROM && h.hour % 60 === 0 ? 1 : 0) });
    expect(detectShaving({ now: NOW, buckets })).toEqual([]);
    expect(detectShaving({ now: NOW, buckets }, { minBaselineFtd: 10, threshold: 1, confirmP: 0.01 })).toHaveLength(1);
  });
});

describe('shave detector arithmetic', () => {
  it('binomial tail and the two-sample test', () => {
    expect(binomialCdf(0, 10, 0.5)).toBeCloseTo(1 / 1024, 12);
    expect(binomialCdf(5, 10, 0.5)).toBeCloseTo(638 / 1024, 12);
    expect(binomialCdf(3000, 3000, 0.3)).toBe(1);
    // Same rate in both periods: the recent share of the FTDs is about its share of the leads.
    expect(twoSampleP(100, 1000, 400, 4000)).toBeGreaterThan(0.4);
    expect(twoSampleP(70, 1000, 400, 4000)).toBeLessThan(0.005);
  });

  it('the CUSUM climbs by log((1-p1)/(1-p0)) a lead without FTD and falls by log(0.7) an FTD, never below 0', () => {
    const b = (at: number, leads: number, ftd: number) => ({ ...series()[0]!, at, leads, ftd });
    const c = cusum([b(0, 10, 10), b(HOUR, 100, 0)], 0.2, 0.14, 10 * HOUR);
    expect(c.statistic).toBeCloseTo(100 * Math.log(0.86 / 0.8), 10);
    expect(c).toMatchObject({ since: HOUR, n: 100, k: 0 });
    expect(cusum([b(0, 100, 0)], 0.2, 0.14, 0).statistic).toBe(0);
  });
});
