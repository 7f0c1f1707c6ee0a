import type { Dashboard, StatMetrics } from '@pxl/contract/statistic/index';
import { moneyChanges, percentChange } from '@/lib/change.ts';
import { formatMinor, MINOR_DIGITS } from '@/lib/money.ts';
import { formatCount } from '@/lib/format/numbers.ts';

// The dashboard's figures (docs/product/statistics.md). A figure the server left out for the role (affiliates: revenue and
// profit; advertisers: payout and profit; direct-link-only data: no leads) is simply not shown.

export type FigureKey =
  'clicks' | 'unique_clicks' | 'conversions' | 'approved' | 'leads' | 'ftd' | 'revenue' | 'payout' | 'profit';
export type FigureDef = { key: FigureKey; label: string; money?: boolean };

/** The figures of the period cards, in order. */
export const CARD_FIGURES: readonly FigureDef[] = [
  { key: 'clicks', label: 'Clicks' },
  { key: 'conversions', label: 'Conversions' },
  { key: 'leads', label: 'User sessions' },
  { key: 'revenue', label: 'Revenue', money: true },
  { key: 'payout', label: 'Payout', money: true },
  { key: 'profit', label: 'Profit', money: true },
];

/** The metrics the chart can switch between. */
export const CHART_FIGURES: readonly FigureDef[] = [
  { key: 'clicks', label: 'Clicks' },
  { key: 'unique_clicks', label: 'Unique clicks' },
  { key: 'conversions', label: 'Conversions' },
  { key: 'approved', label: 'Approved' },
  { key: 'leads', label: 'User sessions' },
  { key: 'ftd', label: 'FTD' },
  { key: 'revenue', label: 'Revenue', money: true },
  { key: 'payout', label: 'Payout', money: true },
  { key: 'profit', label: 'Profit', money: true },
];

/** The figures the server sent, less those skipped. */
export const present = (
  defs: readonly FigureDef[],
  m: StatMetrics | undefined,
  skip: readonly FigureKey[] = [],
): FigureDef[] => defs.filter((d) => m?.[d.key] !== undefined && !skip.includes(d.key));

/**
 * Lead figures exist only on API offers: where there were none in any period (an advertiser of direct-link offers),
 * a row of zeros says nothing, so they are skipped.
 */
export function leadSkips(d: Pick<Dashboard, 'today' | 'yesterday' | 'month' | 'chart'>): FigureKey[] {
  const metrics = [d.today, d.yesterday, d.month].flatMap((p) => [p.current, p.previous]).concat(d.chart);
  return metrics.some((m) => (m.leads ?? 0) > 0) ? [] : ['leads', 'ftd'];
}

export type FigureLine = { text: string; change: number | null; currency?: string };

/** A count as one line; money as one line per currency (amounts of different currencies are never added). */
export function figureLines(def: FigureDef, current: StatMetrics, previous: StatMetrics): FigureLine[] {
  if (!def.money) {
    const now = (current[def.key] as number | undefined) ?? 0;
    return [{ text: formatCount(now), change: percentChange(now, (previous[def.key] as number | undefined) ?? 0) }];
  }
  return moneyChanges(
    current[def.key] as Record<string, number> | undefined,
    previous[def.key] as Record<string, number> | undefined,
  ).map((m) => ({ currency: m.currency, text: formatMinor(m.current, m.currency), change: m.change }));
}

export type ChartPoint = StatMetrics & { at: string };

/** The chart of one figure: counts as one series, money one series per currency in major units. */
export function chartRows(
  points: ChartPoint[],
  def: FigureDef,
): { rows: Record<string, string | number>[]; series: string[] } {
  if (!def.money) {
    return {
      rows: points.map((p) => ({ at: p.at.slice(5), [def.label]: (p[def.key] as number | undefined) ?? 0 })),
      series: [def.label],
    };
  }
  const currencies = [
    ...new Set(points.flatMap((p) => Object.keys((p[def.key] as Record<string, number> | undefined) ?? {}))),
  ].sort();
  const rows = points.map((p) => {
    const map = (p[def.key] as Record<string, number> | undefined) ?? {};
    return { at: p.at.slice(5), ...Object.fromEntries(currencies.map((c) => [c, (map[c] ?? 0) / 10 ** MINOR_DIGITS])) };
  });
  return { rows, series: currencies };
}

/**
 * The general statistics narrowed to one offer or affiliate over the dashboard's 30 days. The dashboard covers both
 * kinds of offer; only API offers have user sessions, so a row with some opens the API report.
 */
export function statisticLink(
  filter: 'offer' | 'affiliate',
  uuid: string,
  range: { from: string; to: string },
  api = false,
): string {
  const q = new URLSearchParams({ date_from: range.from, date_to: range.to, [filter]: uuid, group: 'day' });
  return `/statistic/${api ? 'api' : 'direct-link'}/general?${q.toString()}`;
}
