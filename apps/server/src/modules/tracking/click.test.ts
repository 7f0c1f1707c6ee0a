import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { clicks, settings, statsDaily, statsHourly } from '../../db/schema.ts';
import {
  cacheCaughtUp,
  ANDROID,
  click,
  clickIdOf,
  GB_IP,
  storedClick,
  UA_IP,
  startClickWorld,
  type ClickWorld,
} from './click.fixtures.ts';

let t: TestApp;
let w: ClickWorld;
beforeAll(async () => {
  ({ t, w } = await startClickWorld());
});
afterAll(async () => {
  await t?.close();
});

describe('GET /click/:offerId', () => {
  it('redirects to the offer URL with macros filled and records the click with country, device, OS and browser', async () => {
    const o = await w.offer();
    const res = await click(t.app, `/click/${o.id}?aff=${w.affA.id}&sub1=fb%20ads&sub2=x`, { ua: ANDROID });
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    const location = new URL(res.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe('https://adv.example/go');
    const clickId = location.searchParams.get('cid')!;
    expect(location.searchParams.get('s')).toBe('fb ads');
    const row = await storedClick(t, t.db, clickId);
    expect(row).toMatchObject({
      affiliateId: w.affA.id,
      country: 'GB',
      device: 'mobile',
      os: 'android',
      browser: 'chrome',
      sub1: 'fb ads',
      sub2: 'x',
      isUnique: true,
      isBot: false,
      trafficbackReason: null,
      ip: GB_IP,
    });
    expect(res.headers['set-cookie']).toContain(`pxl_c${o.id}=${clickId}`);
  });

  it("sends a landing's URL with {landing_id}, {offer_id} and {geo} filled", async () => {
    const lp = await w.landing();
    const o = await w.offer({}, { landings: { landing_uuids: [lp.id] } });
    const res = await click(t.app, `/click/${o.id}?aff=${w.affA.id}&landing=${lp.number}`, { ip: UA_IP });
    const to = new URL(res.headers.location as string);
    expect(to.host).toBe('lp.example');
    expect(to.searchParams.get('o')).toBe(String(o.id));
    expect(to.searchParams.get('g')).toBe('UA');
    expect((await storedClick(t, t.db, to.searchParams.get('c')!)).landingId).toBe(lp.id);
  });

  it('counts the first click of an IP on an offer as unique and the next ones within 24 h not; rollups add up', async () => {
    const o = await w.offer();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        clickIdOf(
          (await click(t.app, `/click/${o.id}?aff=${w.affA.id}`, { ip: '81.2.69.160' })).headers.location as string,
        )!,
      );
    await t.services.clicks.writer.drain();
    const rows = await t.db
      .select()
      .from(clicks)
      .where(sql`${clicks.id} in ${ids}`);
    expect(rows.filter((r) => r.isUnique)).toHaveLength(1);
    const [hourly] = await t.db
      .select({ c: sql<number>`sum(clicks)`.mapWith(Number), u: sql<number>`sum(unique_clicks)`.mapWith(Number) })
      .from(statsHourly)
      .where(eq(statsHourly.offerId, o.uuid));
    const [daily] = await t.db
      .select({ c: sql<number>`sum(clicks)`.mapWith(Number) })
      .from(statsDaily)
      .where(eq(statsDaily.offerId, o.uuid));
    expect(hourly).toEqual({ c: 3, u: 1 });
    expect(daily.c).toBe(3);
  });

  it('keeps the click id of a repeat visitor (cookie), records nothing new and does not count it against a cap', async () => {
    const o = await w.offer(
      { trafficback_url: 'https://tb.example/' },
      { caps: { caps: [{ metric: 'clicks', period: 'day', limit: 1 }] } },
    );
    const first = await click(t.app, `/click/${o.id}?aff=${w.affA.id}`);
    const id = clickIdOf(first.headers.location as string)!;
    const again = await click(t.app, `/click/${o.id}?aff=${w.affA.id}`, { cookie: `pxl_c${o.id}=${id}` });
    expect(clickIdOf(again.headers.location as string)).toBe(id);
    await t.services.clicks.writer.drain();
    expect(await t.db.select().from(clicks).where(eq(clicks.offerId, o.uuid))).toHaveLength(1);
    // The cap of one is taken by the first visit only: a new visitor is the one sent to trafficback.
    expect((await click(t.app, `/click/${o.id}?aff=${w.affA.id}`, { ip: '81.2.69.200' })).headers.location).toBe(
      'https://tb.example/',
    );
  });

  it('flags bots by user agent', async () => {
    const o = await w.offer();
    const res = await click(t.app, `/click/${o.id}?aff=${w.affA.id}`, {
      ua: 'Googlebot/2.1 (+http://www.google.com/bot.html)',
    });
    expect((await storedClick(t, t.db, clickIdOf(res.headers.location as string)!)).isBot).toBe(true);
  });

  it('answers on a tracking domain exactly as on the panel host', async () => {
    const o = await w.offer();
    const res = await t.app.inject({
      method: 'GET',
      url: `/click/${o.id}?aff=${w.affA.id}`,
      remoteAddress: '81.2.69.142',
      headers: { host: 'trk.partner-links.example' },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/^https:\/\/adv\.example\/go\?cid=/);
  });

  it('an unknown offer or a malformed id answers 404 and stores nothing', async () => {
    expect((await click(t.app, `/click/99999999?aff=${w.affA.id}`)).statusCode).toBe(404);
    expect((await click(t.app, `/click/abc?aff=${w.affA.id}`)).statusCode).toBe(404);
  });
});

describe('caps', () => {
  it('a click cap of 5 lets exactly 5 of 20 concurrent clicks through', async () => {
    const o = await w.offer(
      { trafficback_url: 'https://tb.example/?r=cap' },
      { caps: { caps: [{ metric: 'clicks', period: 'day', limit: 5 }] } },
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        click(t.app, `/click/${o.id}?aff=${w.affA.id}`, { ip: `81.2.69.${10 + i}` }),
      ),
    );
    const through = answers.filter((r) => (r.headers.location as string).startsWith('https://adv.example/'));
    expect(through).toHaveLength(5);
    await t.services.clicks.writer.drain();
    const reasons = await t.db
      .select({ reason: clicks.trafficbackReason, n: sql<number>`count(*)`.mapWith(Number) })
      .from(clicks)
      .where(eq(clicks.offerId, o.uuid))
      .groupBy(clicks.trafficbackReason);
    expect(Object.fromEntries(reasons.map((r) => [r.reason ?? 'none', r.n]))).toEqual({ none: 5, cap_reached: 15 });
  });
});

