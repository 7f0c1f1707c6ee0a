import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Dashboard, GeneralQuery } from '@pxl/contract';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { sessionFor } from '#test/factories.ts';
import { offerCaps } from '../../db/schema.ts';
import { seedDemo } from '../../seed/demo.ts';
import { foldRollups } from '../tracking/index.ts';
import { resolveSession } from '../auth/index.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { capFills } from '../offers/index.ts';
import { generalReport, addDays, todayIn } from '../statistic/index.ts';
import { dashboardSummary } from './dashboard.service.ts';
import { dashboardPeriods, type DayRange } from './dashboard-periods.ts';
import { dashboardQuery } from './dashboard-query.ts';

// The dashboard must say what the general report says for the same days, and show each role only what it may see.

let t: TestApp;
let ids: Map<string, string>;
const auth: Record<string, AuthContext> = {};
const KYIV = 'Europe/Kyiv';
const now = new Date();
const p = dashboardPeriods(todayIn(KYIV, now));

beforeAll(async () => {
  t = await createTestApp();
  ids = await seedDemo(t.db, { clicks: 20_000, now: now.getTime() });
  await foldRollups(t.db, { wait: true });
  for (const key of ['admin', 'manager', 'affiliate', 'advertiser']) {
    auth[key] = (await resolveSession(t.db, await sessionFor(t.db, ids.get(key)!)))!;
  }
});
afterAll(async () => {
  await t?.close();
});

const totals = async (who: string, r: DayRange, extra: Partial<GeneralQuery> = {}) =>
  (await generalReport(t.db, auth[who], { ...dashboardQuery(KYIV, r), ...extra })).totals;
