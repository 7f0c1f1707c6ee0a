import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '#test/harness.ts';
import { RECON_BUCKETS } from '@pxl/contract';
import { classifyImport } from './index.ts';
import { BEFORE, fileRow, insertParsedImport, matchCalls, startMatchWorld, type MatchWorld } from './match.fixtures.ts';
import { reconCalls, testMapping } from './reconciliation.fixtures.ts';

let t: TestApp;
let w: MatchWorld;
let calls: ReturnType<typeof matchCalls>;
let importId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ({ t, w } = await startMatchWorld());
  calls = matchCalls(t.app);
  const clickA = await w.click();
  const clickB = await w.click();
  const clickC = await w.click();
  const clickD = await w.click();
  const lostClick = await w.click();
  const clickF = await w.click();
  const clickG = await w.click(BEFORE);
  const lead = await w.lead();
  ids.matched = await w.conversion({ clickId: clickA, txid: 'T-A' });
  ids.status = await w.conversion({ clickId: clickB });
  ids.amount = await w.conversion({ clickId: clickC });
  ids.currency = await w.conversion({ clickId: clickD });
  ids.missingThere = await w.conversion({ clickId: clickF, revenue: 800 });
  ids.outside = await w.conversion({ clickId: clickG, createdAt: BEFORE });
  ids.byLead = await w.conversion({ leadId: lead });
  // A test conversion is never ours to reconcile.
  await w.conversion({ clickId: randomUUID(), isTest: true });
  importId = await insertParsedImport(t.db, w.adv.id, w.admin.id, [
    fileRow(1, { click_id: clickA, txid: 'T-A' }),
    fileRow(2, { click_id: clickB, status: 'rejected' }),
    fileRow(3, { click_id: clickC, amount: 450 }),
    fileRow(4, { click_id: clickD, currency: 'EUR' }),
    fileRow(5, { click_id: lostClick }),
    fileRow(6, { click_id: clickA.toUpperCase(), txid: 'T-A' }),
    fileRow(7, { click_id: randomUUID() }),
    fileRow(8, { click_id: clickG, date: null }),
    fileRow(9, { lead_id: lead }),
    fileRow(10, { txid: 'nobody-knows' }),
  ]);
  await classifyImport(t.db, importId);
});
afterAll(() => t.close());

describe('reconciliation classification on the real database', () => {
  it('puts each file row and each conversion of the period in its bucket', async () => {
    const res = await calls.rows(w.admin, importId, '?count=100');
    expect(res.status).toBe(200);
    const got = res.json.data.list.map((r: any) => [r.line, r.bucket, r.conversion_uuid]);
    expect(got).toEqual([
      [1, 'matched', ids.matched],
      [2, 'status_differs', ids.status],
      [3, 'amount_differs', ids.amount],
      [4, 'currency_differs', ids.currency],
      [5, 'missing_here', null],
      [6, 'duplicate_in_file', null],
      [7, 'unknown_id', null],
      [8, 'outside_period', ids.outside],
      [9, 'matched', ids.byLead],
      [10, 'unknown_id', null],
      [null, 'missing_there', ids.missingThere],
    ]);
    expect(res.json.data.count).toBe(11);
    const status = res.json.data.list[1];
    expect([status.our_status, status.our_amount, status.our_currency]).toEqual(['approved', 500, 'USD']);
    expect(status.data.status).toBe('rejected');
  });

  it('stores a summary whose difference is the sum of the listed differences', async () => {
    const res = await calls.get(w.head, importId);
    expect(res.status).toBe(200);
    const { state, summary, advertiser, created_by } = res.json.data;
    expect(state).toBe('classified');
    // The detail screen's header names both, as the list of imports does.
    expect(advertiser.uuid).toBe(w.adv.id);
    expect(advertiser.name).not.toBe('');
    expect(created_by.uuid).toBe(w.admin.id);
    expect(summary.file_rows).toBe(10);
    expect(summary.our_conversions).toBe(6);
    expect(Object.fromEntries(RECON_BUCKETS.map((b) => [b, summary.buckets[b].count]))).toEqual({
      matched: 2,
      status_differs: 1,
      amount_differs: 1,
      currency_differs: 1,
      missing_here: 1,
      missing_there: 1,
      duplicate_in_file: 1,
      unknown_id: 2,
      outside_period: 1,
    });
    // Ours: six conversions of the period, 5 × 5.00 + 8.00 USD; theirs: eight USD rows not rejected, one EUR row.
    expect(summary.ours).toEqual({ USD: 3300 });
    expect(summary.theirs).toEqual({ USD: 3950, EUR: 500 });
    expect(summary.difference).toEqual({ USD: 650, EUR: 500 });
    expect(summary.buckets.status_differs.difference).toEqual({ USD: -500 });
    expect(summary.buckets.amount_differs.difference).toEqual({ USD: -50 });
    expect(summary.buckets.currency_differs.difference).toEqual({ USD: -500, EUR: 500 });
    expect(summary.buckets.missing_there.difference).toEqual({ USD: -800 });
    for (const cur of ['USD', 'EUR']) {
      const listed = RECON_BUCKETS.reduce((n, b) => n + (summary.buckets[b].difference[cur] ?? 0), 0);
      expect(listed).toBe(summary.difference[cur]);
    }
  });

  it('pages and filters the rows by bucket', async () => {
    const unknown = await calls.rows(w.admin, importId, '?bucket=unknown_id&count=1&page=2');
    expect(unknown.json.data.count).toBe(2);
    expect(unknown.json.data.list.map((r: any) => r.line)).toEqual([10]);
    const bad = await calls.rows(w.admin, importId, '?bucket=nonsense');
    expect(bad.status).toBe(400);
  });

  it('classifying again gives the same rows, with one missing_there row per conversion', async () => {
    await classifyImport(t.db, importId);
    const res = await calls.rows(w.admin, importId, '?bucket=missing_there');
    expect(res.json.data.list.map((r: any) => r.conversion_uuid)).toEqual([ids.missingThere]);
  });

  it('shows an import to admin, head and the advertiser’s manager only', async () => {
    for (const m of [w.admin, w.head, w.managerA]) expect((await calls.get(m, importId)).status).toBe(200);
    expect((await calls.get(w.managerB, importId)).status).toBe(404);
    expect((await calls.rows(w.managerB, importId)).status).toBe(404);
    expect((await calls.get(w.affiliate, importId)).status).toBe(403);
    expect((await calls.get(w.admin, randomUUID())).status).toBe(404);
  });

  it('classifies an upload in its request', async () => {
    const click = await w.click();
    const conv = await w.conversion({ clickId: click, txid: 'O-1' });
    const file = Buffer.from(`Click ID,Order,Status,Amount,Currency,Date\n${click},O-1,approved,4.00,USD,2026-10-15\n`);
    const up = await reconCalls(t.app).upload(w.managerA, {
      file,
      advertiser: w.adv.id,
      mapping: testMapping(),
      period_from: '2026-10-01',
      period_to: '2026-10-31',
    });
    expect(up.status, up.body).toBe(200);
    const got = await calls.get(w.managerA, up.json.data.uuid);
    expect(got.json.data.state).toBe('classified');
    const rows = await calls.rows(w.managerA, up.json.data.uuid, '?bucket=amount_differs');
    expect(rows.json.data.list.map((r: any) => [r.line, r.conversion_uuid, r.our_amount])).toEqual([[1, conv, 500]]);
  });
});
