import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, isNotNull, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { sessionFor } from '../../test/factories.ts';
import { landings, offers, products, users } from '../db/schema.ts';
import { seedDemo } from './demo.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

const counts = async () => ({
  users: (await t.db.select({ n: count() }).from(users))[0].n,
  products: (await t.db.select({ n: count() }).from(products))[0].n,
  referred: (await t.db.select({ n: count() }).from(users).where(isNotNull(users.referrerId)))[0].n,
  offers: (await t.db.select({ n: count() }).from(offers))[0].n,
  landings: (await t.db.select({ n: count() }).from(landings))[0].n,
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
      const res = await t.app.inject({ method: 'GET', url: `${path}?count=20`, headers: { 'pxl-authorization': await asRole(key) } });
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
    expect((await t.db.select({ n: count() }).from(products).where(eq(products.advertiserId, demoAdvertiser.id)))[0].n).toBe(2);
  });

  it('gives the affiliate portal and the advertiser view offers of every kind', async () => {
    const ids = await seedDemo(t.db);
    const get = async (key: string, url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'pxl-authorization': await sessionFor(t.db, ids.get(key)!) } });
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
    expect(live.count).toBe(3);
    const own = await get('advertiser', '/api/offers/v1/advertiser/list');
    expect(own.list.map((o) => o.type)).toEqual(expect.arrayContaining(['direct_link', 'api']));
  });

  it('writes its traffic through the click writer, so the rollups agree with the raw tables', async () => {
    await seedDemo(t.db);
    const { rows: [r] } = await t.db.execute<{ raw: string; rolled: string; conv: string; rolled_conv: string }>(sql`select
      (select count(*) from clicks) as raw, (select coalesce(sum(clicks), 0) from stats_hourly) as rolled,
      (select count(*) from conversions) as conv, (select coalesce(sum(conversions), 0) from stats_daily) as rolled_conv`);
    expect(Number(r.raw)).toBeGreaterThan(100);
    expect(Number(r.rolled)).toBe(Number(r.raw));
    expect(Number(r.rolled_conv)).toBe(Number(r.conv));
  });
});
