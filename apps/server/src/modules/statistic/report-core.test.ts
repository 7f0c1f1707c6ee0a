import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_GENERAL_SETTINGS, generalQuerySchema } from '@pxl/contract';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { randomIp, sessionFor } from '#test/factories.ts';
import { seedDemo } from '../../seed/demo.ts';
import { foldRollups, rollUpConversion, statusDelta, writeClicks } from '../tracking/index.ts';
import { resolveSession } from '../auth/index.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { generalSettings } from '../settings/index.ts';
import { generalReport, reportSource } from './report.service.ts';
import { addDays, chooseSource, todayIn } from './report-period.ts';

// stats_daily_core (migration 0015) holds days in UTC and in the partner zone; it must stay stats_hourly summed by
// each zone's day, through click batches, folds and a change of the partner zone while traffic is being written.

let t: TestApp;
let ids: Map<string, string>;
let admin: AuthContext;
const KYIV = 'Europe/Kyiv';

beforeAll(async () => {
  t = await createTestApp();
  ids = await seedDemo(t.db, { clicks: 5_000, now: Date.now() });
  await foldRollups(t.db, { wait: true });
  admin = (await resolveSession(t.db, await sessionFor(t.db, ids.get('admin')!)))!;
});
afterAll(async () => {
  await t?.close();
});

const COUNTS =
  'clicks, unique_clicks, trafficback, bots, conversions, approved, pending, rejected, hold, payout, revenue, leads, accepted, ftd, fraud_clicks';
/** Rows of the core table that the hourly table does not explain, and the other way round. */
const mismatches = async () => {
  const { rows } = await t.db.execute(
    sql.raw(`
    with core as (select zone, day, offer_id, affiliate_id, country, product_id, currency, ${COUNTS} from stats_daily_core),
    derived as (select z.zone, (h.hour at time zone z.zone)::date as day, offer_id, affiliate_id, country, product_id, currency,
      ${COUNTS.split(', ')
        .map((c) => `sum(${c})::${c === 'payout' || c === 'revenue' ? 'bigint' : 'int'}`)
        .join(', ')}
      from stats_hourly h cross join stats_zones z group by 1, 2, 3, 4, 5, 6, 7)
    (select 'core only' as side, * from core except select 'core only', * from derived)
    union all (select 'hourly only', * from derived except select 'hourly only', * from core)`),
  );
  return rows;
};
const zones = async () =>
  (await t.db.execute<{ zone: string }>(sql`select zone from stats_zones order by zone`)).rows.map((r) => r.zone);
const setZone = (time_zone: string) =>
  generalSettings.put(
    t.db,
    { ...DEFAULT_GENERAL_SETTINGS, partner_title: 'Demo Network', time_zone },
    ids.get('admin')!,
    '127.0.0.1',
  );

