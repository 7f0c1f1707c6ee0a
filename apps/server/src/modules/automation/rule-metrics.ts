import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { RuleScope } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { offerCaps, offers } from '../../db/schema.ts';
import { getFraudSettings } from '../fraud/index.ts';
import { capFills, capRowColumns } from '../offers/index.ts';
import { generalSettings } from '../settings/index.ts';
import { BASELINE_MINUTES, type SubjectSums } from './rule-condition.ts';
import {
  metricSource,
  readsRollup,
  scopeConditions,
  subjectColumns,
  type SourceContext,
  type Span,
} from './rule-metrics-sql.ts';
import type { Subject } from './rule-actions.ts';
import type { StoredRule } from './rules.repository.ts';

/** One subject's sums. `once`: a cap in its period, which fires once per period whatever the cooldown. */
export type Measured = { key: string; subject: Subject; sums: SubjectSums; once?: boolean };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Windows this long and over are read from the hourly rollup (rounded to whole hours), shorter ones from raw rows. */
export const ROLLUP_FROM_MINUTES = 360;

export const loadSourceContext = async (db: Db): Promise<SourceContext> => {
  const [general, fraud] = await Promise.all([generalSettings.get(db), getFraudSettings(db)]);
  return {
    currency: general.currency,
    tz: general.time_zone,
    fraud: {
      flagAt: fraud.actions.flag_at,
      trafficbackAt: fraud.actions.trafficback_click_at,
      allowed: fraud.allowed_affiliate_ids,
    },
  };
};

/** A span read from the rollup starts on a whole hour (the nearest), and takes in the hour in progress. */
const span = (from: Date, to: Date, hourly: boolean): Span =>
  hourly
    ? { from: new Date(Math.floor((from.getTime() + HOUR / 2) / HOUR) * HOUR), to, kind: 'hourly' }
    : { from, to, kind: 'raw' };

export const subjectOf = (scope: RuleScope, row: Record<string, string | null>): Subject => {
  const s: Subject = {};
  if (row.offer_id) s.offerId = row.offer_id;
  else if (scope.offer_uuid) s.offerId = scope.offer_uuid;
  if (row.affiliate_id) s.affiliateId = row.affiliate_id;
  if (row.product_id) s.productId = row.product_id;
  if (scope.type === 'sub' && scope.sub_key) Object.assign(s, { subKey: scope.sub_key, subValue: row.sub ?? '' });
  return s;
};
export const keyOf = (s: Subject) =>
  [
    s.offerId && `offer:${s.offerId}`,
    s.affiliateId && `affiliate:${s.affiliateId}`,
    s.productId && `product:${s.productId}`,
    s.subKey && `${s.subKey}=${s.subValue}`,
  ]
    .filter(Boolean)
    .join('|');

/** The rows of a scope's subjects, fixed ones included. */
const pickedColumns = (scope: RuleScope) => subjectColumns(scope).map((c) => sql.raw(`s.${c}`));

/** The spans of a rule at `now`: its window, what it is compared with, and the day before (for "below" on "each"). */
const spansOf = (rule: StoredRule, now: Date) => {
  const w = rule.windowMinutes * MINUTE;
  const rollup = readsRollup(rule.metric, rule.scope);
  const long = rollup && rule.windowMinutes >= ROLLUP_FROM_MINUTES;
  const from = new Date(now.getTime() - w);
  const c = rule.condition;
  const cmp =
    c.kind === 'change_vs_previous'
      ? span(new Date(from.getTime() - w), from, long)
      : c.kind === 'change_vs_baseline'
        ? span(new Date(from.getTime() - BASELINE_MINUTES * MINUTE), from, rollup)
        : null;
  const seen =
    c.kind === 'threshold' && c.op === 'below' ? span(new Date(from.getTime() - 24 * HOUR), from, rollup) : null;
  return { cur: span(from, now, long), cmp, seen };
};

/**
 * Every subject of a rule with its sums at `now`, in one statement: the window, the span it is compared with and the
 * day before it (whose subjects count as watched with a zero when the window has none of their rows).
 */
