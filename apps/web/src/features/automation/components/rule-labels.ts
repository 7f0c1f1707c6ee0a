import type {
  RuleActionType,
  RuleMetric,
  RuleScopeType,
  RULE_CONDITIONS,
} from '@pxl/contract/automation/automation.schemas';
import type { Option } from '@pxl/contract/constants/options';
import { formatCount } from '@/lib/format/numbers.ts';

// How rules read on screen (docs/product/automation.md): metrics with their units, scopes, conditions and actions.

export type MetricUnit = 'count' | 'percent' | 'money';

export const METRICS: Record<RuleMetric, { label: string; unit: MetricUnit }> = {
  clicks: { label: 'Clicks', unit: 'count' },
  conversions: { label: 'Conversions', unit: 'count' },
  cr: { label: 'CR', unit: 'percent' },
  epc: { label: 'EPC', unit: 'money' },
  ftd_rate: { label: 'FTD rate', unit: 'percent' },
  lead_acceptance: { label: 'Lead acceptance', unit: 'percent' },
  buyer_errors: { label: 'Buyer errors and timeouts', unit: 'count' },
  postback_failures: { label: 'Postback failures', unit: 'count' },
  cap_fill: { label: 'Cap fill', unit: 'percent' },
  fraud_pct: { label: 'Fraud %', unit: 'percent' },
  revenue: { label: 'Revenue', unit: 'money' },
  payout: { label: 'Payout', unit: 'money' },
  profit: { label: 'Profit', unit: 'money' },
};

export const SCOPES: Record<RuleScopeType, string> = {
  offer: 'Offer',
  affiliate: 'Affiliate',
  offer_affiliate: 'Offer × affiliate',
  product: 'Buyer product',
  sub: 'Sub value',
};

export const CONDITIONS: Record<(typeof RULE_CONDITIONS)[number], string> = {
  threshold: 'Value',
  change_vs_previous: 'Change against the previous window',
  change_vs_baseline: 'Change against the baseline (7 days before)',
};

export const ACTIONS: Record<RuleActionType | 'undo', string> = {
  notify: 'Notify',
  pause_affiliate: 'Pause the affiliate on the offer',
  remove_product: 'Take the product out of the waterfall',
  set_cap: 'Change a cap',
  hold_conversions: 'Hold new conversions',
  undo: 'Undo',
};

/** The scopes each action can act on; notify fits every scope. */
export const ACTION_SCOPES: Record<RuleActionType, readonly RuleScopeType[]> = {
  notify: ['offer', 'affiliate', 'offer_affiliate', 'product', 'sub'],
  pause_affiliate: ['offer_affiliate'],
  remove_product: ['product'],
  set_cap: ['offer', 'offer_affiliate'],
  hold_conversions: ['offer', 'affiliate', 'offer_affiliate', 'sub'],
};

export const toOptionList = <K extends string>(labels: Record<K, string>, keys?: readonly K[]): Option[] =>
  (keys ?? (Object.keys(labels) as K[])).map((value) => ({ value, label: labels[value] }));

const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A metric's value in its unit: "1,204", "2.5 %", "12.40" (money in the network currency's major units). */
export function metricValue(metric: RuleMetric, value: number): string {
  const { unit } = METRICS[metric];
  if (unit === 'percent') return `${percent.format(value)} %`;
  if (unit === 'money') return money.format(value / 100);
  return formatCount(value);
}

/** A window's length in its largest whole unit: "90 min", "2 h", "7 d". */
export function windowText(minutes: number): string {
  if (minutes % 1440 === 0) return `${minutes / 1440} d`;
  if (minutes % 60 === 0) return `${minutes / 60} h`;
  return `${minutes} min`;
}

/** "CR below 2 % over 1 h", "Clicks 50 % below the previous window over 1 h". */
export function conditionText(rule: {
  metric: RuleMetric;
  window_minutes: number;
  condition: { kind: keyof typeof CONDITIONS; op: 'above' | 'below'; value: number };
}): string {
  const { metric, window_minutes, condition } = rule;
  const over = `over ${windowText(window_minutes)}`;
  const name = METRICS[metric].label;
  if (condition.kind === 'threshold') return `${name} ${condition.op} ${metricValue(metric, condition.value)} ${over}`;
  const against = condition.kind === 'change_vs_previous' ? 'the previous window' : 'the baseline';
  return `${name} ${percent.format(condition.value)} % ${condition.op} ${against} ${over}`;
}
