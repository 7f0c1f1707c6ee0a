import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { generalQuerySchema, type GeneralQuery, type GeneralReport } from '@pxl/contract';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { randomIp, sessionFor } from '#test/factories.ts';
import { seedDemo } from '../../seed/demo.ts';
import { foldRollups, writeClicks } from '../tracking/index.ts';
import { resolveSession } from '../auth/index.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { generalReport, chartReport } from './report.service.ts';
import { addDays, todayIn } from './report-period.ts';

// The report read from the rollups must say exactly what the raw tables say, for every grouping, filter and zone.

let t: TestApp;
let ids: Map<string, string>;
const auth: Record<string, AuthContext> = {};
const KYIV = 'Europe/Kyiv';
const to = todayIn(KYIV);
const from = addDays(to, -40);

beforeAll(async () => {
  t = await createTestApp();
  ids = await seedDemo(t.db, { clicks: 20_000, now: Date.now() });
  await foldRollups(t.db, { wait: true });
  for (const key of ['admin', 'manager', 'affiliate', 'advertiser']) {
    auth[key] = (await resolveSession(t.db, await sessionFor(t.db, ids.get(key)!)))!;
  }
});
afterAll(async () => {
  await t?.close();
});

const query = (q: Record<string, unknown>): GeneralQuery =>
  generalQuerySchema.parse({ date_from: from, date_to: to, tz: KYIV, count: 100, ...q });
const both = async (who: string, q: Record<string, unknown>) => {
  const parsed = query(q);
  const rollup = await generalReport(t.db, auth[who], parsed);
  const raw = await generalReport(t.db, auth[who], parsed, { source: 'raw' });
  return { rollup, raw };
};
const strip = (r: GeneralReport) => ({ ...r, source: undefined });

describe('general report: rollups equal the raw tables', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['admin', { group: 'day' }],
    ['admin', { group: 'offer,geo' }],
    ['admin', { group: 'hour', date_from: addDays(to, -3) }],
    ['admin', { group: 'affiliate,device', tz: 'UTC' }],
    ['admin', { group: 'os,landing', tz: 'America/New_York' }],
    ['admin', { group: 'advertiser,manager' }],
    ['admin', { group: 'advertiser', kind: 'api' }],
    ['admin', { group: 'product', kind: 'api' }],
    ['admin', { group: 'day,product', kind: 'api', tz: 'UTC' }],
    ['admin', { group: 'geo', geo: 'DE,GB', device: 'mobile' }],
    ['manager', { group: 'affiliate' }],
    ['affiliate', { group: 'offer' }],
    ['advertiser', { group: 'affiliate,day' }],
  ];
  it.each(cases)('%s grouped %j', async (who, q) => {
    const { rollup, raw } = await both(who, q);
    expect(rollup.source).toBe('rollup');
    expect(raw.source).toBe('raw');
    expect(strip(rollup)).toEqual(strip(raw));
    expect(rollup.totals.clicks + (rollup.totals.leads ?? 0)).toBeGreaterThan(0);
  });
});

