import { describe, expect, it } from 'vitest';
import type { StatChart, StatMetrics } from '@pxl/contract/statistic/index';
import { chartData, pointLabel } from './chart-data.ts';
import { dimensionsFor, parseGroup } from './dimensions.ts';
import { METRICS, metricsFor, metricText, moneyLines } from './metrics.ts';

const base: StatMetrics = {
  clicks: 10,
  unique_clicks: 8,
  trafficback: 1,
  conversions: 2,
  approved: 1,
  pending: 1,
  rejected: 0,
  hold: 0,
  cr: 25,
};

describe('groupings per role and kind', () => {
  it('hide what the contract hides, and products on direct links', () => {
    expect(dimensionsFor('affiliate', 'api')).not.toEqual(expect.arrayContaining(['advertiser']));
    expect(
      dimensionsFor('affiliate', 'api').filter((d) => ['advertiser', 'product', 'manager', 'affiliate'].includes(d)),
    ).toEqual([]);
    expect(dimensionsFor('advertiser', 'api')).toContain('product');
    expect(dimensionsFor('advertiser', 'api')).not.toContain('manager');
    expect(dimensionsFor('admin', 'direct_link')).not.toContain('product');
    expect(dimensionsFor('admin', 'api')).toHaveLength(16);
  });
  it('read one or two allowed groupings from the URL, by day otherwise', () => {
    const allowed = dimensionsFor('affiliate', 'direct_link');
    expect(parseGroup('offer,geo', allowed)).toEqual(['offer', 'geo']);
    expect(parseGroup('offer,offer', allowed)).toEqual(['offer']);
    expect(parseGroup('advertiser,geo,os', allowed)).toEqual(['geo', 'os']);
    expect(parseGroup('advertiser', allowed)).toEqual(['day']);
    expect(parseGroup(null, allowed)).toEqual(['day']);
  });
});

describe('metric columns', () => {
  it('follow the role while loading and the response once it is in', () => {
    const keys = (
      role: Parameters<typeof metricsFor>[0],
      kind: Parameters<typeof metricsFor>[1],
      totals?: StatMetrics,
    ) => metricsFor(role, kind, totals).map((m) => m.key);
    expect(keys('affiliate', 'direct_link')).not.toEqual(expect.arrayContaining(['revenue']));
    expect(keys('affiliate', 'direct_link')).toContain('payout');
    expect(keys('advertiser', 'direct_link').filter((k) => ['payout', 'profit', 'epc'].includes(k))).toEqual([]);
    expect(keys('admin', 'direct_link')).toContain('fraud_rate');
    expect(keys('affiliate', 'direct_link')).not.toContain('fraud_rate');
    expect(keys('advertiser', 'api')).not.toContain('fraud_rate');
    expect(keys('admin', 'direct_link')).not.toContain('leads');
    expect(keys('admin', 'api')).toEqual(METRICS.map((m) => m.key));
    expect(keys('admin', 'direct_link', { ...base, payout: {} })).toEqual([
      'clicks',
      'unique_clicks',
      'trafficback',
      'conversions',
      'approved',
      'pending',
      'rejected',
      'hold',
      'cr',
      'payout',
    ]);
  });
  it('write money per currency in a stable order, EPC to a tenth of a cent', () => {
    expect(moneyLines({ USD: 125050, EUR: 99 }, 'money')).toEqual(['0.99 EUR', '1250.50 USD']);
    expect(moneyLines({ USD: 12.345 }, 'rate')).toEqual(['0.123 USD']);
    expect(moneyLines(undefined, 'money')).toEqual([]);
    const payout = METRICS.find((m) => m.key === 'payout')!;
    const cr = METRICS.find((m) => m.key === 'cr')!;
    expect(metricText({ ...base, payout: { USD: 500, EUR: 100 } }, payout)).toBe('1.00 EUR; 5.00 USD');
    expect(metricText({ ...base, cr: null }, cr)).toBe('');
    expect(metricText(base, cr)).toBe('25.00%');
  });
});

describe('chart data', () => {
  const chart: StatChart = {
    step: 'day',
    tz: 'UTC',
    points: [
      { ...base, at: '2026-03-01', revenue: { USD: 1000 } },
      { ...base, at: '2026-03-02', clicks: 20, revenue: { EUR: 250, USD: 50 } },
    ],
  };
  it('labels days and hours', () => {
    expect(pointLabel('2026-03-01', 'day')).toBe('03-01');
    expect(pointLabel('2026-03-01 14:00', 'hour')).toBe('03-01 14:00');
    expect(pointLabel('2026-03-01T14:00:00+02:00', 'hour')).toBe('03-01 14:00');
  });
  it('gives a count as one series and money as one series per currency in major units', () => {
    expect(chartData(chart, METRICS[0]!)).toEqual({
      rows: [
        { at: '03-01', clicks: 10 },
        { at: '03-02', clicks: 20 },
      ],
      series: [{ name: 'clicks', label: 'Clicks' }],
    });
    const revenue = chartData(
      chart,
      METRICS.find((m) => m.key === 'revenue')!,
    );
    expect(revenue.series.map((s) => s.name)).toEqual(['EUR', 'USD']);
    expect(revenue.rows).toEqual([
      { at: '03-01', EUR: 0, USD: 10 },
      { at: '03-02', EUR: 2.5, USD: 0.5 },
    ]);
  });
});
