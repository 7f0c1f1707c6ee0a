import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_FRAUD_SETTINGS, type FraudSettings } from '@pxl/contract';
import { auditLog } from '../../db/schema.ts';
import { createTestWorld, type TestApp } from '#test/harness.ts';
import { api, putSettings } from '../managers/staff.fixtures.ts';
import { createOfferWorld, type OfferWorld } from '../offers/offers.fixtures.ts';

// The network's fraud defaults (docs/product/fraud.md): admin and head read and change them; a field left out keeps
// its stored value, down to one weight, threshold or action.
const URL = '/api/fraud/v1/settings';

let t: TestApp;
let w: OfferWorld;
beforeAll(async () => {
  ({ t, w } = await createTestWorld((app) => createOfferWorld(app.db)));
  // Only an existing affiliate may be allowed.
  STORED.allowed_affiliate_ids = [w.affA.id];
});
afterAll(() => t?.close());

const read = async () => {
  const res = await api(t.app, 'GET', URL, w.admin.token);
  expect(res.status, res.body).toBe(200);
  return res.json.data as FraudSettings;
};
const write = (body: Record<string, unknown>, token = w.admin.token) => api(t.app, 'PUT', URL, token, body);

/** Every value unlike its default, so a reset to a default would show. */
const STORED: FraudSettings = {
  weights: {
    ctit_short: 61,
    ctit_long: 26,
    datacenter_ip: 51,
    bot_agent: 81,
    ip_velocity: 51,
    duplicate_contact: 41,
    geo_mismatch: 31,
    ip_mismatch: 21,
  },
  thresholds: {
    ctit_min_seconds: 12,
    ctit_max_seconds: 20 * 86_400,
    ctit_goals: ['ftd'],
    velocity_per_offer_minute: 31,
    velocity_per_affiliate_minute: 61,
    velocity_min_gap_ms: 301,
    duplicate_contact_days: 31,
  },
  actions: {
    flag_at: 41,
    hold_conversion_at: 71,
    reject_conversion_at: 91,
    trafficback_click_at: 95,
    refuse_lead_at: 96,
  },
  allowed_affiliate_ids: [],
  affiliates_see_reasons: true,
};

/** Each field a body can leave out: the top-level ones and each one of the three groups. */
const LEAVES: string[][] = [
  ...Object.keys(STORED).map((k) => [k]),
  ...(['weights', 'thresholds', 'actions'] as const).flatMap((g) => Object.keys(STORED[g]).map((k) => [g, k])),
];
const without = (path: string[]): Record<string, unknown> => {
  const copy = structuredClone(STORED) as unknown as Record<string, Record<string, unknown>>;
  if (path.length === 1) delete copy[path[0]!];
  else delete copy[path[0]!]![path[1]!];
  return copy;
};

