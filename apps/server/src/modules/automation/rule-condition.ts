import type { RuleCondition, RuleMetric } from '@pxl/contract';

// The condition of a rule applied to a subject's sums, the same for the evaluator and the backtest
// (docs/product/automation.md, "Rules"). Pure, so both judge alike.

/** Sums of a window: num / den is the value of a ratio, num the value of a count; den is the volume. */
export type Sums = { num: number; den: number };
export type SubjectSums = { cur: Sums; cmp: Sums | null };
export type Verdict = { holds: boolean; value: number; comparedTo: number | null; words: string };

const PERCENT: RuleMetric[] = ['cr', 'ftd_rate', 'lead_acceptance', 'fraud_pct'];
const RATIOS: RuleMetric[] = [...PERCENT, 'epc'];
export const BASELINE_MINUTES = 7 * 24 * 60;

const round = (v: number) => Math.round(v * 100) / 100;

/** A ratio with no volume has no value; a count is its sum. */
export const valueOf = (metric: RuleMetric, s: Sums): number | null => {
  if (metric === 'cap_fill') return s.den > 0 ? round((s.num / s.den) * 100) : null;
  if (!RATIOS.includes(metric)) return round(s.num);
  return s.den > 0 ? round((s.num / s.den) * (PERCENT.includes(metric) ? 100 : 1)) : null;
};

/** The volume min_volume is held against: clicks, leads, conversions, attempts or the count itself. */
export const volumeOf = (metric: RuleMetric, s: Sums) => (metric === 'cap_fill' ? s.num : s.den);

/** The baseline (7 days) brought to the window's length: counts scale, ratios do not. */
export const scaleBaseline = (metric: RuleMetric, s: Sums, windowMinutes: number): Sums =>
  RATIOS.includes(metric) ? s : { num: (s.num * windowMinutes) / BASELINE_MINUTES, den: s.den };

/** `above` is at or above the number, `below` strictly under it: a cap at 80 % fires at 80 %, no clicks is below 1. */
const passes = (op: RuleCondition['op'], v: number, limit: number) => (op === 'above' ? v >= limit : v < limit);

const WHAT: Record<RuleCondition['kind'], string> = {
  threshold: '',
  change_vs_previous: 'against the previous window',
  change_vs_baseline: 'against the 7-day baseline',
};

export const judge = (
  metric: RuleMetric,
  windowMinutes: number,
  c: RuleCondition,
  sums: SubjectSums,
): Verdict | null => {
  const value = valueOf(metric, sums.cur);
  if (value === null || volumeOf(metric, sums.cur) < c.min_volume) return null;
  const over = metric === 'cap_fill' ? 'of the cap' : `over ${windowMinutes} min`;
  if (c.kind === 'threshold') {
    const words = `${metric} ${value} ${over}, ${c.op} ${c.value}`;
    return { holds: passes(c.op, value, c.value), value, comparedTo: null, words };
  }
  const base = sums.cmp && valueOf(metric, sums.cmp);
  if (base === null || base === undefined || base === 0) return null;
  const change = round(((value - base) / Math.abs(base)) * 100);
  const words = `${metric} ${value} ${over}, ${change >= 0 ? '+' : ''}${change} % ${WHAT[c.kind]} (${base}), ${c.op} ${c.value} %`;
  return { holds: passes(c.op, change, c.value), value, comparedTo: base, words };
};