describe('general report: numbers are the straight counts', () => {
  it('clicks and unique clicks per Kyiv day equal a count over the click table', async () => {
    const report = await generalReport(t.db, auth.admin, query({ group: 'day', count: 100 }));
    const { rows } = await t.db.execute<{ day: string; n: string; u: string }>(sql`
      select to_char(c.created_at at time zone ${KYIV}, 'YYYY-MM-DD') as day, count(*) as n, count(*) filter (where c.is_unique) as u
      from clicks c join offers o on o.id = c.offer_id
      where o.type = 'direct_link' and (c.created_at at time zone ${KYIV})::date between ${from}::date and ${to}::date group by 1 order by 1`);
    expect(report.list.map((r) => [r.keys[0].value, r.clicks, r.unique_clicks])).toEqual(
      rows.map((r) => [r.day, Number(r.n), Number(r.u)]),
    );
  });

  it('conversions by status and money per currency per offer equal the conversion table', async () => {
    const report = await generalReport(t.db, auth.admin, query({ group: 'offer', count: 100 }));
    const { rows } = await t.db.execute<{
      offer: string;
      n: string;
      approved: string;
      payout: string;
      currency: string;
    }>(sql`
      select v.offer_id::text as offer, count(*) as n, count(*) filter (where v.status = 'approved') as approved,
        sum(v.payout) filter (where v.status <> 'rejected') as payout, min(v.currency) as currency
      from conversions v join offers o on o.id = v.offer_id
      where o.type = 'direct_link' and not v.is_test and v.flow = 'accepted'
        and (v.created_at at time zone ${KYIV})::date between ${from}::date and ${to}::date group by 1`);
    expect(rows.length).toBeGreaterThan(3);
    for (const r of rows) {
      const row = report.list.find((x) => x.keys[0].value === r.offer)!;
      expect([row.conversions, row.approved, row.payout?.[r.currency] ?? 0]).toEqual([
        Number(r.n),
        Number(r.approved),
        Number(r.payout ?? 0),
      ]);
    }
  });

  it("EPC divides each currency's payout by the clicks of the offers paying in it", async () => {
    const report = await generalReport(t.db, auth.admin, query({ group: 'day' }));
    const { rows } = await t.db.execute<{ currency: string; clicks: string }>(sql`
      select o.currency, count(*) as clicks from clicks c join offers o on o.id = c.offer_id
      where o.type = 'direct_link' and (c.created_at at time zone ${KYIV})::date between ${from}::date and ${to}::date group by 1`);
    expect(rows.length).toBeGreaterThan(1);
    for (const r of rows) {
      expect(report.totals.epc?.[r.currency]).toBeCloseTo(
        (report.totals.payout?.[r.currency] ?? 0) / Number(r.clicks),
        2,
      );
    }
  });

  it('a click at 22:30 UTC counts on the next day in Kyiv and on its own day in UTC', async () => {
    // A day the demo has no traffic on, with clicks written by the real writer at 12:00 and 22:30 UTC.
    const day = addDays(to, -120);
    const {
      rows: [o],
    } = await t.db.execute<{ id: string }>(sql`select id::text from offers where type = 'direct_link' limit 1`);
    const click = (at: string) => ({
      id: randomUUID(),
      createdAt: new Date(`${day}T${at}:00Z`),
      offerId: o.id,
      affiliateId: ids.get('affiliate')!,
      ip: randomIp(),
      country: 'DE',
    });
    await writeClicks(t.db, [click('12:00'), click('22:30'), click('22:30'), click('22:30')]);
    const clicksOn = async (tz: string, d: string) =>
      (await generalReport(t.db, auth.admin, query({ group: 'day', tz, date_from: d, date_to: d, offer: o.id }))).totals
        .clicks;
    expect([await clicksOn('UTC', day), await clicksOn(KYIV, day), await clicksOn(KYIV, addDays(day, 1))]).toEqual([
      4, 1, 3,
    ]);
  });

  it('a half-hour zone and a sub-ID grouping are answered from the raw tables, for at most 31 days', async () => {
    const month = { date_from: addDays(to, -30) };
    expect((await generalReport(t.db, auth.admin, query({ group: 'day', tz: 'Asia/Kolkata', ...month }))).source).toBe(
      'raw',
    );
    const subs = await generalReport(t.db, auth.admin, query({ group: 'sub1', ...month }));
    expect(subs.source).toBe('raw');
    expect(subs.totals).toEqual((await generalReport(t.db, auth.admin, query({ group: 'day', ...month }))).totals);
    // A longer period would read every click of it: refused at the field, while rollup reports may go on.
    for (const q of [{ group: 'sub1' }, { group: 'day', tz: 'Asia/Kolkata' }, { group: 'day', status: 'approved' }]) {
      await expect(generalReport(t.db, auth.admin, query(q))).rejects.toMatchObject({
        statusCode: 400,
        errors: { date_from: expect.stringMatching(/at most 31 days/) },
      });
    }
    expect((await generalReport(t.db, auth.admin, query({ group: 'day' }))).source).toBe('rollup');
  });

  it('the chart adds up to the totals, with every day present', async () => {
    const chart = await chartReport(t.db, auth.admin, query({}));
    const report = await generalReport(t.db, auth.admin, query({ group: 'day' }));
    expect(chart.points).toHaveLength(41);
    expect(chart.points.reduce((s, p) => s + p.clicks, 0)).toBe(report.totals.clicks);
    expect(chart.points.reduce((s, p) => s + p.conversions, 0)).toBe(report.totals.conversions);
  });
});

