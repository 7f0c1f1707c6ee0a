import type { Role } from '@pxl/contract/access/roles';
import type { StatKind, StatMetrics } from '@pxl/contract/statistic/index';
import { formatMinor, MINOR_DIGITS } from '@/lib/money.ts';

export type MetricKey = Exclude<keyof StatMetrics, never>;
export type MetricType = 'count' | 'percent' | 'money' | 'rate';
export type MetricDef = { key: MetricKey; header: string; type: MetricType; api?: boolean; sortable?: boolean };

/** The report's columns (docs/product/statistics.md) in order; `api` ones only on API offers. */
export const METRICS: readonly MetricDef[] = [
  { key: 'clicks', header: 'Clicks', type: 'count', sortable: true },
  { key: 'unique_clicks', header: 'Unique', type: 'count', sortable: true },
  { key: 'trafficback', header: 'Trafficback', type: 'count' },
  // Staff only: flagged clicks ÷ clicks (docs/product/fraud.md); empty on rows without clicks.
  { key: 'fraud_rate', header: 'Fraud %', type: 'percent' },
  { key: 'leads', header: 'User sessions', type: 'count', api: true, sortable: true },
  { key: 'accepted', header: 'Accepted', type: 'count', api: true, sortable: true },
  { key: 'ftd', header: 'FTD', type: 'count', api: true, sortable: true },
  { key: 'cr_customer', header: 'CR customer', type: 'percent', api: true },
  { key: 'conversions', header: 'Conversions', type: 'count', sortable: true },
  { key: 'approved', header: 'Approved', type: 'count', sortable: true },
  { key: 'pending', header: 'Pending', type: 'count' },
  { key: 'rejected', header: 'Rejected', type: 'count' },
  { key: 'hold', header: 'Hold', type: 'count' },
  { key: 'cr', header: 'CR', type: 'percent' },
  { key: 'epc', header: 'EPC', type: 'rate' },
  { key: 'revenue', header: 'Revenue', type: 'money' },
  { key: 'payout', header: 'Payout', type: 'money' },
  { key: 'profit', header: 'Profit', type: 'money' },
];

/** What a role never gets (the server leaves it out; this keeps the columns still while the report loads). */
const ROLE_HIDDEN: Partial<Record<Role, readonly MetricKey[]>> = {
  affiliate: ['revenue', 'profit', 'fraud_rate'],
  advertiser: ['payout', 'profit', 'epc', 'fraud_rate'],
};

/**
 * The metrics of a kind for a role; once a report is in, only those it carries (a server that strips more than
 * expected wins).
 */
export function metricsFor(role: Role | null, kind: StatKind, totals?: StatMetrics): MetricDef[] {
  const hidden = ROLE_HIDDEN[role ?? 'affiliate'] ?? [];
  return METRICS.filter(
    (m) => (kind === 'api' || !m.api) && !hidden.includes(m.key) && (!totals || totals[m.key] !== undefined),
  );
}

export const formatPercent = (n: number | null | undefined): string =>
  n === null || n === undefined ? '—' : `${n.toFixed(2)}%`;
/** EPC is payout per click in minor units and often a fraction of a cent: three decimals of the major unit. */
export const formatRate = (minor: number, currency: string): string =>
  `${(minor / 10 ** MINOR_DIGITS).toFixed(3)} ${currency}`;

/** One line per currency, in currency order so the lines of every row stand under each other; an empty map is none. */
export function moneyLines(map: Record<string, number> | undefined, type: 'money' | 'rate'): string[] {
  return Object.entries(map ?? {})
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([currency, amount]) => (type === 'rate' ? formatRate(amount, currency) : formatMinor(amount, currency)));
}

/** A metric as plain text (CSV, chart tooltips): money currencies joined with "; ". */
export function metricText(metrics: StatMetrics, def: MetricDef): string {
  const value = metrics[def.key];
  if (def.type === 'money' || def.type === 'rate')
    return moneyLines(value as Record<string, number> | undefined, def.type).join('; ');
  if (def.type === 'percent') return value === null || value === undefined ? '' : formatPercent(value as number);
  return value === undefined ? '' : String(value);
}
