import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, ne, sql } from 'drizzle-orm';
import { CONVERSION_QUALITY_TEXT } from '@pxl/contract';
import type { TestApp } from '#test/harness.ts';
import {
  auditLog,
  clicks,
  conversionHistory,
  conversions,
  offers,
  settings,
  statsHourly,
  users,
} from '../../db/schema.ts';
import { postbackTokenColumns } from '../advertisers/index.ts';
import { api } from '../managers/staff.fixtures.ts';
import { insertLead } from '../offers/offers.fixtures.ts';
import { foldRollups } from './conversion-rollup.ts';
import { approveDueConversions } from './hold-job.ts';
import { cacheCaughtUp, click, clickIdOf, startClickWorld, storedClick, type ClickWorld } from './click.fixtures.ts';

// Conversions scored on arrival, held or rejected by score, released by staff, shown to affiliates
// (docs/product/fraud.md, docs/decisions/055-conversion-fraud-actions.md), through the real postback and staff APIs.
let t: TestApp;
let w: ClickWorld;
const token = 'adv-a-token-conversion-fraud';
beforeAll(async () => {
  ({ t, w } = await startClickWorld());
  await t.db.update(users).set(postbackTokenColumns(token)).where(eq(users.id, w.advA.id));
});
afterAll(async () => {
  await t?.close();
});
// Each test sets the network values it needs over the defaults.
beforeEach(async () => {
  await t.db.delete(settings).where(eq(settings.key, 'fraud'));
  // The postback reads the network's values from the click cache, which drops them on NOTIFY pxl_cache.
  await cacheCaughtUp(t, t.db);
});

const SALE = {
  hold_days: 7,
  goals: [{ goal: 'sale', payment_type: 'cpa', revenue: 5000, payout: 2000, geo_rates: [] }],
  overrides: [],
};
const network = async (body: Record<string, unknown>) => {
  const res = await api(t.app, 'PUT', '/api/fraud/v1/settings', w.admin.token, body);
  expect(res.status, res.body).toBe(200);
  await cacheCaughtUp(t, t.db);
};
type Reason = { code: string; weight: number; detail: string };

/** A stored click of affiliate A on a fresh sale offer, made `ageSeconds` old, with `reasons` stored on it. */
const saleClick = async (
  o: {
    ageSeconds?: number;
    reasons?: Reason[];
    offer?: Record<string, unknown>;
    sections?: Record<string, Record<string, unknown>>;
    on?: { uuid: string; id: number };
  } = {},
) => {
  const offer = o.on ?? (await w.offer(o.offer ?? {}, { goals: SALE, ...o.sections }));
  const res = await click(t.app, `/click/${offer.id}?aff=${w.affA.id}`, { ip: '81.2.69.150' });
  const clickId = clickIdOf(res.headers.location as string)!;
  await storedClick(t, t.db, clickId);
  await t.db
    .update(clicks)
    .set({
      createdAt: sql`now() - make_interval(secs => ${o.ageSeconds ?? 2})`,
      ...(o.reasons && { fraudReasons: o.reasons }),
    })
    .where(eq(clicks.id, clickId));
  return { offer, clickId };
};
const postback = async (clickId: string, status = 'pending') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/postback?click_id=${clickId}&goal=sale&status=${status}&token=${token}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { conversion_id: string; status: string; created: boolean };
};
const stored = async (id: string) => (await t.db.select().from(conversions).where(eq(conversions.id, id)))[0];
const history = async (id: string) =>
  t.db
    .select()
    .from(conversionHistory)
    .where(eq(conversionHistory.conversionId, id))
    .orderBy(conversionHistory.createdAt);
const audits = (id: string, action: 'fraud_action' | 'fraud_override' | 'status_change') =>
  t.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, action),
        sql`coalesce(${auditLog.details}->>'uuid', ${auditLog.details}->>'conversion_uuid') = ${id}`,
      ),
    );