export const measureRule = async (db: Db, rule: StoredRule, now: Date, ctx: SourceContext): Promise<Measured[]> => {
  if (rule.metric === 'cap_fill') return measureCaps(db, rule.scope, ctx.tz);
  const spans = spansOf(rule, now);
  const parts: SQL[] = [];
  for (const [i, s] of [spans.cur, spans.cmp, spans.seen].entries()) {
    const src = s && metricSource(rule.metric, rule.scope, s, ctx);
    if (src)
      parts.push(
        sql`select ${sql.raw(String(i))} as part, p${sql.raw(String(i))}.* from (${src}) p${sql.raw(String(i))}`,
      );
  }
  const cols = pickedColumns(rule.scope);
  const sum = (part: number, col: string) =>
    sql`coalesce(sum(${sql.raw(col)}) filter (where part = ${sql.raw(String(part))}), 0)::float8`;
  const { rows } = await db.execute<Record<string, string | null> & Record<`${'c' | 'p' | 's'}_${string}`, number>>(sql`
    select ${sql.join(cols, sql`, `)}, ${sum(0, 'num')} as c_num, ${sum(0, 'den')} as c_den,
      ${sum(1, 'num')} as p_num, ${sum(1, 'den')} as p_den, ${sum(2, 'den')} as s_den
    from (${sql.join(parts, sql` union all `)}) s
    where ${sql.join(scopeConditions(rule.scope), sql` and `)}
    group by ${sql.join(cols, sql`, `)}`);
  const out: Measured[] = [];
  for (const r of rows) {
    const inWindow = Number(r.c_den) > 0 || Number(r.c_num) !== 0;
    if (!inWindow && !(spans.seen && Number(r.s_den) > 0)) continue;
    const subject = subjectOf(rule.scope, r);
    out.push({
      key: keyOf(subject),
      subject,
      sums: {
        cur: { num: Number(r.c_num), den: Number(r.c_den) },
        cmp: spans.cmp ? { num: Number(r.p_num), den: Number(r.p_den) } : null,
      },
    });
  }
  return withFixedSubject(rule, out);
};

/** A scope naming all its ids is watched even with no rows at all (no clicks on that offer is a zero). */
const withFixedSubject = (rule: StoredRule, out: Measured[]) => {
  const s = rule.scope;
  const fixed =
    (s.type === 'offer' && s.offer_uuid) ||
    (s.type === 'affiliate' && s.affiliate_uuid) ||
    (s.type === 'offer_affiliate' && s.offer_uuid && s.affiliate_uuid) ||
    (s.type === 'product' && s.product_uuid) ||
    (s.type === 'sub' && s.sub_value);
  if (!fixed || out.length) return out;
  const subject = subjectOf(s, {
    offer_id: s.offer_uuid,
    affiliate_id: s.affiliate_uuid,
    product_id: s.product_uuid,
    sub: s.sub_value,
  });
  const zero = { num: 0, den: 0 };
  return [
    { key: keyOf(subject), subject, sums: { cur: zero, cmp: rule.condition.kind === 'threshold' ? null : zero } },
  ];
};

/** Each cap of the scope's running offers in its current period (partner time zone): fill = used / limit. */
const measureCaps = async (db: Db, scope: RuleScope, tz: string): Promise<Measured[]> => {
  const where = [eq(offers.status, 'active')];
  if (scope.offer_uuid) where.push(eq(offerCaps.offerId, scope.offer_uuid));
  if (scope.affiliate_uuid) where.push(eq(offerCaps.affiliateId, scope.affiliate_uuid));
  const caps = await db
    .select({
      ...capRowColumns,
      periodKey: sql<string>`case ${offerCaps.period} when 'total' then 'total'
        else to_char(date_trunc(${offerCaps.period}, now() at time zone ${tz}), 'YYYY-MM-DD') end`,
    })
    .from(offerCaps)
    .innerJoin(offers, eq(offers.id, offerCaps.offerId))
    .where(and(...where));
  const fills = await capFills(db, caps, tz);
  return caps.map((c) => {
    const subject: Subject = { offerId: c.offerId, capId: c.id, ...(c.affiliateId && { affiliateId: c.affiliateId }) };
    const used = fills.get(c.id) ?? 0;
    return {
      key: `cap:${c.id}:${c.periodKey}`,
      subject,
      sums: { cur: { num: used, den: c.limit }, cmp: null },
      once: true,
    };
  });
};
