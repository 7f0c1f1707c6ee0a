import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { clicks, offers } from '../../db/schema.ts';
import { loadDatacenterRanges } from '../fraud/index.ts';
import { api } from '../managers/staff.fixtures.ts';
import { cacheCaughtUp, click, clickIdOf, startClickWorld, storedClick, type ClickWorld } from './click.fixtures.ts';

// Traffic quality on the click path (docs/product/fraud.md, "On the click path"): every stored click is scored, and a
// score at the trafficback threshold sends it away with the reason `fraud`.

let t: TestApp;
let w: ClickWorld;
beforeAll(async () => {
  ({ t, w } = await startClickWorld());
});
afterAll(async () => {
  await t?.close();
});

const HEADLESS =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.0.0 Safari/537.36';
const AWS_IP = '3.5.140.2';
const NO_ACTIONS = {
  flag_at: 50,
  trafficback_click_at: null,
  hold_conversion_at: null,
  reject_conversion_at: null,
  refuse_lead_at: null,
};

/** The network's settings as Settings › Fraud stores them; the click cache hears the change through NOTIFY. */
const network = async (body: Record<string, unknown>) => {
  const res = await api(t.app, 'PUT', '/api/fraud/v1/settings', w.admin.token, body);
  expect(res.status, res.body).toBe(200);
  await cacheCaughtUp(t, t.db);
};
const reset = () => network({ actions: NO_ACTIONS, allowed_affiliate_ids: [] });

/** An offer's own values, as its API stores them (offers notify the click cache on change). */
const ownSettings = async (uuid: string, value: Record<string, unknown>) => {
  await t.db.update(offers).set({ fraudSettings: value }).where(eq(offers.id, uuid));
  await cacheCaughtUp(t, t.db);
};

let nextIp = 10;
/** A home address of its own per call (a GB range), so one test's clicks never add to another's velocity. */
const homeIp = () => `81.2.70.${nextIp++}`;

const stored = async (res: { headers: Record<string, unknown> }) =>
  storedClick(t, t.db, clickIdOf(res.headers.location as string)!);

describe('click fraud score', () => {
  it('a headless browser scores 80 for bot_agent; a clean click is stored with 0 and no reasons', async () => {
    await reset();
    const o = await w.offer();
    const bot = await stored(await click(t.app, `/click/${o.id}?aff=${w.affA.id}`, { ip: homeIp(), ua: HEADLESS }));
    expect(bot.fraudScore).toBe(80);
    expect(bot.fraudReasons).toEqual([
      {
        code: 'bot_agent',
        weight: 80,
        detail: 'The user agent names a headless or automated browser (HeadlessChrome)',
      },
    ]);
    const clean = await stored(await click(t.app, `/click/${o.id}?aff=${w.affA.id}`, { ip: homeIp() }));
    expect({ score: clean.fraudScore, reasons: clean.fraudReasons }).toEqual({ score: 0, reasons: [] });
  });

  it("a cloud provider's IP is datacenter_ip with the network's name", async () => {
    await reset();
    await loadDatacenterRanges(); // started in the background when the app started; a click never waits for it
    const o = await w.offer();
    const row = await stored(await click(t.app, `/click/${o.id}?aff=${w.affA.id}`, { ip: AWS_IP }));
    expect(row.fraudScore).toBe(50);
    expect(row.fraudReasons).toEqual([
      {
        code: 'datacenter_ip',
        weight: 50,
        detail: "The click's IP 3.5.140.2 belongs to Amazon.com, Inc. (AS16509), a hosting or cloud network",
      },
    ]);
  });

  it('clicks from one IP on one offer past the per-minute limit get ip_velocity, only the one past it', async () => {
    await reset();
    const o = await w.offer();
    await ownSettings(o.uuid, { thresholds: { velocity_per_offer_minute: 3, velocity_min_gap_ms: 0 } });
    const ip = homeIp();
    const rows = [];
    for (let i = 0; i < 4; i++) rows.push(await stored(await click(t.app, `/click/${o.id}?aff=${w.affA.id}`, { ip })));
    expect(rows.map((r) => r.fraudReasons?.map((x) => x.code))).toEqual([[], [], [], ['ip_velocity']]);
    expect(rows[3]!.fraudReasons![0]!.detail).toBe('4 clicks from this IP on this offer in a minute; the limit is 3');
  });
});

