import type { StatChart } from '@pxl/contract/statistic/index';
import { MINOR_DIGITS } from '@/lib/money.ts';
import type { MetricDef } from './metrics.ts';

export type ChartSeries = { name: string; label: string };
export type ChartData = { rows: Record<string, string | number>[]; series: ChartSeries[] };

/** "2026-03-02" → "03-02"; an hour → "03-02 14:00" (the server's time of day, in the report zone). */
export function pointLabel(at: string, step: StatChart['step']): string {
  const day = /^\d{4}-(\d{2}-\d{2})/.exec(at)?.[1] ?? at;
  if (step === 'day') return day;
  const time = /[T ](\d{2}:\d{2})/.exec(at)?.[1] ?? '';
  return `${day} ${time}`.trim();
}

/**
 * The chart of one metric: counts and percentages as one series; money one series per currency, in major units
 * (amounts of different currencies are never added).
 */
export function chartData(chart: StatChart, def: MetricDef): ChartData {
  if (def.type === 'money' || def.type === 'rate') {
    const currencies = [
      ...new Set(chart.points.flatMap((p) => Object.keys((p[def.key] as Record<string, number> | undefined) ?? {}))),
    ].sort();
    const rows = chart.points.map((p) => {
      const map = (p[def.key] as Record<string, number> | undefined) ?? {};
      return {
        at: pointLabel(p.at, chart.step),
        ...Object.fromEntries(currencies.map((c) => [c, (map[c] ?? 0) / 10 ** MINOR_DIGITS])),
      };
    });
    return { rows, series: currencies.map((c) => ({ name: c, label: `${def.header}, ${c}` })) };
  }
  const rows = chart.points.map((p) => ({
    at: pointLabel(p.at, chart.step),
    [def.key]: (p[def.key] as number | null | undefined) ?? 0,
  }));
  return { rows, series: [{ name: def.key, label: def.header }] };
}
