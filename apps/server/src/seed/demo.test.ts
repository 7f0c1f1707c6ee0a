import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { count, eq, isNotNull, sql } from 'drizzle-orm';
import { CONVERSION_STATUSES, FRAUD_SIGNAL_CODES, RECON_BUCKETS, type FraudReason } from '@pxl/contract';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { sessionFor } from '#test/factories.ts';
import { clicks, conversions, landings, offers, products, users } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import { fraudScore } from '../modules/fraud/index.ts';
import { countryOf, parseAgent } from '../modules/tracking/index.ts';
import { seedDemo as seedFull } from './demo.ts';

// A small volume: the full one (npm start, the browser tests' server) takes about 25 s. One end of the window for
// every run, so two databases seeded seconds apart hold the same traffic.
const TRAFFIC = { clicks: 20_000, now: Date.now() };
const seedDemo = (db: Db) => seedFull(db, TRAFFIC);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const counts = async () => ({
  users: (await t.db.select({ n: count() }).from(users))[0].n,
  products: (await t.db.select({ n: count() }).from(products))[0].n,
  referred: (await t.db.select({ n: count() }).from(users).where(isNotNull(users.referrerId)))[0].n,
  offers: (await t.db.select({ n: count() }).from(offers))[0].n,
  landings: (await t.db.select({ n: count() }).from(landings))[0].n,
  clicks: (await t.db.select({ n: count() }).from(clicks))[0].n,
  conversions: (await t.db.select({ n: count() }).from(conversions))[0].n,
});