describe('trafficback for fraud', () => {
  it('a score at the threshold goes to the trafficback URL with reason fraud, uncounted and without a cookie', async () => {
    await network({ actions: { ...NO_ACTIONS, trafficback_click_at: 80 }, allowed_affiliate_ids: [] });
    const o = await w.offer(
      { trafficback_url: 'https://tb.example/q?c={click_id}' },
      { caps: { caps: [{ metric: 'clicks', period: 'day', limit: 1 }] } },
    );
    const res = await click(t.app, `/click/${o.id}?aff=${w.affA.id}`, { ip: homeIp(), ua: HEADLESS });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/^https:\/\/tb\.example\/q\?c=/);
    expect(res.headers['set-cookie']).toBeUndefined();
    const row = await storedClick(t, t.db, new URL(res.headers.location as string).searchParams.get('c')!);
    expect(row).toMatchObject({ trafficbackReason: 'fraud', fraudScore: 80 });
    expect(row.fraudReasons?.map((r) => r.code)).toEqual(['bot_agent']);
    // The refused click took nothing of the cap of one: a person's click still reaches the offer.
    const person = await click(t.app, `/click/${o.id}?aff=${w.affA.id}`, { ip: homeIp() });
    expect(person.headers.location).toMatch(/^https:\/\/adv\.example\/go/);
  });

  it('an affiliate on the allow-list is scored but reaches the offer', async () => {
    await network({ actions: { ...NO_ACTIONS, trafficback_click_at: 80 }, allowed_affiliate_ids: [w.affB.id] });
    const o = await w.offer({ trafficback_url: 'https://tb.example/q' });
    const res = await click(t.app, `/click/${o.id}?aff=${w.affB.id}`, { ip: homeIp(), ua: HEADLESS });
    expect(res.headers.location).toMatch(/^https:\/\/adv\.example\/go/);
    expect(await stored(res)).toMatchObject({ trafficbackReason: null, fraudScore: 80 });
  });

  it("an offer's own weight and threshold win over the network's", async () => {
    await network({ actions: { ...NO_ACTIONS, trafficback_click_at: 80 }, allowed_affiliate_ids: [] });
    const silent = await w.offer({ trafficback_url: 'https://tb.example/q' });
    await ownSettings(silent.uuid, { weights: { bot_agent: 0 } });
    const a = await click(t.app, `/click/${silent.id}?aff=${w.affA.id}`, { ip: homeIp(), ua: HEADLESS });
    expect(a.headers.location).toMatch(/^https:\/\/adv\.example\/go/);
    expect(await stored(a)).toMatchObject({ fraudScore: 0, fraudReasons: [] });

    const off = await w.offer({ trafficback_url: 'https://tb.example/q' });
    await ownSettings(off.uuid, { actions: { trafficback_click_at: null } });
    const b = await click(t.app, `/click/${off.id}?aff=${w.affA.id}`, { ip: homeIp(), ua: HEADLESS });
    expect(b.headers.location).toMatch(/^https:\/\/adv\.example\/go/);
    expect(await stored(b)).toMatchObject({ fraudScore: 80, trafficbackReason: null });

    await reset();
    const strict = await w.offer({ trafficback_url: 'https://tb.example/q' });
    await ownSettings(strict.uuid, { actions: { trafficback_click_at: 80 } });
    const c = await click(t.app, `/click/${strict.id}?aff=${w.affA.id}`, { ip: homeIp(), ua: HEADLESS });
    expect(c.headers.location).toBe('https://tb.example/q');
  });

  it('without an offer URL the global one takes fraud when its reasons list it, else "not available"', async () => {
    await network({ actions: { ...NO_ACTIONS, trafficback_click_at: 80 }, allowed_affiliate_ids: [] });
    const put = (reasons: string[]) =>
      api(t.app, 'PUT', '/api/settings/v1/trafficback', w.admin.token, { url: 'https://global.example/tb', reasons });
    expect((await put(['fraud'])).status).toBe(200);
    await cacheCaughtUp(t, t.db);
    const o = await w.offer();
    const res = await click(t.app, `/click/${o.id}?aff=${w.affA.id}`, { ip: homeIp(), ua: HEADLESS });
    expect(res.headers.location).toBe('https://global.example/tb');
    expect((await put(['cap_reached'])).status).toBe(200);
    await cacheCaughtUp(t, t.db);
    expect((await click(t.app, `/click/${o.id}?aff=${w.affA.id}`, { ip: homeIp(), ua: HEADLESS })).statusCode).toBe(
      404,
    );
    await t.services.clicks.writer.drain();
    const rows = await t.db.select().from(clicks).where(eq(clicks.offerId, o.uuid));
    expect(rows.map((r) => r.trafficbackReason)).toEqual(['fraud', 'fraud']);
  });

  it('a settings change takes effect on the next click, without a restart', async () => {
    await reset();
    const o = await w.offer({ trafficback_url: 'https://tb.example/q' });
    const before = await click(t.app, `/click/${o.id}?aff=${w.affA.id}`, { ip: homeIp(), ua: HEADLESS });
    expect(before.headers.location).toMatch(/^https:\/\/adv\.example\/go/);
    // No wait for the cache here: the NOTIFY of the PUT drops it; poll for the new state with a deadline.
    const res = await api(t.app, 'PUT', '/api/fraud/v1/settings', w.admin.token, {
      actions: { trafficback_click_at: 80 },
    });
    expect(res.status, res.body).toBe(200);
    const deadline = Date.now() + 60_000;
    let location = '';
    while (Date.now() < deadline) {
      location = (await click(t.app, `/click/${o.id}?aff=${w.affA.id}`, { ip: homeIp(), ua: HEADLESS })).headers
        .location as string;
      if (location === 'https://tb.example/q') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(location).toBe('https://tb.example/q');
  });
});

describe('Test API › Direct link', () => {
  it('shows a Traffic quality check with the score and reasons of the simulated click', async () => {
    await network({ actions: { ...NO_ACTIONS, trafficback_click_at: 80 }, allowed_affiliate_ids: [] });
    const o = await w.offer();
    const simulate = (body: Record<string, unknown>) =>
      api(t.app, 'POST', '/api/test-api/v1/direct-link', w.admin.token, {
        offer_id: o.id,
        affiliate_uuid: w.affA.id,
        ...body,
      });
    const bot = await simulate({ user_agent: HEADLESS });
    expect(bot.status, bot.body).toBe(200);
    expect(bot.json.data).toMatchObject({ outcome: 'unavailable', reason: 'fraud' });
    expect(bot.json.data.checks.at(-1)).toEqual({
      name: 'Traffic quality',
      ok: false,
      detail: 'Score 80: The user agent names a headless or automated browser (HeadlessChrome)',
    });
    const person = await simulate({});
    expect(person.json.data.outcome).toBe('offer');
    expect(person.json.data.checks.at(-1)).toEqual({ name: 'Traffic quality', ok: true, detail: 'Score 0' });
  });
});