describe('the zone-day rollup', () => {
  it('is cut at UTC and the partner zone, and equals the hourly rollup summed by their days', async () => {
    expect(await zones()).toEqual([KYIV, 'UTC']);
    const {
      rows: [n],
    } = await t.db.execute<{ n: string }>(
      sql`select count(*) as n from stats_daily_core where zone = ${KYIV} and clicks > 0`,
    );
    expect(Number(n.n)).toBeGreaterThan(0);
    expect(await mismatches()).toEqual([]);
  });

  it('answers coarse reports in its zones, and the finer tables answer the rest', () => {
    const pick = (dims: string[], tz: string, o: { coarse?: boolean; rawNeeded?: boolean } = {}) =>
      chooseSource(
        { dims: dims as never, rawNeeded: o.rawNeeded ?? false, coarse: o.coarse ?? true, cutZones: [KYIV, 'UTC'] },
        '2026-03-01',
        '2026-03-30',
        tz,
      );
    expect(pick(['day'], KYIV)).toBe('core');
    expect(pick(['offer', 'geo'], 'UTC')).toBe('core');
    expect(pick(['hour'], KYIV)).toBe('hourly');
    expect(pick(['device'], KYIV, { coarse: false })).toBe('hourly');
    expect(pick(['device'], 'UTC', { coarse: false })).toBe('daily');
    expect(pick(['day'], 'Asia/Tokyo')).toBe('hourly');
    expect(pick(['day'], 'Asia/Kolkata')).toBe('raw');
    expect(pick(['day'], KYIV, { rawNeeded: true })).toBe('raw');
  });

  it('is what the report service reads for coarse reports in the partner zone, and not with a device', async () => {
    const q = (group: string, extra: Record<string, string> = {}) =>
      generalQuerySchema.parse({ tz: KYIV, group, ...extra });
    expect(await reportSource(t.db, admin, q('offer,geo'))).toBe('core');
    expect(await reportSource(t.db, admin, q('day', { tz: 'UTC' }))).toBe('core');
    expect(await reportSource(t.db, admin, q('day', { device: 'mobile' }))).toBe('hourly');
    expect(await reportSource(t.db, admin, q('day', { tz: 'Asia/Tokyo' }))).toBe('hourly');
  });

  it("gives the raw tables' figures for coarse reports in both of its zones", async () => {
    const to = todayIn(KYIV);
    for (const tz of [KYIV, 'UTC']) {
      for (const group of ['day', 'offer,geo', 'affiliate,manager']) {
        const q = generalQuerySchema.parse({ date_from: addDays(to, -40), date_to: to, tz, group, count: 100 });
        const [core, raw] = await Promise.all([
          generalReport(t.db, admin, q, { source: 'core' }),
          generalReport(t.db, admin, q, { source: 'raw' }),
        ]);
        expect({ ...core, source: null }).toEqual({ ...raw, source: null });
        expect(core.totals.clicks).toBeGreaterThan(0);
      }
    }
  });

  it('is rebuilt for a new partner zone while clicks and conversions keep coming, and the old cut is dropped', async () => {
    const {
      rows: [o],
    } = await t.db.execute<{ id: string }>(sql`select id::text from offers where type = 'direct_link' limit 1`);
    // Hours that fall on different days in Tokyo, Kyiv and UTC.
    const at = (i: number) => new Date(Date.parse('2026-01-10T13:00:00Z') + (i % 20) * 3_600_000 + 60_000);
    const clicks = (round: number) =>
      Array.from({ length: 50 }, (_, i) => ({
        id: randomUUID(),
        createdAt: at(round + i),
        offerId: o.id,
        affiliateId: ids.get('affiliate')!,
        ip: randomIp(),
        country: 'DE',
        // Flagged clicks too, so the zone build is seen to carry their count (migration 0038).
        fraudFlagged: i % 3 === 0,
      }));
    const conversion = (round: number) =>
      rollUpConversion(
        t.db,
        {
          at: at(round),
          offerId: o.id,
          affiliateId: ids.get('affiliate')!,
          landingId: null,
          country: 'DE',
          device: null,
          os: null,
          productId: null,
          currency: 'USD',
        },
        statusDelta(null, 'approved', 100, 250),
      );
    let writing = true;
    const traffic = (async () => {
      for (let round = 0; writing; round += 1) {
        await Promise.all([writeClicks(t.db, clicks(round)), conversion(round), foldRollups(t.db)]);
      }
    })();
    try {
      await setZone('Asia/Tokyo');
      await setZone('America/New_York');
      await setZone('Asia/Tokyo');
    } finally {
      writing = false;
      await traffic;
    }
    await foldRollups(t.db, { wait: true });

    expect(await zones()).toEqual(['Asia/Tokyo', 'UTC']);
    expect(await mismatches()).toEqual([]);
    const {
      rows: [days],
    } = await t.db.execute<{ tokyo: string; utc: string }>(sql`select
      count(distinct day) filter (where zone = 'Asia/Tokyo' and day between '2026-01-10' and '2026-01-12') as tokyo,
      count(distinct day) filter (where zone = 'UTC' and day between '2026-01-10' and '2026-01-12') as utc from stats_daily_core where offer_id = ${o.id}`);
    expect(days).toEqual({ tokyo: '2', utc: '2' });
    const q = generalQuerySchema.parse({
      date_from: '2026-01-10',
      date_to: '2026-01-12',
      tz: 'Asia/Tokyo',
      group: 'day',
      offer: o.id,
    });
    const [core, raw] = await Promise.all([
      generalReport(t.db, admin, q),
      generalReport(t.db, admin, q, { source: 'raw' }),
    ]);
    expect(core.list.map((r) => [r.keys[0].value, r.clicks])).toEqual(raw.list.map((r) => [r.keys[0].value, r.clicks]));
    expect(core.totals.clicks).toBeGreaterThanOrEqual(50);
  });

  it('leaves a zone PostgreSQL does not know out of its cuts, and stays at UTC', async () => {
    await t.db.execute(
      sql`update settings set value = jsonb_set(value, '{time_zone}', '"Mars/Olympus"') where key = 'general'`,
    );
    expect(await zones()).toEqual(['UTC']);
    await setZone(KYIV);
    expect(await zones()).toEqual([KYIV, 'UTC']);
    expect(await mismatches()).toEqual([]);
  });
});