describe('seedDemo', () => {
  it('is idempotent: a second run adds nothing', async () => {
    const ids = await seedDemo(t.db);
    const first = await counts();
    const again = await seedDemo(t.db);
    expect(await counts()).toEqual(first);
    expect([...again.entries()]).toEqual([...ids.entries()]);
    expect(first.users).toBeGreaterThanOrEqual(7 + 36 + 12);
    expect(first.products).toBeGreaterThanOrEqual(12);
    expect(first.referred).toBeGreaterThan(0);
    expect(first.offers).toBeGreaterThanOrEqual(20);
    expect(first.landings).toBeGreaterThanOrEqual(10);
  });

  it('gives lists, paging and scoping something real to show', async () => {
    const ids = await seedDemo(t.db);
    const asRole = async (key: string) => sessionFor(t.db, ids.get(key)!);
    const listed = async (key: string, path: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${path}?count=20`,
        headers: { 'pxl-authorization': await asRole(key) },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { list: { manager: { uuid: string } | null }[]; count: number };
    };
    const admin = await listed('admin', '/api/affiliates/v1/list');
    expect(admin.count).toBeGreaterThan(20);
    const mark = await listed('manager', '/api/affiliates/v1/list');
    const mia = await listed('manager2', '/api/affiliates/v1/list');
    const tara = await listed('teamlead', '/api/affiliates/v1/list');
    expect(mark.count).toBeGreaterThan(5);
    expect(mia.count).toBeGreaterThan(5);
    expect(mark.list.every((a) => a.manager?.uuid === ids.get('manager'))).toBe(true);
    // Tara sees Mark's and her own, never Mia's.
    expect(tara.count).toBeGreaterThan(mark.count);
    expect(tara.list.some((a) => a.manager?.uuid === ids.get('manager2'))).toBe(false);
    expect(mark.count + mia.count + (tara.count - mark.count)).toBe(admin.count);
    const advertisers = await listed('manager2', '/api/advertisers/v1/list');
    expect(advertisers.count).toBeGreaterThanOrEqual(5);
    const [demoAdvertiser] = await t.db.select().from(users).where(eq(users.email, 'advertiser@demo.test'));
    // Two of the network's catalogue and the six sandbox buyers of the two API offers (demo-leads.ts).
    expect(
      (await t.db.select({ n: count() }).from(products).where(eq(products.advertiserId, demoAdvertiser.id)))[0].n,
    ).toBe(8);
  });

  it('gives the affiliate portal and the advertiser view offers of every kind', async () => {
    const ids = await seedDemo(t.db);
    const get = async (key: string, url: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'pxl-authorization': await sessionFor(t.db, ids.get(key)!) },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { list: { privacy?: string; access?: string; type: string }[]; count: number };
    };
    const all = await get('affiliate', '/api/offers/v1/portal/list?tab=all&count=100');
    const available = await get('affiliate', '/api/offers/v1/portal/list?tab=available&count=100');
    const live = await get('affiliate', '/api/offers/v1/portal/list?tab=live&count=100');
    expect(all.count).toBeGreaterThan(10);
    expect(all.list.some((o) => o.access === 'request')).toBe(true);
    expect(all.list.some((o) => o.privacy === 'private' && o.access === 'granted')).toBe(true);
    expect(new Set(all.list.map((o) => o.type))).toEqual(new Set(['direct_link', 'api']));
    expect(available.count).toBeLessThan(all.count);
    // The demo affiliate sends traffic to several offers, the three the browser tests use among them.
    expect(live.count).toBeGreaterThanOrEqual(3);
    const titles = (live.list as unknown as { title: string }[]).map((o) => o.title);
    expect(titles).toEqual(
      expect.arrayContaining(['SpinWin Casino — DE/AT', 'CoinApp — crypto wallet', 'Crypto leads EU — API']),
    );
    const own = await get('advertiser', '/api/offers/v1/advertiser/list');
    expect(own.list.map((o) => o.type)).toEqual(expect.arrayContaining(['direct_link', 'api']));
  });

  it('writes its traffic through the click writer, so the rollups agree with the raw tables', async () => {
    await seedDemo(t.db);
    const {
      rows: [r],
    } = await t.db.execute<Record<string, string>>(sql`select
      (select count(*) from clicks) as raw, (select coalesce(sum(clicks), 0) from stats_hourly) as rolled,
      (select count(*) filter (where is_unique) from clicks) as uniq, (select sum(unique_clicks) from stats_daily) as rolled_uniq,
      (select count(*) filter (where trafficback_reason is not null) from clicks) as tb, (select sum(trafficback) from stats_daily) as rolled_tb,
      (select count(*) filter (where is_bot) from clicks) as bots, (select sum(bots) from stats_hourly) as rolled_bots,
      (select count(*) from conversions where flow = 'accepted') as conv, (select coalesce(sum(conversions), 0) from stats_daily) as rolled_conv,
      (select count(*) from conversions where flow = 'accepted' and status = 'approved') as approved, (select sum(approved) from stats_hourly) as rolled_approved,
      (select count(*) from conversions where flow = 'accepted' and status = 'hold') as hold, (select sum(hold) from stats_daily) as rolled_hold,
      (select sum(payout) from conversions where flow = 'accepted' and status <> 'rejected') as payout, (select sum(payout) from stats_daily) as rolled_payout,
      (select sum(revenue) from conversions where flow = 'accepted' and status <> 'rejected') as revenue, (select sum(revenue) from stats_hourly) as rolled_revenue,
      (select count(*) filter (where fraud_score >= 50) from clicks) as fraud, (select sum(fraud_clicks) from stats_hourly) as rolled_fraud`);
    expect(Number(r.raw)).toBeGreaterThan(15_000);
    for (const k of ['', 'uniq', 'tb', 'bots', 'conv', 'approved', 'hold', 'payout', 'revenue', 'fraud']) {
      const raw = Number(r[k || 'raw']);
      expect(raw, k).toBeGreaterThan(0);
      expect(Number(r[k ? `rolled_${k}` : 'rolled']), k).toBe(raw);
    }
    // Repeat visitors make some clicks not unique.
    expect(Number(r.uniq)).toBeLessThan(Number(r.raw));
  });

  it('spreads 60 days of traffic with conversions of every status, after their click and never in the future', async () => {
    await seedDemo(t.db);
    const q = async (query: ReturnType<typeof sql>) => (await t.db.execute<Record<string, string>>(query)).rows;
    const [span] = await q(
      sql`select count(distinct (created_at at time zone 'UTC')::date) as days, max(created_at) <= now() as past from clicks`,
    );
    expect(Number(span.days)).toBeGreaterThanOrEqual(50);
    expect(span.past).toBe(true);
    const statuses = await q(sql`select status, count(*) as n from conversions group by status`);
    expect(statuses.map((s) => s.status).sort()).toEqual([...CONVERSION_STATUSES].sort());
    const [order] = await q(sql`select count(*) as n, count(c.id) as with_click,
      count(*) filter (where v.created_at < c.created_at or v.created_at > now()
        or (v.created_at > c.created_at + interval '48 hours' and not v.fraud_reasons @> '[{"code": "ctit_long"}]')) as wrong
      from conversions v left join clicks c on c.id = v.click_id`);
    expect(Number(order.with_click)).toBe(Number(order.n));
    expect(Number(order.wrong)).toBe(0);
    // The history ends in the conversion's status; staff steps say why; nothing pending is past its hold days;
    // the sources are postbacks, staff, the hold job and the fraud actions.
    const [history] = await q(sql`select
      count(*) filter (where v.status <> (select h.to_status from conversion_history h where h.conversion_id = v.id order by h.created_at desc limit 1)) as off,
      (select count(*) from conversion_history where source = 'staff' and reason = '') as silent,
      (select count(distinct source) from conversion_history) as sources,
      count(*) filter (where v.status = 'pending' and v.hold_until <= now()) as overdue,
      count(*) filter (where v.flow = 'trafficback') as tb_flow
      from conversions v`);
    expect(history).toMatchObject({ off: '0', silent: '0', sources: '4', overdue: '0' });
    expect(Number(history.tb_flow)).toBeGreaterThan(0);
    const reasons = await q(
      sql`select distinct trafficback_reason as r from clicks where trafficback_reason is not null`,
    );
    expect(reasons.length).toBeGreaterThanOrEqual(6);
  });

  it('scores every click, lead and conversion with the engine, carries each signal, and holds and rejects by score', async () => {
    await seedDemo(t.db);
    const q = async (query: ReturnType<typeof sql>) => (await t.db.execute<Record<string, string>>(query)).rows;
    // Each table: how many rows, how many unscored, how many carry each signal, how many are flagged.
    const perCode = (table: string, where = 'true') =>
      q(
        sql.raw(`select count(*) as n, count(*) filter (where fraud_score is null) as unscored,
        count(*) filter (where fraud_score >= 50) as flagged,
        ${FRAUD_SIGNAL_CODES.map((c) => `count(*) filter (where fraud_reasons @> '[{"code": "${c}"}]') as ${c}`).join(', ')}
        from ${table} where ${where}`),
      );
    const [c] = await perCode('clicks');
    const [l] = await perCode('leads', 'click_id is not null');
    const [v] = await perCode('conversions');
    expect([c.unscored, l.unscored, v.unscored]).toEqual(['0', '0', '0']);
    const carried = {
      clicks: { datacenter_ip: c.datacenter_ip, bot_agent: c.bot_agent, ip_velocity: c.ip_velocity },
      leads: {
        datacenter_ip: l.datacenter_ip,
        duplicate_contact: l.duplicate_contact,
        geo_mismatch: l.geo_mismatch,
        ip_mismatch: l.ip_mismatch,
      },
      conversions: { ctit_short: v.ctit_short, ctit_long: v.ctit_long },
    };
    for (const [on, codes] of Object.entries(carried))
      for (const [code, n] of Object.entries(codes)) expect(Number(n), `${code} on ${on}`).toBeGreaterThan(0);
    // A few percent, not a flood: most of the demo is clean.
    expect(Number(c.flagged) / Number(c.n)).toBeLessThan(0.1);
    expect(Number(v.flagged) / Number(v.n)).toBeLessThan(0.15);

    // The scores are the engine's score of the stored reasons; a conversion carries its click's and its lead's reasons.
    const sample = await q(sql`(select fraud_score, fraud_reasons from clicks where fraud_score > 0 limit 200)
      union all (select fraud_score, fraud_reasons from leads where fraud_score > 0 limit 200)
      union all (select fraud_score, fraud_reasons from conversions where fraud_score > 0 limit 200)`);
    for (const r of sample) expect(Number(r.fraud_score)).toBe(fraudScore(r.fraud_reasons as unknown as FraudReason[]));
    const [lost] = await q(sql`select count(*) as n from conversions v join clicks c on c.id = v.click_id
      left join leads l on l.id = v.lead_id
      where exists (select 1 from jsonb_array_elements(c.fraud_reasons || coalesce(l.fraud_reasons, '[]')) r
        where not v.fraud_reasons @> jsonb_build_array(jsonb_build_object('code', r->>'code')))`);
    expect(lost.n).toBe('0');

    // Offers with their own thresholds hold and reject some conversions on arrival, with the reasons and an audit row.
    const acted = await q(sql`select v.fraud_action as action, v.status, count(*) as n,
      count(*) filter (where h.reason like '%for traffic quality (score%') as explained,
      count(*) filter (where a.id is not null) as audited
      from conversions v join conversion_history h on h.conversion_id = v.id and h.source = 'fraud'
      left join audit_log a on a.action = 'fraud_action' and a.details->>'uuid' = v.id::text
      where v.fraud_action is not null group by 1, 2 order by 1`);
    expect(acted.map((a) => [a.action, a.status])).toEqual([
      ['hold', 'hold'],
      ['reject', 'rejected'],
    ]);
    for (const a of acted) expect([a.explained, a.audited]).toEqual([a.n, a.n]);
  });

  it('gives each click a user agent that the server parses to its device, OS and browser, and an IP in its country', async () => {
    await seedDemo(t.db);
    const agents = (
      await t.db.execute<{ user_agent: string; device: string; os: string; browser: string; is_bot: boolean }>(sql`
      select distinct user_agent, device, os, browser, is_bot from clicks`)
    ).rows;
    expect(agents.length).toBeGreaterThan(10);
    for (const a of agents)
      expect({ ...parseAgent(a.user_agent) }, a.user_agent).toEqual({
        device: a.device,
        os: a.os,
        browser: a.browser,
        bot: a.is_bot,
      });
    const sample = (
      await t.db.execute<{ ip: string; country: string }>(sql`select ip, country from clicks order by id limit 500`)
    ).rows;
    expect(sample.filter((c) => countryOf(c.ip) === c.country).length).toBe(sample.length);
  });

  it('gives the Cold API two lists, two rules, a finished distribution with its sends and a running one', async () => {
    await seedDemo(t.db);
    const rows = async <T>(q: ReturnType<typeof sql>) => (await t.db.execute(q)).rows as T[];
    const lists = await rows<{ source: string; n: string }>(sql`
      select l.source, (select count(*) from cold_list_leads i where i.list_id = l.id) as n
      from cold_lead_lists l order by l.source desc`);
    expect(lists.map((l) => l.source)).toEqual(['user_session', 'conversion']);
    for (const l of lists) expect(Number(l.n), l.source).toBeGreaterThan(0);
    expect(await rows(sql`select id from cold_rules`)).toHaveLength(2);
    const runs = await rows<{ status: string; sends: string; accepted: string; skipped: string; foreign: string }>(sql`
      select d.status, count(s.id) as sends,
        count(*) filter (where c.status = 'accepted') as accepted,
        count(*) filter (where s.skip_reason is not null) as skipped,
        count(*) filter (where c.id is not null and (c.origin_lead_id <> s.origin_lead_id or c.affiliate_id <> d.affiliate_id
          or c.offer_id <> d.offer_id)) as foreign
      from cold_distributions d left join cold_sends s on s.distribution_id = d.id left join leads c on c.id = s.session_id
      group by d.id, d.status order by d.status`);
    expect(runs.map((r) => r.status)).toEqual(['active', 'done']);
    const done = runs[1];
    expect(Number(done.sends)).toBeGreaterThan(20);
    expect(Number(done.accepted)).toBeGreaterThan(0);
    expect(Number(done.skipped)).toBeGreaterThan(0);
    // Every send is a new user session of the acting affiliate on the target offer, copying the lead it re-sent.
    expect(Number(done.foreign)).toBe(0);
    // The stored leads themselves are untouched: still failed, and no copy is in a list.
    expect(
      await rows(
        sql`select 1 from cold_list_leads i join leads l on l.id = i.lead_id where l.origin_lead_id is not null`,
      ),
    ).toHaveLength(0);
  });

  it('has an advertiser report ready to reconcile: classified, with rows in every bucket, two older periods', async () => {
    const ids = await seedDemo(t.db);
    const imports = (
      await t.db.execute<{ id: string; advertiser_id: string; created_by: string; state: string }>(
        sql`select id, advertiser_id, created_by, state from reconciliation_imports order by created_at`,
      )
    ).rows;
    expect(imports).toHaveLength(3);
    expect(new Set(imports.map((i) => [i.advertiser_id, i.created_by, i.state].join()))).toEqual(
      new Set([[imports[0].advertiser_id, ids.get('admin'), 'classified'].join()]),
    );
    const main = imports[2];
    const buckets = await t.db.execute<{ bucket: string; n: string }>(
      sql`select bucket, count(*) as n from reconciliation_rows where import_id = ${main.id} group by 1`,
    );
    const n = Object.fromEntries(buckets.rows.map((b) => [b.bucket, Number(b.n)]));
    for (const bucket of RECON_BUCKETS) expect(n[bucket], bucket).toBeGreaterThan(0);
    expect(n.matched).toBeGreaterThan(Object.values(n).reduce((a, b) => a + b, 0) / 2);
    const [applied] = (
      await t.db.execute<{ n: string }>(sql`select count(*) as n from reconciliation_rows where applied_at is not null`)
    ).rows;
    expect(applied.n).toBe('0');
    // Three points for the discrepancy chart, each with conversions of ours.
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/reconciliation/v1/advertisers/${main.advertiser_id}/discrepancy`,
      headers: { 'pxl-authorization': await sessionFor(t.db, ids.get('admin')!) },
    });
    const points = res.json().data.items as { import_uuid: string; discrepancy_percent: number | null }[];
    expect(new Set(points.map((p) => p.import_uuid)).size).toBe(3);
    // The currency their report put one row in has no base of ours.
    const based = new Set(points.filter((p) => p.discrepancy_percent !== null).map((p) => p.import_uuid));
    expect(based.size, JSON.stringify(points)).toBe(3);
    // Every period differs a little, so the chart shows bars rather than zeros.
    for (const p of points.filter((x) => x.discrepancy_percent !== null))
      expect(p.discrepancy_percent, JSON.stringify(p)).toBeGreaterThan(0);
  });

  it('is the same traffic on every run: the random source is seeded, the clock is the one given', async () => {
    const other = await createTestApp();
    try {
      // The wall clock a day and a half later: nothing of the demo may read it when `now` is given.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(TRAFFIC.now + 36 * 3_600_000);
      try {
        await seedFull(other.db, TRAFFIC);
      } finally {
        vi.useRealTimers();
      }
      const summary = async (db: Db) =>
        (
          await db.execute(sql`select o.title, count(*) as clicks, count(distinct c.ip) as ips,
        (select count(*) from conversions v where v.offer_id = o.id) as conversions,
        (select coalesce(sum(payout), 0) from conversions v where v.offer_id = o.id) as payout
        from clicks c join offers o on o.id = c.offer_id group by o.id, o.title order by o.title`)
        ).rows;
      expect(await summary(other.db)).toEqual(await summary(t.db));
    } finally {
      await other.close();
    }
  });
});
