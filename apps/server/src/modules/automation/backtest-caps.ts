import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { offerCaps, offers } from '../../db/schema.ts';
import { generalSettings } from '../settings/index.ts';
import type { Subject } from './rule-actions.ts';
import type { StoredRule } from './rules.repository.ts';

type Cap = typeof offerCaps.$inferSelect;
/** When a replayed rule would have fired, for whom, on what figure. */
export type Fire = { at: Date; subject: Subject; value: number; comparedTo: number | null };

/** What a cap counts, as offers' capCount does, cut by the hour from `since` (partner time zone periods). */
const hourlyCounts = (c: Cap, since: Date | null, to: Date): SQL => {
  const table = sql.raw(c.metric === 'clicks' ? 'clicks' : c.metric === 'leads' ? 'leads' : 'conversions');
  const conds: SQL[] = [sql`offer_id = ${c.offerId}`, sql`created_at < ${to}`];
  if (since) conds.push(sql`created_at >= ${since}`);
  if (c.geo) conds.push(sql`country = ${c.geo}`);
  if (c.device) conds.push(sql`device = ${c.device}`);
  if (c.os) conds.push(sql`os = ${c.os}`);
  if (c.affiliateId) conds.push(sql`affiliate_id = ${c.affiliateId}`);
  if (c.metric === 'clicks') conds.push(sql`trafficback_reason is null`);
  if (c.metric === 'leads') conds.push(sql`status <> 'failed' and not is_test`);
  if (c.metric === 'conversions') conds.push(sql`flow = 'accepted' and status <> 'rejected' and not is_test`);
  return sql`select ${c.id}::uuid as cap_id, date_trunc('hour', created_at) as h, count(*)::int as n
    from ${table} where ${sql.join(conds, sql` and `)} group by 2`;
};

/**
 * A cap's fill replayed hour by hour: the running count within each period of the cap, and a firing at the end of
 * the first hour of a period that reaches the rule's percent (once per cap and period, as the evaluator does).
 */
export const backtestCaps = async (db: Db, rule: StoredRule, from: Date, to: Date): Promise<Fire[]> => {
  const where = [eq(offers.status, 'active')];
  if (rule.scope.offer_uuid) where.push(eq(offerCaps.offerId, rule.scope.offer_uuid));
  if (rule.scope.affiliate_uuid) where.push(eq(offerCaps.affiliateId, rule.scope.affiliate_uuid));
  const caps = (
    await db
      .select({ c: offerCaps })
      .from(offerCaps)
      .innerJoin(offers, eq(offers.id, offerCaps.offerId))
      .where(and(...where))
  ).map((r) => r.c);
  if (!caps.length) return [];
  const { time_zone: tz } = await generalSettings.get(db);
  // A month before the period covers the start of any day, week or month period running at its start.
  const since = new Date(from.getTime() - 32 * 24 * 3_600_000);
  const parts = caps.map((c) => hourlyCounts(c, c.period === 'total' ? null : since, to));
  const { rows } = await db.execute<{ cap_id: string; h: Date | string; used: number; pk: string }>(sql`
    select x.cap_id, x.h, sum(x.n) over (partition by x.cap_id, x.pk order by x.h)::int as used, x.pk
    from (select u.*, case oc.period when 'total' then 'total'
        else to_char(date_trunc(oc.period, u.h at time zone ${tz}), 'YYYY-MM-DD') end as pk
      from (${sql.join(parts, sql` union all `)}) u join offer_caps oc on oc.id = u.cap_id) x
    order by x.cap_id, x.h`);
  const byId = new Map(caps.map((c) => [c.id, c]));
  const done = new Set<string>();
  const fires: Fire[] = [];
  for (const r of rows) {
    const cap = byId.get(r.cap_id)!;
    const key = `${r.cap_id}:${r.pk}`;
    const fill = Math.round((Number(r.used) / cap.limit) * 10_000) / 100;
    if (done.has(key) || fill < rule.condition.value || Number(r.used) < rule.condition.min_volume) continue;
    done.add(key);
    const at = new Date(new Date(r.h).getTime() + 3_600_000);
    if (at <= from) continue;
    const subject = { offerId: cap.offerId, capId: cap.id, ...(cap.affiliateId && { affiliateId: cap.affiliateId }) };
    fires.push({ at, subject, value: fill, comparedTo: null });
  }
  return fires.sort((a, b) => a.at.getTime() - b.at.getTime());
};
