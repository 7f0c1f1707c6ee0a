import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { NO_ID, offers } from '../../db/schema.ts';
import type { TestApp } from '#test/harness.ts';
import { foldRollups, writeClicks, type ClickRow } from '../tracking/index.ts';
import { api, type Member } from '../managers/staff.fixtures.ts';
import { DAY, DAY_RANGE, type LogWorld, startLogWorld } from '../statistic-logs/statistic-logs.fixtures.ts';

// The statistics' Fraud % (docs/product/fraud.md, "Fraud % in statistics"): flagged clicks ÷ clicks of each row, from
// the rollups the click writer keeps (affiliate, offer, landing) and from the raw clicks (sub IDs); staff only.

let t: TestApp;
let w: LogWorld;

type Click = { score: number | null; flagged: boolean; trafficback?: string };
// The network flags from 50 and sends to trafficback from 40, and affB is on the allow-list. dlA has its own flag
// threshold of 30, so its click scored 40 was flagged. On dlB, affB's click scored 45 is not (allowed, under 50) and
// affA's is (the trafficback threshold, though a full cap turned it away first); a click sent to trafficback for
// fraud counts too. affA: 3 of 5, affB: 2 of 4; dlA: 2 of 4, dlB: 3 of 5.
const DL_A: Click[] = [
  { score: 80, flagged: true },
  { score: 40, flagged: true },
  { score: 10, flagged: false },
  { score: null, flagged: false },
];
const DL_B: Click[] = [
  { score: 60, flagged: true },
  { score: 90, flagged: true, trafficback: 'fraud' },
  { score: 20, flagged: false },
  { score: 45, flagged: false },
];

beforeAll(async () => {
  ({ t, w } = await startLogWorld());
  const put = await api(t.app, 'PUT', '/api/fraud/v1/settings', w.admin.token, {
    actions: { flag_at: 50, trafficback_click_at: 40 },
    allowed_affiliate_ids: [w.affB.id],
  });
  expect(put.status, put.body).toBe(200);
  await t.db
    .update(offers)
    .set({ fraudSettings: { actions: { flag_at: 30 } } })
    .where(eq(offers.id, w.dlA.id));
  const row = (offerId: string, affiliateId: string, c: Click, i: number, over: Partial<ClickRow>): ClickRow => ({
    id: randomUUID(),
    offerId,
    affiliateId,
    createdAt: new Date(`${DAY}T08:0${i}:00Z`),
    ip: `198.51.100.${i + 1}`,
    country: 'DE',
    device: 'desktop',
    os: 'windows',
    fraudScore: c.score,
    fraudReasons: c.score === null ? null : [],
    trafficbackReason: c.trafficback ?? null,
    fraudFlagged: c.flagged,
    ...over,
  });
  await writeClicks(t.db, [
    ...DL_A.map((c, i) => row(w.dlA.id, w.affA.id, c, i, { landingId: w.landing.id, sub1: 'fb' })),
    ...DL_B.map((c, i) => row(w.dlB.id, w.affB.id, c, i, { sub1: 'push' })),
    row(w.dlB.id, w.affA.id, { score: 45, flagged: true, trafficback: 'cap_reached' }, 5, { sub1: 'cap' }),
  ]);
  // A lead-only API offer: user sessions and no clicks.
  await w.addLead(w.apiA.id, w.affA.id, `${DAY}T09:00:00Z`);
  await foldRollups(t.db, { wait: true });
});
afterAll(async () => t?.close());

const report = async (m: Member, query: string) => {
  const res = await api(t.app, 'GET', `/api/statistic/v1/general?${DAY_RANGE}&tz=UTC&${query}`, m.token);
  expect(res.status, res.body).toBe(200);
  return res.json.data as {
    source: string;
    totals: Record<string, unknown>;
    list: { keys: { value: string }[]; clicks: number; fraud_clicks?: number; fraud_rate?: number | null }[];
  };
};
const byKey = (r: Awaited<ReturnType<typeof report>>) =>
  Object.fromEntries(r.list.map((x) => [x.keys[0].value, [x.clicks, x.fraud_clicks, x.fraud_rate]]));

describe('statistics: Fraud % per row', () => {
  it('per affiliate, offer and landing, from the rollups', async () => {
    const aff = await report(w.admin, 'group=affiliate');
    expect(aff.source).toBe('rollup');
    expect(byKey(aff)).toEqual({ [w.affA.id]: [5, 3, 60], [w.affB.id]: [4, 2, 50] });
    expect(aff.totals).toMatchObject({ clicks: 9, fraud_clicks: 5, fraud_rate: 55.56 });

    const offer = await report(w.head, 'group=offer');
    expect(byKey(offer)).toEqual({ [w.dlA.id]: [4, 2, 50], [w.dlB.id]: [5, 3, 60] });

    const landing = await report(w.managerA, 'group=landing');
    expect(landing.source).toBe('rollup');
    expect(byKey(landing)).toEqual({ [w.landing.id]: [4, 2, 50], [NO_ID]: [1, 1, 100] });
  });

  it('per sub ID, from the raw clicks judged by the thresholds and allow-list in force', async () => {
    const sub = await report(w.admin, 'group=sub1');
    expect(sub.source).toBe('raw');
    expect(byKey(sub)).toEqual({ fb: [4, 2, 50], push: [4, 2, 50], cap: [1, 1, 100] });
    expect(sub.totals).toMatchObject({ clicks: 9, fraud_clicks: 5, fraud_rate: 55.56 });
  });

  it('is empty on rows without clicks (lead-only API offers)', async () => {
    const api = await report(w.admin, 'group=offer&kind=api');
    expect(byKey(api)).toEqual({ [w.apiA.id]: [0, 0, null] });
  });

  it('is never sent to partners', async () => {
    for (const m of [w.affA, w.advA]) {
      const r = await report(m, 'group=offer');
      expect(r.list.length).toBeGreaterThan(0);
      for (const row of [...r.list, r.totals]) {
        expect(row).not.toHaveProperty('fraud_clicks');
        expect(row).not.toHaveProperty('fraud_rate');
      }
    }
  });
});