describe('general report: what each role sees', () => {
  const get = async (who: string, qs: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/statistic/v1/general?date_from=${from}&date_to=${to}&tz=${KYIV}&${qs}`,
      headers: { 'pxl-authorization': await sessionFor(t.db, ids.get(who)!) },
    });

  it('an affiliate sees their own traffic, payouts but never revenue, profit, advertisers or products', async () => {
    const res = await get('affiliate', 'group=offer');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as GeneralReport;
    const {
      rows: [own],
    } = await t.db.execute<{ n: string }>(sql`select count(*) as n from clicks c join offers o on o.id = c.offer_id
      where o.type = 'direct_link' and c.affiliate_id = ${ids.get('affiliate')} and (c.created_at at time zone ${KYIV})::date between ${from}::date and ${to}::date`);
    expect(data.totals.clicks).toBe(Number(own.n));
    expect(data.totals.payout).toBeDefined();
    for (const row of [data.totals, ...data.list])
      expect(Object.keys(row)).not.toEqual(expect.arrayContaining(['revenue']));
    expect(JSON.stringify(data)).not.toMatch(/"(revenue|profit)"/);
    for (const bad of [
      'group=advertiser',
      'group=day,product',
      'group=manager',
      `advertiser=${ids.get('advertiser')}`,
    ]) {
      const refused = await get('affiliate', bad);
      expect(refused.statusCode, bad).toBe(400);
    }
  });

  it('an advertiser sees only their offers, affiliates by ID, and no payout', async () => {
    const data = (await get('advertiser', 'group=affiliate')).json().data as GeneralReport;
    expect(JSON.stringify(data)).not.toMatch(/"(payout|profit|epc)"/);
    for (const row of data.list) expect(row.keys[0].label).toMatch(/^(ID [0-9a-f]{8}|\(none\))$/);
    const {
      rows: [own],
    } = await t.db.execute<{ n: string }>(sql`select count(*) as n from clicks c join offers o on o.id = c.offer_id
      where o.type = 'direct_link' and o.advertiser_id = ${ids.get('advertiser')} and (c.created_at at time zone ${KYIV})::date between ${from}::date and ${to}::date`);
    expect(data.totals.clicks).toBe(Number(own.n));
  });

  it('on API offers the advertiser is the owner of the product that took the lead, and sees just those', async () => {
    const res = await get('admin', 'kind=api&group=advertiser&count=100');
    expect(res.statusCode, res.body).toBe(200);
    const byAdvertiser = res.json().data as GeneralReport;
    const placed = byAdvertiser.list.filter((r) => (r.accepted ?? 0) > 0);
    expect(placed.length).toBeGreaterThan(1);
    for (const row of placed) expect(row.keys[0].label).not.toBe('(none)');
    const {
      rows: [owner],
    } = await t.db.execute<{ id: string; accepted: string }>(sql`
      select p.advertiser_id::text as id, count(*) as accepted from leads l join products p on p.id = l.product_id join offers o on o.id = l.offer_id
      where o.type = 'api' and l.status = 'accepted' and not l.is_test and (l.created_at at time zone ${KYIV})::date between ${from}::date and ${to}::date
      group by 1 order by 2 desc limit 1`);
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/statistic/v1/general?kind=api&date_from=${from}&date_to=${to}&tz=${KYIV}&group=product`,
      headers: { 'pxl-authorization': await sessionFor(t.db, owner.id) },
    });
    expect((theirs.json().data as GeneralReport).totals.accepted).toBe(Number(owner.accepted));
    expect(placed.find((r) => r.keys[0].value === owner.id)?.accepted).toBe(Number(owner.accepted));
  });

  it('a manager sees only their affiliates; an admin sees everyone', async () => {
    const mine = (await get('manager', 'group=affiliate&count=100')).json().data as GeneralReport;
    const all = (await get('admin', 'group=affiliate&count=100')).json().data as GeneralReport;
    const { rows } = await t.db.execute<{ id: string }>(
      sql`select id::text from users where manager_id = ${ids.get('manager')}`,
    );
    const own = new Set(rows.map((r) => r.id));
    expect(mine.list.length).toBeGreaterThan(0);
    for (const row of mine.list) expect(own.has(row.keys[0].value)).toBe(true);
    expect(all.totals.clicks).toBeGreaterThan(mine.totals.clicks);
  });

  it('refuses a bad grouping or range with a message at the field', async () => {
    expect((await get('admin', 'group=day,day')).statusCode).toBe(400);
    expect((await get('admin', 'group=weekday')).statusCode).toBe(400);
    const backwards = await t.app.inject({
      method: 'GET',
      url: `/api/statistic/v1/general?date_from=${to}&date_to=${from}`,
      headers: { 'pxl-authorization': await sessionFor(t.db, ids.get('admin')!) },
    });
    expect(backwards.statusCode).toBe(400);
    expect(JSON.stringify(backwards.json())).toContain('The end date is before the start date');
    const noDay = await t.app.inject({
      method: 'GET',
      url: '/api/statistic/v1/general?date_from=2026-02-31',
      headers: { 'pxl-authorization': await sessionFor(t.db, ids.get('admin')!) },
    });
    expect([noDay.statusCode, noDay.json().error]).toEqual([400, { date_from: 'No such day' }]);
  });

  it('compares with the period of the same length just before', async () => {
    const data = (await get('admin', 'group=day&compare=true')).json().data as GeneralReport;
    expect(data.previous).toMatchObject({ date_to: addDays(from, -1), date_from: addDays(from, -41) });
  });
});