const rollup = async (offerId: string) => {
  await foldRollups(t.db, { wait: true });
  const [r] = await t.db
    .select()
    .from(statsHourly)
    .where(and(eq(statsHourly.offerId, offerId), ne(statsHourly.currency, '')));
  return r;
};
const affiliateRow = async (id: string) => {
  const res = await api(t.app, 'GET', `/api/statistic/v1/conversions?search=${id}`, w.affA.token);
  expect(res.status, res.body).toBe(200);
  return res.json.data.list.find((r: { uuid: string }) => r.uuid === id);
};
const CTIT = expect.objectContaining({
  code: 'ctit_short',
  weight: 60,
  detail: expect.stringMatching(/^Converted \d s after the click; the offer's minimum is 10 s$/),
});

describe('a conversion is scored when it arrives', () => {
  it('a sale 2 s after its click is ctit_short with score 60; flagging alone changes nothing', async () => {
    const { clickId } = await saleClick();
    const { conversion_id, status } = await postback(clickId, 'approved');
    expect(status).toBe('approved');
    const c = await stored(conversion_id);
    expect({ score: c.fraudScore, reasons: c.fraudReasons, action: c.fraudAction }).toEqual({
      score: 60,
      reasons: [CTIT],
      action: null,
    });
    expect(await audits(conversion_id, 'fraud_action')).toEqual([]);
  });

  it("inherits its click's and its lead's reasons, one per signal, the heaviest", async () => {
    const { offer, clickId } = await saleClick({
      ageSeconds: 60,
      reasons: [
        { code: 'bot_agent', weight: 80, detail: 'The user agent names a headless or automated browser' },
        { code: 'datacenter_ip', weight: 30, detail: "The click's IP 3.5.140.2 belongs to Amazon" },
      ],
    });
    await insertLead(t.db, offer.uuid, w.affA.id, {
      clickId,
      fraudScore: 50,
      fraudReasons: [{ code: 'datacenter_ip', weight: 50, detail: "The lead's IP 3.5.140.9 belongs to Amazon" }],
    });
    const c = await stored((await postback(clickId)).conversion_id);
    expect(c.fraudReasons!.map((r) => [r.code, r.weight])).toEqual([
      ['bot_agent', 80],
      ['datacenter_ip', 50],
    ]);
    // 1 − 0.2 × 0.5
    expect(c.fraudScore).toBe(90);
  });
});

describe('hold and reject by score', () => {
  it('holds from the hold threshold whatever the advertiser sent: history, audit, rollup; a later postback keeps it', async () => {
    await network({ actions: { hold_conversion_at: 50, reject_conversion_at: 95 } });
    const { offer, clickId } = await saleClick();
    const { conversion_id: id, status } = await postback(clickId, 'approved');
    expect(status).toBe('hold');
    expect(await stored(id)).toMatchObject({ status: 'hold', fraudAction: 'hold', fraudScore: 60 });
    const [h] = await history(id);
    expect(h).toMatchObject({ fromStatus: null, toStatus: 'hold', source: 'fraud', actorId: null });
    expect(h.reason).toMatch(
      /^Held for traffic quality \(score 60; sent as approved\)\. Conversion too soon after the click: Converted \d s/,
    );
    const [a] = await audits(id, 'fraud_action');
    expect(a).toMatchObject({ actorId: null, subjectId: w.affA.id });
    expect(a.details).toEqual({ on: 'conversion', uuid: id, action: 'hold', score: 60, reasons: [CTIT] });
    expect(await rollup(offer.uuid)).toMatchObject({ conversions: 1, hold: 1, approved: 0, payout: 2000 });

    const again = await postback(clickId, 'approved');
    expect(again).toMatchObject({ conversion_id: id, status: 'hold', created: false });
    expect(await history(id)).toHaveLength(1);
    expect(await stored(id)).toMatchObject({ status: 'hold', fraudAction: 'hold' });
  });

  it('rejects from the reject threshold: no money in the rollups', async () => {
    await network({ actions: { hold_conversion_at: 50, reject_conversion_at: 90 } });
    const { offer, clickId } = await saleClick({
      reasons: [{ code: 'bot_agent', weight: 80, detail: 'No user agent' }],
    });
    const { conversion_id: id, status } = await postback(clickId);
    expect(status).toBe('rejected');
    expect(await stored(id)).toMatchObject({ status: 'rejected', fraudAction: 'reject', fraudScore: 92 });
    expect((await history(id))[0]).toMatchObject({ toStatus: 'rejected', source: 'fraud' });
    expect((await audits(id, 'fraud_action'))[0].details).toMatchObject({ action: 'reject', score: 92 });
    expect(await rollup(offer.uuid)).toMatchObject({ conversions: 1, rejected: 1, payout: 0, revenue: 0 });
  });

  it('an affiliate on the allow-list is scored, never acted on', async () => {
    await network({ actions: { hold_conversion_at: 50 }, allowed_affiliate_ids: [w.affA.id] });
    const { clickId } = await saleClick();
    const { conversion_id: id, status } = await postback(clickId);
    expect(status).toBe('pending');
    expect(await stored(id)).toMatchObject({ fraudScore: 60, fraudAction: null });
    expect(await audits(id, 'fraud_action')).toEqual([]);
  });

  it("the offer's own thresholds and actions win over the network's", async () => {
    // 30 s is no injection for the network (10 s), but is for this offer (an hour), which also holds from 50.
    const own = { thresholds: { ctit_min_seconds: 3600 }, actions: { hold_conversion_at: 50 } };
    const { clickId } = await saleClick({ ageSeconds: 30, offer: { fraud_settings: own } });
    const { conversion_id: id, status } = await postback(clickId);
    expect(status).toBe('hold');
    expect((await stored(id)).fraudReasons![0].detail).toMatch(/the offer's minimum is 60 min$/);
    const plain = await saleClick({ ageSeconds: 30 });
    expect(await stored((await postback(plain.clickId)).conversion_id)).toMatchObject({
      status: 'pending',
      fraudScore: 0,
    });
  });
});

describe('staff release, affiliates see', () => {
  const held = async () => {
    await network({ actions: { hold_conversion_at: 50 } });
    const { offer, clickId } = await saleClick();
    return { offer, id: (await postback(clickId)).conversion_id };
  };
  const override = (id: string, tok: string, body: Record<string, unknown>) =>
    api(t.app, 'POST', `/api/conversions/v1/${id}/fraud-override`, tok, body);

  it('the affiliate sees it held for traffic quality; the reasons only with the setting, never weights or score', async () => {
    const { id } = await held();
    const row = await affiliateRow(id);
    expect(row).toMatchObject({ status: 'hold', quality: 'held' });
    expect(CONVERSION_QUALITY_TEXT[row.quality as 'held']).toBe('Held for traffic quality');
    expect(row).not.toHaveProperty('quality_reasons');
    expect(row).not.toHaveProperty('fraud_score');
    expect(row).not.toHaveProperty('fraud_reasons');
    await network({ affiliates_see_reasons: true });
    const shown = await affiliateRow(id);
    expect(shown.quality_reasons).toEqual([{ code: 'ctit_short', detail: expect.stringMatching(/^Converted \d s/) }]);
    expect(JSON.stringify(shown)).not.toMatch(/weight|"60"|score/);
  });

  it('an override moves the status with history and audit, and clears the mark the affiliate sees', async () => {
    const { offer, id } = await held();
    const res = await override(id, w.managerA.token, { status: 'approved', note: 'Checked with the advertiser' });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data).toMatchObject({ status: 'approved', fraud_action: null });
    expect(res.json.data.history.at(-1)).toMatchObject({
      from: 'hold',
      to: 'approved',
      source: 'staff',
      actor: { uuid: w.managerA.id },
      reason: 'Released from the traffic-quality hold: Checked with the advertiser',
    });
    const [a] = await audits(id, 'fraud_override');
    expect(a).toMatchObject({ actorId: w.managerA.id, subjectId: w.affA.id });
    expect(a.details).toMatchObject({ conversion_uuid: id, from: 'hold', to: 'approved', fraud_action: 'hold' });
    expect((a.details as { reasons: Reason[] }).reasons.map((r) => r.code)).toEqual(['ctit_short']);
    expect(await affiliateRow(id)).toMatchObject({ status: 'approved', quality: null });
    expect(await rollup(offer.uuid)).toMatchObject({ conversions: 1, hold: 0, approved: 1, payout: 2000 });
    // Released: nothing left to override.
    expect((await override(id, w.admin.token, { status: 'pending' })).status).toBe(409);
  });

  it("a manager cannot override another manager's partner's conversion; partners are refused", async () => {
    const { id } = await held();
    expect((await override(id, w.managerB.token, { status: 'approved' })).status).toBe(404);
    expect((await override(id, w.affA.token, { status: 'approved' })).status).toBe(403);
    expect(await stored(id)).toMatchObject({ status: 'hold', fraudAction: 'hold' });
    expect(await audits(id, 'fraud_override')).toEqual([]);
  });

  it('the plain status change releasing a marked conversion is audited as an override; confirming keeps the mark', async () => {
    const { id } = await held();
    const change = (status: string, reason: string) =>
      api(t.app, 'POST', `/api/conversions/v1/${id}/status`, w.admin.token, { status, reason });
    expect((await change('rejected', 'Confirmed')).json.data).toMatchObject({
      status: 'rejected',
      fraud_action: 'reject',
    });
    expect(await affiliateRow(id)).toMatchObject({ quality: 'rejected' });
    expect(await audits(id, 'status_change')).toHaveLength(1);
    expect((await change('pending', 'Advertiser vouched')).json.data).toMatchObject({
      status: 'pending',
      fraud_action: null,
    });
    const [a] = await audits(id, 'fraud_override');
    expect(a.details).toMatchObject({ from: 'rejected', to: 'pending', fraud_action: 'reject' });
    expect(await affiliateRow(id)).toMatchObject({ quality: null });
  });
});

describe('fixes: hold days, trafficback, ctit_long, test conversions, races', () => {
  const held = async () => {
    await network({ actions: { hold_conversion_at: 50 } });
    const { offer, clickId } = await saleClick();
    return { offer, clickId, id: (await postback(clickId)).conversion_id };
  };
  const DAY = 86_400_000;

  it('released to pending, the hold days start again: the hold job does not approve it at once', async () => {
    const viaOverride = await held();
    const viaStatus = await held();
    // Held past the offer's 7 hold days: the hold_until set at creation is behind us.
    await t.db
      .update(conversions)
      .set({ holdUntil: sql`now() - interval '1 day'` })
      .where(sql`${conversions.id} in (${viaOverride.id}, ${viaStatus.id})`);
    const a = await api(t.app, 'POST', `/api/conversions/v1/${viaOverride.id}/fraud-override`, w.admin.token, {
      status: 'pending',
    });
    expect(a.status, a.body).toBe(200);
    const b = await api(t.app, 'POST', `/api/conversions/v1/${viaStatus.id}/status`, w.admin.token, {
      status: 'pending',
      reason: 'Advertiser vouched',
    });
    expect(b.status, b.body).toBe(200);
    await approveDueConversions(t.db);
    for (const id of [viaOverride.id, viaStatus.id]) {
      const c = await stored(id);
      expect(c).toMatchObject({ status: 'pending', fraudAction: null });
      expect(c.holdUntil!.getTime()).toBeGreaterThan(Date.now() + 6 * DAY);
    }
  });

  it('over a conversion cap (trafficback) the verdict is kept but no action is taken', async () => {
    await network({ actions: { hold_conversion_at: 50 } });
    const caps = { caps: { caps: [{ metric: 'conversions', period: 'total', limit: 1 }] } };
    // A clean first conversion (a minute after its click) fills the cap.
    const first = await saleClick({ ageSeconds: 60, sections: caps });
    expect(await postback(first.clickId)).toMatchObject({ status: 'pending' });
    const second = await saleClick({ on: first.offer });
    const res = await t.app.inject({
      method: 'GET',
      url: `/postback?click_id=${second.clickId}&goal=sale&status=approved&token=${token}`,
    });
    expect(res.json().data).toMatchObject({ flow: 'trafficback', status: 'approved' });
    const id = res.json().data.conversion_id as string;
    const c = await stored(id);
    expect(c).toMatchObject({ flow: 'trafficback', status: 'approved', fraudAction: null });
    // Its own CTIT (2 s), and whatever the second click from the same IP carries.
    expect(c.fraudScore).toBeGreaterThanOrEqual(60);
    expect(c.fraudReasons!.map((r) => r.code)).toContain('ctit_short');
    expect((await history(id)).map((h) => h.source)).toEqual(['postback']);
    expect(await audits(id, 'fraud_action')).toEqual([]);
  });

  it('a conversion long after its click is ctit_long', async () => {
    await network({ thresholds: { ctit_max_seconds: 3600 } });
    // A click cannot be made in the past, and waiting out even the smallest maximum (60 s) would only slow the test:
    // the stored click's created_at is moved two hours back instead.
    const { clickId } = await saleClick({ ageSeconds: 7200 });
    const c = await stored((await postback(clickId)).conversion_id);
    expect(c.fraudReasons).toEqual([
      {
        code: 'ctit_long',
        weight: 25,
        detail: expect.stringMatching(/^Converted 2 h.* after the click; the offer's maximum is 60 min$/),
      },
    ]);
    expect(c.fraudScore).toBe(25);
  });

  it("an offer's stored values that no longer read as its own are the network's", async () => {
    await network({});
    const { offer, clickId } = await saleClick({ ageSeconds: 30 });
    // As if written by an older release: a threshold as text. Taken on trust it would hold this conversion.
    await t.db
      .update(offers)
      .set({ fraudSettings: { thresholds: { ctit_min_seconds: '3600' }, actions: { hold_conversion_at: 50 } } })
      .where(eq(offers.id, offer.uuid));
    const c = await stored((await postback(clickId)).conversion_id);
    expect(c).toMatchObject({ status: 'pending', fraudScore: 0, fraudAction: null });
  });

  it("the Test API's test conversion is scored, never acted on", async () => {
    await network({ actions: { hold_conversion_at: 50, reject_conversion_at: 60 } });
    const offer = await w.offer({}, { goals: SALE });
    const res = await api(t.app, 'POST', '/api/test-api/v1/direct-link', w.admin.token, {
      offer_id: offer.id,
      affiliate_uuid: w.affA.id,
      country: 'DE',
      user_agent: 'Mozilla/5.0 HeadlessChrome/120.0',
      test_conversion: true,
    });
    expect(res.status, res.body).toBe(200);
    const id = res.json.data.test_conversion.uuid as string;
    const c = await stored(id);
    expect(c).toMatchObject({ status: 'approved', isTest: true, fraudAction: null });
    // Converted at once after the simulated click, from a headless browser.
    expect(c.fraudReasons!.map((r) => r.code).sort()).toEqual(['bot_agent', 'ctit_short']);
    expect(c.fraudScore).toBeGreaterThanOrEqual(60);
    expect(await audits(id, 'fraud_action')).toEqual([]);
  });

  it('two overrides at once: one releases, the other is a 409, one audit row', async () => {
    const { id } = await held();
    const both = await Promise.all(
      [w.admin.token, w.managerA.token].map((tok) =>
        api(t.app, 'POST', `/api/conversions/v1/${id}/fraud-override`, tok, { status: 'approved' }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await audits(id, 'fraud_override')).toHaveLength(1);
    expect((await history(id)).map((h) => h.source)).toEqual(['fraud', 'staff']);
    expect(await stored(id)).toMatchObject({ status: 'approved', fraudAction: null });
  });

  it('the same postback twice at once on a held conversion: one conversion, one fraud_action audit row', async () => {
    await network({ actions: { hold_conversion_at: 50 } });
    const { clickId } = await saleClick();
    const both = await Promise.all([postback(clickId, 'approved'), postback(clickId, 'approved')]);
    expect(new Set(both.map((r) => r.conversion_id)).size).toBe(1);
    expect(both.map((r) => r.status)).toEqual(['hold', 'hold']);
    expect(await t.db.select().from(conversions).where(eq(conversions.clickId, clickId))).toHaveLength(1);
    const id = both[0].conversion_id;
    expect(await audits(id, 'fraud_action')).toHaveLength(1);
    expect(await history(id)).toHaveLength(1);
  });
});
