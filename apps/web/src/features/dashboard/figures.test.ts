import { describe, expect, it } from 'vitest';
import type { StatMetrics } from '@pxl/contract/statistic/index';
import { changeText, percentChange } from '@/lib/change.ts';
import { CARD_FIGURES, chartRows, figureLines, leadSkips, present, statisticLink, type ChartPoint } from './figures.ts';

const base: StatMetrics = {
  clicks: 0,
  unique_clicks: 0,
  trafficback: 0,
  conversions: 0,
  approved: 0,
  pending: 0,
  rejected: 0,
  hold: 0,
  cr: null,
};

describe('dashboard figures', () => {
  it('changes in percent: up, down, flat, and "new" when nothing came before', () => {
    expect([percentChange(150, 100), percentChange(50, 100), percentChange(0, 0), percentChange(5, 0)]).toEqual([
      50,
      -50,
      0,
      null,
    ]);
    expect([changeText(12.5), changeText(-3), changeText(0), changeText(null)]).toEqual(['+12.5%', '−3%', '0%', 'new']);
  });

  it('shows only the figures the server sent: an affiliate has no revenue or profit', () => {
    const affiliate = { ...base, payout: { USD: 100 }, leads: 3 };
    expect(present(CARD_FIGURES, affiliate).map((f) => f.key)).toEqual(['clicks', 'conversions', 'leads', 'payout']);
  });

  it('skips the lead figures only where there were no leads at all', () => {
    const period = {
      date_from: '2026-03-01',
      date_to: '2026-03-01',
      current: { ...base, leads: 0 },
      previous: { ...base, leads: 0 },
    };
    const d = { today: period, yesterday: period, month: period, chart: [{ ...base, at: '2026-03-01', leads: 0 }] };
    expect(leadSkips(d)).toEqual(['leads', 'ftd']);
    expect(leadSkips({ ...d, chart: [{ ...base, at: '2026-02-20', leads: 2 }] })).toEqual([]);
    expect(present(CARD_FIGURES, period.current, leadSkips(d)).map((f) => f.key)).toEqual(['clicks', 'conversions']);
  });

  it('money is one line per currency, never added across currencies', () => {
    const def = CARD_FIGURES.find((f) => f.key === 'revenue')!;
    const lines = figureLines(
      def,
      { ...base, revenue: { USD: 25000, EUR: 1000 } },
      { ...base, revenue: { USD: 20000 } },
    );
    expect(lines).toEqual([
      { currency: 'EUR', text: '10.00 EUR', change: null },
      { currency: 'USD', text: '250.00 USD', change: 25 },
    ]);
  });

  it('charts money per currency in major units and counts as one series', () => {
    const points: ChartPoint[] = [
      { ...base, at: '2026-03-01', clicks: 4, payout: { USD: 150 } },
      { ...base, at: '2026-03-02', clicks: 6, payout: {} },
    ];
    expect(chartRows(points, { key: 'payout', label: 'Payout', money: true })).toEqual({
      rows: [
        { at: '03-01', USD: 1.5 },
        { at: '03-02', USD: 0 },
      ],
      series: ['USD'],
    });
    expect(chartRows(points, { key: 'clicks', label: 'Clicks' }).rows).toEqual([
      { at: '03-01', Clicks: 4 },
      { at: '03-02', Clicks: 6 },
    ]);
  });

  it('links to the general statistics of the right kind, filtered and over the same days', () => {
    const range = { from: '2026-02-01', to: '2026-03-02' };
    expect(statisticLink('offer', 'abc', range)).toBe(
      '/statistic/direct-link/general?date_from=2026-02-01&date_to=2026-03-02&offer=abc&group=day',
    );
    expect(statisticLink('offer', 'abc', range, true)).toMatch(/^\/statistic\/api\/general\?/);
  });
});