const summaryOf = async (who: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/dashboard/v1/summary',
    headers: { 'pxl-authorization': await sessionFor(t.db, ids.get(who)!) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Dashboard;
};

describe('dashboard periods', () => {
  it('compares the month to date with the same days of last month, cut at its end', () => {
    expect(dashboardPeriods('2026-03-31')).toMatchObject({
      today: { from: '2026-03-31', to: '2026-03-31' },
      yesterday: { from: '2026-03-30', to: '2026-03-30' },
      dayBefore: { from: '2026-03-29', to: '2026-03-29' },
      month: { from: '2026-03-01', to: '2026-03-31' },
      monthBefore: { from: '2026-02-01', to: '2026-02-28' },
      last30: { from: '2026-03-02', to: '2026-03-31' },
    });
    expect(dashboardPeriods('2024-03-30').monthBefore).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(dashboardPeriods('2026-01-15').monthBefore).toEqual({ from: '2025-12-01', to: '2025-12-15' });
    expect(dashboardPeriods('2026-05-01').monthBefore).toEqual({ from: '2026-04-01', to: '2026-04-01' });
  });
});

describe('dashboard figures are the general report', () => {
  it('today, yesterday and this month with their previous periods equal the report over the same days', async () => {
    const d = await dashboardSummary(t.db, auth.admin, now);
    expect(d.tz).toBe(KYIV);
    expect(d.today).toEqual({
      date_from: p.today.from,
      date_to: p.today.to,
      current: await totals('admin', p.today),
      previous: await totals('admin', p.yesterday),
    });
    const dayBefore = addDays(p.yesterday.from, -1);
    expect(d.yesterday.previous).toEqual(await totals('admin', { from: dayBefore, to: dayBefore }));
    expect(d.yesterday.current).toEqual(await totals('admin', p.yesterday));
    expect(d.month.current).toEqual(await totals('admin', p.month));
    expect(d.month.previous).toEqual(await totals('admin', p.monthBefore));
    expect(d.month.current.clicks).toBeGreaterThan(0);
  });

  it('covers both kinds of offer: clicks of direct-link plus API offers, and the leads of API offers', async () => {
    const d = await dashboardSummary(t.db, auth.admin, now);
    const direct = await totals('admin', p.month, { kind: 'direct_link' });
    const api = await totals('admin', p.month, { kind: 'api' });
    expect(d.month.current.clicks).toBe(direct.clicks + api.clicks);
    expect(d.month.current.conversions).toBe(direct.conversions + api.conversions);
    expect(d.month.current.leads).toBe(api.leads);
    expect(api.leads).toBeGreaterThan(0);
  });

  it('the chart is 30 days that add up to the report over them', async () => {
    const d = await dashboardSummary(t.db, auth.admin, now);
    const over30 = await totals('admin', p.last30);
    expect(d.chart.map((x) => x.at)).toEqual(Array.from({ length: 30 }, (_, i) => addDays(p.last30.from, i)));
    expect(d.chart[29].at).toBe(p.last30.to);
    expect(d.chart.reduce((s, x) => s + x.clicks, 0)).toBe(over30.clicks);
    expect(d.chart.reduce((s, x) => s + x.conversions, 0)).toBe(over30.conversions);
  });

  it('top offers and affiliates are the report grouped by them, by conversions, first five', async () => {
    const d = await dashboardSummary(t.db, auth.admin, now);
    for (const [group, rows] of [
      ['offer', d.top_offers],
      ['affiliate', d.top_affiliates],
    ] as const) {
      const report = await generalReport(t.db, auth.admin, {
        ...dashboardQuery(KYIV, p.last30),
        group: [group],
        sort: 'conversions',
        order: 'desc',
        count: 5,
      });
      expect(rows).toHaveLength(5);
      expect(rows.map((r) => [r.uuid, r.label, r.metrics.conversions])).toEqual(
        report.list.map((r) => [r.keys[0].value, r.keys[0].label, r.conversions]),
      );
      expect(rows[0].metrics.conversions).toBeGreaterThanOrEqual(rows[4].metrics.conversions);
    }
  });
});

describe('dashboard: what each role sees', () => {
  it('an affiliate gets their own figures with payouts, never revenue or profit, no top affiliates and no caps', async () => {
    const d = await summaryOf('affiliate');
    expect(d.month.current).toEqual(await totals('affiliate', p.month));
    expect(d.month.current.clicks).toBeGreaterThan(0);
    expect(d.month.current.payout).toBeDefined();
    expect(JSON.stringify(d)).not.toMatch(/"(revenue|profit)"/);
    expect(d.top_affiliates).toEqual([]);
    expect(d.top_offers.length).toBeGreaterThan(0);
    expect(d).not.toHaveProperty('caps_near_full');
  });

  it('an advertiser gets their offers only, affiliates by ID, never payouts, and no caps', async () => {
    const d = await summaryOf('advertiser');
    expect(d.month.current).toEqual(await totals('advertiser', p.month));
    expect(JSON.stringify(d)).not.toMatch(/"(payout|profit|epc)"/);
    expect(d.top_affiliates.length).toBeGreaterThan(0);
    for (const row of d.top_affiliates) expect(row.label).toMatch(/^ID [0-9a-f]{8}$/);
    // Their direct-link offers, and the API offers whose leads their products took.
    const { rows } = await t.db.execute<{
      id: string;
    }>(sql`select id::text from offers where advertiser_id = ${ids.get('advertiser')}
      union select op.offer_id::text from offer_products op join products p on p.id = op.product_id where p.advertiser_id = ${ids.get('advertiser')}`);
    const own = new Set(rows.map((r) => r.id));
    for (const row of d.top_offers) expect(own.has(row.uuid)).toBe(true);
    expect(d).not.toHaveProperty('caps_near_full');
  });

  it('a manager sees the figures of their affiliates only', async () => {
    const mine = await summaryOf('manager');
    const all = await summaryOf('admin');
    expect(mine.month.current).toEqual(await totals('manager', p.month));
    expect(mine.month.current.clicks).toBeGreaterThan(0);
    expect(mine.month.current.clicks).toBeLessThan(all.month.current.clicks);
    const { rows } = await t.db.execute<{ id: string }>(
      sql`select id::text from users where manager_id = ${ids.get('manager')}`,
    );
    const own = new Set(rows.map((r) => r.id));
    for (const row of mine.top_affiliates) expect(own.has(row.uuid)).toBe(true);
  });
});

describe('caps near full', () => {
  const ratio = (c: { used: number; limit: number }) => c.used / c.limit;
  /** Clicks that count against a cap: accepted (not trafficback) clicks of the offer, of one affiliate or all. */
  const addCap = async (offerId: string, affiliateId: string | null, limitOf: (fill: number) => number) => {
    const [cap] = await t.db
      .insert(offerCaps)
      .values({ offerId, affiliateId, metric: 'clicks', period: 'total', limit: 1_000_000_000 })
      .returning();
    const fill = (await capFills(t.db, [cap], KYIV)).get(cap.id)!;
    expect(fill).toBeGreaterThan(0);
    await t.db
      .update(offerCaps)
      .set({ limit: limitOf(fill) })
      .where(eq(offerCaps.id, cap.id));
    return cap.id;
  };
  const capIds = (d: Dashboard) =>
    d.caps_near_full!.map((c) => `${c.offer.uuid}|${c.affiliate?.uuid ?? ''}|${c.limit}`);

  it('shows caps at 80 % or more, fullest first; a manager only those on offers their affiliates ran and not bound to others', async () => {
    // An active offer both the manager's and another manager's affiliates sent clicks to.
    const {
      rows: [pick],
    } = await t.db.execute<{ offer: string; mine: string; other: string }>(sql`
      select c.offer_id::text as offer,
        (array_agg(c.affiliate_id::text) filter (where u.manager_id = ${ids.get('manager')}))[1] as mine,
        (array_agg(c.affiliate_id::text) filter (where u.manager_id is distinct from ${ids.get('manager')}))[1] as other
      from clicks c join users u on u.id = c.affiliate_id join offers o on o.id = c.offer_id
      where o.status = 'active' and c.trafficback_reason is null and c.created_at > now() - interval '20 days'
      group by 1 having count(*) filter (where u.manager_id = ${ids.get('manager')}) > 0
        and count(*) filter (where u.manager_id is distinct from ${ids.get('manager')}) > 0
      order by count(*) desc limit 1`);
    const [nearly, half, theirs, mine] = await Promise.all([
      addCap(pick.offer, null, (f) => Math.ceil(f / 0.9)),
      addCap(pick.offer, null, (f) => f * 2 + 1),
      addCap(pick.offer, pick.other, (f) => f),
      addCap(pick.offer, pick.mine, (f) => f),
    ]);
    const rows = await t.db
      .select()
      .from(offerCaps)
      .where(
        sql`${offerCaps.id} in (${sql.join(
          [nearly, half, theirs, mine].map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      );
    const key = (id: string) => {
      const c = rows.find((r) => r.id === id)!;
      return `${c.offerId}|${c.affiliateId ?? ''}|${c.limit}`;
    };

    const admin = await summaryOf('admin');
    expect(admin.caps_near_full!.length).toBeLessThanOrEqual(10);
    expect(capIds(admin)).toEqual(expect.arrayContaining([key(nearly), key(theirs), key(mine)]));
    expect(capIds(admin)).not.toContain(key(half));
    for (const c of admin.caps_near_full!) expect(ratio(c)).toBeGreaterThanOrEqual(0.8);
    const ratios = admin.caps_near_full!.map(ratio);
    expect(ratios).toEqual([...ratios].sort((a, b) => b - a));
    expect(admin.caps_near_full!.find((c) => c.affiliate?.uuid === pick.mine)).toMatchObject({
      period: 'total',
      metric: 'clicks',
    });

    const manager = await summaryOf('manager');
    expect(capIds(manager)).toEqual(expect.arrayContaining([key(nearly), key(mine)]));
    expect(capIds(manager)).not.toContain(key(theirs));
    expect(capIds(manager)).not.toContain(key(half));
  });
});
