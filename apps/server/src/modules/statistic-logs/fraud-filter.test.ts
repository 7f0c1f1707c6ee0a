import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '#test/harness.ts';
import { DAY, DAY_RANGE, getLog, type LogWorld, startLogWorld } from './statistic-logs.fixtures.ts';

// "Score at least N" in the click log, the user sessions and the conversions (docs/product/fraud.md): rows below N
// and rows not scored yet are left out; the filter is staff only and a bad value is a 400 in the envelope.
let t: TestApp;
let w: LogWorld;
const scored = { clicks: {} as Record<string, string>, sessions: {} as Record<string, string> };
const conversionsBy: Record<string, string> = {};
const REASON = [{ code: 'bot_agent', weight: 80, detail: 'HeadlessChrome' }];

beforeAll(async () => {
  ({ t, w } = await startLogWorld());
  const scores = { none: null, clean: 0, low: 30, high: 80 } as const;
  let minute = 10;
  for (const [name, score] of Object.entries(scores)) {
    const verdict = { fraudScore: score, fraudReasons: score ? REASON : score === 0 ? [] : null };
    const at = `${DAY}T08:${minute++}:00Z`;
    const click = await w.click(w.apiA.id, w.affA.id, at, verdict);
    scored.clicks[name] = click;
    scored.sessions[name] = (await w.addLead(w.apiA.id, w.affA.id, at, { clickId: click, ...verdict })).id;
    conversionsBy[name] = (await w.conversion(w.apiA.id, w.affA.id, at, { clickId: click, ...verdict })).id;
  }
});
afterAll(async () => t?.close());

const LOGS = [
  ['clicks', scored.clicks],
  ['user-sessions', scored.sessions],
  ['conversions', conversionsBy],
] as const;

const uuids = async (path: string, extra: string) => {
  const res = await getLog(t.app, w.admin, path, `${DAY_RANGE}&tz=UTC&kind=api${extra}`);
  expect(res.status, res.body).toBe(200);
  return (res.json.data.list as { uuid: string }[]).map((r) => r.uuid).sort();
};

describe('fraud_score_min on the logs', () => {
  it.each(LOGS)('%s: keeps the rows scored at least N', async (path, ids) => {
    expect(await uuids(path, '')).toEqual([ids.none, ids.clean, ids.low, ids.high].sort());
    expect(await uuids(path, '&fraud_score_min=50')).toEqual([ids.high]);
    expect(await uuids(path, '&fraud_score_min=30')).toEqual([ids.low, ids.high].sort());
    // 0 keeps every scored row, clean ones too, and only those.
    expect(await uuids(path, '&fraud_score_min=0')).toEqual([ids.clean, ids.low, ids.high].sort());
  });

  it.each(LOGS)('%s: an empty value is no filter, for staff and partners alike', async (path, ids) => {
    expect(await uuids(path, '&fraud_score_min=')).toEqual([ids.none, ids.clean, ids.low, ids.high].sort());
    const aff = await getLog(t.app, w.affA, path, `${DAY_RANGE}&tz=UTC&kind=api&fraud_score_min=`);
    expect(aff.status, aff.body).toBe(200);
  });

  it.each(LOGS)('%s: counts only the matching rows', async (path) => {
    const res = await getLog(t.app, w.managerA, path, `${DAY_RANGE}&tz=UTC&kind=api&fraud_score_min=31&count=1`);
    expect(res.status, res.body).toBe(200);
    expect(res.json.data).toMatchObject({ count: 1, count_capped: false });
  });

  it.each(['101', '-1', '2.5', 'high'])('refuses %s with a 400 under its name', async (value) => {
    const res = await getLog(t.app, w.admin, 'clicks', `${DAY_RANGE}&tz=UTC&kind=api&fraud_score_min=${value}`);
    expect(res.status, res.body).toBe(400);
    expect(res.json).toMatchObject({ status: 'error', data: null });
    expect(Object.keys(res.json.error ?? {})).toEqual(['fraud_score_min']);
  });

  it('is not open to partners, who never see a score', async () => {
    for (const [m, path] of [
      [w.affA, 'clicks'],
      [w.affA, 'conversions'],
      [w.advA, 'user-sessions'],
    ] as const) {
      const res = await getLog(t.app, m, path, `${DAY_RANGE}&tz=UTC&kind=api&fraud_score_min=50`);
      expect(res.status, res.body).toBe(400);
      expect(res.json.error).toEqual({ fraud_score_min: 'This filter is not available to you' });
    }
  });

  it('shows the verdict on the conversion rows, to staff only', async () => {
    const staff = await getLog(t.app, w.head, 'conversions', `${DAY_RANGE}&tz=UTC&kind=api&fraud_score_min=50`);
    expect(staff.json.data.list[0]).toMatchObject({ uuid: conversionsBy.high, fraud_score: 80, fraud_reasons: REASON });
    const aff = await getLog(t.app, w.affA, 'conversions', `${DAY_RANGE}&tz=UTC&kind=api`);
    expect(aff.status, aff.body).toBe(200);
    expect(aff.json.data.list.length).toBeGreaterThan(0);
    for (const row of aff.json.data.list) expect(row).not.toHaveProperty('fraud_score');
  });
});
