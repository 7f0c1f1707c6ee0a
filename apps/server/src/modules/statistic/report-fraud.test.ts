import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { offers } from '../../db/schema.ts';
import type { TestApp } from '#test/harness.ts';
import { foldRollups, writeClicks, type ClickRow } from '../tracking/index.ts';
import { api, type Member } from '../managers/staff.fixtures.ts';
import { DAY, DAY_RANGE, type LogWorld, startLogWorld } from '../statistic-logs/statistic-logs.fixtures.ts';

// The statistics' Fraud % (docs/product/fraud.md, "Fraud % in statistics"): flagged clicks ÷ clicks of each row, from
// the rollups the click writer keeps (affiliate, offer, landing) and from the raw clicks (sub IDs); staff only.

let t: TestApp;
let w: LogWorld;

type Click = { score: number | null; flagged: boolean; trafficback?: string };
// dlA has its own flag threshold of 30, so its click scored 40 was flagged; dlB follows the network's 50 and its
// click sent to trafficback for fraud counts as flagged too. dlA: 2 of 4 (50 %), dlB: 2 of 3 (66.67 %).
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
];

beforeAll(async () => {
  ({ t, w } = await startLogWorld());
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
    expect(byKey(aff)).toEqual({ [w.affA.id]: [4, 2, 50], [w.affB.id]: [3, 2, 66.67] });
    expect(aff.totals).toMatchObject({ clicks: 7, fraud_clicks: 4, fraud_rate: 57.14 });

    const offer = await report(w.head, 'group=offer');
    expect(byKey(offer)).toEqual({ [w.dlA.id]: [4, 2, 50], [w.dlB.id]: [3, 2, 66.67] });

    const landing = await report(w.managerA, 'group=landing');
    expect(landing.source).toBe('rollup');
    expect(byKey(landing)).toEqual({ [w.landing.id]: [4, 2, 50] });
  });

  it('per sub ID, from the raw clicks held against the flag threshold', async () => {
    const sub = await report(w.admin, 'group=sub1');
    expect(sub.source).toBe('raw');
    expect(byKey(sub)).toEqual({ fb: [4, 2, 50], push: [3, 2, 66.67] });
    expect(sub.totals).toMatchObject({ clicks: 7, fraud_clicks: 4, fraud_rate: 57.14 });
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