describe('fraud settings', () => {
  it('are the defaults until changed, for admin and head; other roles and nobody are refused', async () => {
    expect(await read()).toEqual(DEFAULT_FRAUD_SETTINGS);
    expect((await api(t.app, 'GET', URL, w.head.token)).status).toBe(200);
    for (const m of [w.lead, w.managerA, w.affA, w.advA]) {
      expect((await api(t.app, 'GET', URL, m.token)).status).toBe(403);
      const put = await write({ actions: { flag_at: 10 } }, m.token);
      expect(put.status).toBe(403);
      expect(put.json).toMatchObject({ status: 'error', data: null, error: { access: expect.any(String) } });
    }
    expect((await api(t.app, 'GET', URL, '')).status).toBe(401);
    expect(await read()).toEqual(DEFAULT_FRAUD_SETTINGS);
  });

  it('are changed by the head, answered whole and audited with what changed', async () => {
    const res = await write({ thresholds: { ctit_min_seconds: 20 } }, w.head.token);
    expect(res.status, res.body).toBe(200);
    const expected = {
      ...DEFAULT_FRAUD_SETTINGS,
      thresholds: { ...DEFAULT_FRAUD_SETTINGS.thresholds, ctit_min_seconds: 20 },
    };
    expect(res.json.data).toEqual(expected);
    expect(await read()).toEqual(expected);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings_change'));
    const mine = audits.find((a) => (a.details as { section?: string }).section === 'fraud');
    expect(mine).toMatchObject({ actorId: w.head.id });
    expect(mine!.details).toMatchObject({
      changed: { thresholds: { from: DEFAULT_FRAUD_SETTINGS.thresholds, to: expected.thresholds } },
    });
  });

  it.each([
    [{ weights: { bot_agent: 101 } }, 'weights.bot_agent', 'At most 100'],
    [{ weights: { bot_agent: 'high' } }, 'weights.bot_agent', ''],
    [{ actions: { hold_conversion_at: 0 } }, 'actions.hold_conversion_at', 'At least 1'],
    [{ thresholds: { ctit_goals: ['nope'] } }, 'thresholds.ctit_goals.0', ''],
    [{ allowed_affiliate_ids: ['not-a-uuid'] }, 'allowed_affiliate_ids.0', ''],
    [{ affiliates_see_reasons: 'yes' }, 'affiliates_see_reasons', ''],
    // Checked against the stored maximum (30 days by default), not only a maximum sent with it.
    [{ thresholds: { ctit_min_seconds: 86_400, ctit_max_seconds: 3600 } }, 'thresholds.ctit_max_seconds', ''],
  ])('refuse %j with a 400 in the envelope and keep what was stored', async (body, key, message) => {
    const before = await read();
    const res = await write(body);
    expect(res.status, res.body).toBe(400);
    expect(res.json).toMatchObject({ status: 'error', data: null });
    const errors = res.json.error as Record<string, string>;
    expect(Object.keys(errors)).toContain(key);
    if (message) expect(errors[key]).toBe(message);
    expect(await read()).toEqual(before);
  });

  it('allow only affiliates, each once, refusing under the index of the first bad one', async () => {
    const deleted = await w.member({ role: 'affiliate', status: 'deleted' });
    const before = await read();
    for (const [ids, at, message] of [
      [[w.affA.id, w.affB.id, w.affA.id], 2, 'This affiliate is already in the list'],
      [[w.affA.id, '00000000-0000-4000-8000-000000000001'], 1, 'No such affiliate'],
      [[w.affA.id, w.affB.id, w.managerA.id], 2, 'No such affiliate'],
      [[w.advA.id], 0, 'No such affiliate'],
      [[deleted.id, w.affA.id], 0, 'No such affiliate'],
    ] as const) {
      const res = await write({ allowed_affiliate_ids: ids });
      expect(res.status, res.body).toBe(400);
      expect(res.json).toEqual({ status: 'error', data: null, error: { [`allowed_affiliate_ids.${at}`]: message } });
    }
    expect(await read()).toEqual(before);
    const ok = await write({ allowed_affiliate_ids: [w.affB.id, w.affA.id] });
    expect(ok.status, ok.body).toBe(200);
    expect(ok.json.data.allowed_affiliate_ids).toEqual([w.affB.id, w.affA.id]);
  });

  it('keep both of two PUTs sent at once that change different values', async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = [10 + round, 20 + round];
      const res = await Promise.all([write({ weights: { bot_agent: a } }), write({ weights: { geo_mismatch: b } })]);
      for (const r of res) expect(r.status, r.body).toBe(200);
      const now = await read();
      expect([now.weights.bot_agent, now.weights.geo_mismatch]).toEqual([a, b]);
    }
  });

  it('refuse a minimum at or above the stored maximum, sent alone', async () => {
    expect((await write({ thresholds: { ctit_max_seconds: 600 } })).status).toBe(200);
    const res = await write({ thresholds: { ctit_min_seconds: 600 } });
    expect(res.status, res.body).toBe(400);
    expect(res.json.error).toEqual({ 'thresholds.ctit_max_seconds': 'Longer than the minimum' });
  });

  it.each(LEAVES.map((p) => [p.join('.'), p]))(
    'keep the stored value of %s when a PUT leaves it out',
    async (_name, path) => {
      expect((await write(STORED as unknown as Record<string, unknown>)).status).toBe(200);
      const res = await write(without(path as string[]));
      expect(res.status, res.body).toBe(200);
      expect(res.json.data).toEqual(STORED);
      expect(await read()).toEqual(STORED);
    },
  );

  it('keep everything on an empty PUT, and change only the one value sent', async () => {
    expect((await write(STORED as unknown as Record<string, unknown>)).status).toBe(200);
    expect((await write({})).json.data).toEqual(STORED);
    const res = await write({ weights: { geo_mismatch: 0 }, actions: { refuse_lead_at: null } });
    expect(res.json.data).toEqual({
      ...STORED,
      weights: { ...STORED.weights, geo_mismatch: 0 },
      actions: { ...STORED.actions, refuse_lead_at: null },
    });
  });

  it('fill a signal or threshold missing from the stored value with its default, keeping the rest', async () => {
    // As a value stored before a later release added a signal would be.
    const { ip_mismatch: _gone, ...weights } = STORED.weights;
    await putSettings(t.db, 'fraud', { ...STORED, weights });
    expect(await read()).toEqual({
      ...STORED,
      weights: { ...STORED.weights, ip_mismatch: DEFAULT_FRAUD_SETTINGS.weights.ip_mismatch },
    });
  });
});