describe('trafficback', () => {
  const reasonOf = async (path: string, o: Parameters<typeof click>[2] = {}) => {
    const res = await click(t.app, path, o);
    return { status: res.statusCode, location: res.headers.location as string | undefined };
  };

  it("goes to the offer's own trafficback URL with the reason recorded, for every reason", async () => {
    const tb = { trafficback_url: 'https://tb.example/back?c={click_id}&a={affiliate_id}' };
    const banned = await w.member({ role: 'affiliate', managerId: w.managerA.id, status: 'banned' });
    const onModeration = await w.member({ role: 'affiliate', managerId: w.managerA.id, status: 'on_moderation' });
    const stopped = await w.offer(tb);
    await w.calls.status(w.admin, stopped.uuid, 'stopped');
    const later = await w.offer({ ...tb, starts_at: new Date(Date.now() + 86_400_000).toISOString() });
    const ended = await w.offer({
      ...tb,
      starts_at: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      stops_at: new Date(Date.now() - 86_400_000).toISOString(),
    });
    const priv = await w.offer({ ...tb, privacy: 'private' });
    const de = await w.offer({ ...tb, geos: ['DE'] });
    const mobile = await w.offer(tb, { targeting: { devices: ['mobile'], oss: [] } });
    const ios = await w.offer(tb, { targeting: { devices: [], oss: ['ios'] } });
    const lpOff = await w.landing({ status: 'moderation' });
    const withLp = await w.offer(tb, { landings: { landing_uuids: [lpOff.id] } });
    const open = await w.offer(tb);
    // Status changes reach the click cache through NOTIFY.
    await cacheCaughtUp(t, t.db);
    const cases: [string, string][] = [
      [`/click/${stopped.id}?aff=${w.affA.id}`, 'offer_not_active'],
      [`/click/${later.id}?aff=${w.affA.id}`, 'offer_not_started'],
      [`/click/${ended.id}?aff=${w.affA.id}`, 'offer_ended'],
      [`/click/${open.id}?aff=not-an-affiliate`, 'unknown_affiliate'],
      [`/click/${open.id}?aff=${banned.id}`, 'affiliate_banned'],
      [`/click/${open.id}?aff=${onModeration.id}`, 'affiliate_not_active'],
      [`/click/${priv.id}?aff=${w.affA.id}`, 'no_access'],
      [`/click/${withLp.id}?aff=${w.affA.id}&landing=${lpOff.number}`, 'landing_not_active'],
      [`/click/${de.id}?aff=${w.affA.id}`, 'geo_not_allowed'],
      [`/click/${mobile.id}?aff=${w.affA.id}`, 'device_not_allowed'],
      [`/click/${ios.id}?aff=${w.affA.id}`, 'os_not_allowed'],
    ];
    for (const [path, reason] of cases) {
      const { status, location } = await reasonOf(path);
      expect(status, path).toBe(302);
      expect(location, path).toMatch(/^https:\/\/tb\.example\/back\?c=/);
      const row = await storedClick(t, t.db, new URL(location!).searchParams.get('c')!);
      expect(row?.trafficbackReason, path).toBe(reason);
    }
  });

  it('without an offer URL uses the global one for the reasons the settings list, else shows "not available"', async () => {
    const o = await w.offer({ geos: ['DE'] });
    await t.db
      .insert(settings)
      .values({ key: 'trafficback', value: { url: 'https://global.example/tb?r={geo}', reasons: ['geo_not_allowed'] } })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: { url: 'https://global.example/tb?r={geo}', reasons: ['geo_not_allowed'] } },
      });
    await cacheCaughtUp(t, t.db);
    expect((await reasonOf(`/click/${o.id}?aff=${w.affA.id}`)).location).toBe('https://global.example/tb?r=GB');
    const priv = await w.offer({ privacy: 'private' });
    const refused = await reasonOf(`/click/${priv.id}?aff=${w.affA.id}`);
    expect(refused.status).toBe(404);
    await t.services.clicks.writer.drain();
    const [row] = await t.db
      .select()
      .from(clicks)
      .where(and(eq(clicks.offerId, priv.uuid)));
    expect(row.trafficbackReason).toBe('no_access');
  });
});
