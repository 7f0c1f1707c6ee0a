import { sql } from 'drizzle-orm';
import type { BacktestResult } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { namesOf, wordsOf } from './actions.repository.ts';
import { backtestCaps, type Fire } from './backtest-caps.ts';
import { describeAction, type Subject } from './rule-actions.ts';
import { BASELINE_MINUTES, judge, scaleBaseline, type Sums } from './rule-condition.ts';
import { keyOf, loadSourceContext, subjectOf } from './rule-metrics.ts';
import { metricSource, readsRollup, scopeConditions, subjectColumns } from './rule-metrics-sql.ts';
import { findStoredRule, type StoredRule } from './rules.repository.ts';

// A rule replayed over stored data (docs/product/automation.md, "Backtest"; docs/decisions/066-automation-rules.md):
// hourly sums per subject in one statement, then the steps, the condition and the cooldown in memory. Nothing acts.

const HOUR = 3_600_000;
/** A month of hourly steps over many subjects could fire thousands of times; the answer keeps the first ones. */
export const MAX_FIRES = 2_000;

type Series = { subject: Subject; num: Float64Array; den: Float64Array };

/** Hourly sums of the rule's metric per subject over [from, to): the rollup's hours, or raw rows cut by the hour. */
const hourlySums = async (db: Db, rule: StoredRule, from: Date, to: Date) => {
  const ctx = await loadSourceContext(db);
  const src = metricSource(
    rule.metric,
    rule.scope,
    { from, to, kind: readsRollup(rule.metric, rule.scope) ? 'hourly' : 'raw' },
    ctx,
  );
  const cols = subjectColumns(rule.scope).map((c) => sql.raw(`s.${c}`));
  const { rows } = await db.execute<Record<string, string | null> & { h: string; num: number; den: number }>(sql`
    select extract(epoch from date_trunc('hour', s.at)) * 1000 as h, ${sql.join(cols, sql`, `)},
      sum(s.num)::float8 as num, sum(s.den)::float8 as den
    from (${src}) s where ${sql.join(scopeConditions(rule.scope), sql` and `)}
    group by 1, ${sql.join(cols, sql`, `)}`);
  const hours = Math.round((to.getTime() - from.getTime()) / HOUR);
  const series = new Map<string, Series>();
  for (const r of rows) {
    const subject = subjectOf(rule.scope, r);
    const key = keyOf(subject);
    let s = series.get(key);
    if (!s) series.set(key, (s = { subject, num: new Float64Array(hours), den: new Float64Array(hours) }));
    const i = Math.round((Number(r.h) - from.getTime()) / HOUR);
    if (i < 0 || i >= hours) continue;
    s.num[i] += Number(r.num);
    s.den[i] += Number(r.den);
  }
  return series;
};

const sumOf = (s: Series, a: number, b: number): Sums => {
  let num = 0;
  let den = 0;
  for (let i = Math.max(a, 0); i < b; i += 1) {
    num += s.num[i];
    den += s.den[i];
  }
  return { num, den };
};

/** The steps of the replay: every max(window, 1 h) in whole hours, each judging the window's hours before it. */
export const replay = (rule: StoredRule, series: Map<string, Series>, from: Date, lead: number, steps: number) => {
  const wH = Math.max(1, Math.ceil(rule.windowMinutes / 60));
  const stepH = Math.max(wH, 1);
  // A window under an hour is judged on its hour brought to its length (counts and volume; a ratio stays).
  const k = Math.min(1, rule.windowMinutes / 60);
  const c = rule.condition;
  const fires: Fire[] = [];
  const lastFired = new Map<string, number>();
  for (let n = 1; n <= steps; n += 1) {
    const end = lead + n * stepH;
    const at = from.getTime() + end * HOUR;
    for (const [key, s] of series) {
      const raw = sumOf(s, end - wH, end);
      const cur = { num: raw.num * k, den: raw.den * k };
      if (c.kind === 'threshold' && c.op === 'below' && cur.den === 0 && sumOf(s, end - wH - 24, end - wH).den === 0)
        continue;
      const cmp =
        c.kind === 'change_vs_previous'
          ? sumOf(s, end - 2 * wH, end - wH)
          : c.kind === 'change_vs_baseline'
            ? scaleBaseline(rule.metric, sumOf(s, end - wH - BASELINE_MINUTES / 60, end - wH), rule.windowMinutes)
            : null;
      const v = judge(rule.metric, rule.windowMinutes, c, {
        cur,
        cmp: cmp && (c.kind === 'change_vs_previous' ? { num: cmp.num * k, den: cmp.den * k } : cmp),
      });
      if (!v?.holds) continue;
      const last = lastFired.get(key);
      if (last !== undefined && at - last < rule.cooldownMinutes * 60_000) continue;
      lastFired.set(key, at);
      fires.push({ at: new Date(at), subject: s.subject, value: v.value, comparedTo: v.comparedTo });
    }
  }
  return fires.sort((a, b) => a.at.getTime() - b.at.getTime());
};

/** The hours read before the period: the first step's window, the one it is compared with, and the day before. */
const leadHours = (rule: StoredRule) => {
  const wH = Math.max(1, Math.ceil(rule.windowMinutes / 60));
  return wH + (rule.condition.kind === 'change_vs_baseline' ? BASELINE_MINUTES / 60 : Math.max(wH, 24));
};

export const backtestRule = async (db: Db, id: string, days: number): Promise<BacktestResult> => {
  const started = Date.now();
  const rule = await findStoredRule(db, id);
  if (!rule) throw notFound('Rule');
  const to = new Date(Math.floor(Date.now() / HOUR) * HOUR);
  const from = new Date(to.getTime() - days * 24 * HOUR);
  const stepH = Math.max(1, Math.ceil(rule.windowMinutes / 60));
  const steps = Math.floor((days * 24) / stepH);
  let fires: Fire[];
  if (rule.metric === 'cap_fill') fires = await backtestCaps(db, rule, from, to);
  else {
    const lead = leadHours(rule);
    const series = await hourlySums(db, rule, new Date(from.getTime() - lead * HOUR), to);
    fires = replay(rule, series, new Date(from.getTime() - lead * HOUR), lead, steps);
  }
  const kept = fires.slice(0, MAX_FIRES);
  const names = await namesOf(
    db,
    kept.map((f) => f.subject),
  );
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    steps: rule.metric === 'cap_fill' ? days * 24 : steps,
    fires: kept.map((f) => {
      const words = wordsOf(f.subject, names);
      return {
        at: f.at.toISOString(),
        subject: words,
        value: f.value,
        compared_to: f.comparedTo,
        actions: rule.actions.map((a) => describeAction(a, words)),
      };
    }),
    took_ms: Date.now() - started,
  };
};
