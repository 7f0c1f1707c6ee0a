import { randomUUID } from 'node:crypto';
import { count, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '#test/harness.ts';
import {
  affiliatePostbacks,
  auditLog,
  billingAdjustments,
  conversionHistory,
  conversions,
  invoices,
  offers,
  outboundPostbacks,
  reconciliationApplies,
  reconciliationRows,
  referralEarnings,
} from '../../db/schema.ts';
import { billingCalls } from '../billing/billing.fixtures.ts';
import { api, type Member } from '../managers/staff.fixtures.ts';
import { approveDueConversions, foldRollups } from '../tracking/index.ts';
import { classifyImport } from './index.ts';
import {
  createMatchWorld,
  fileRow,
  insertParsedImport,
  matchCalls,
  PERIOD,
  startMatchWorld,
  type MatchWorld,
} from './match.fixtures.ts';
import type { FileRow } from './classify.ts';
import type { Goal } from '@pxl/contract';

let t: TestApp;
let w: MatchWorld;
afterAll(() => t?.close());
beforeAll(async () => {
  ({ t, w } = await startMatchWorld());
});

const REASON = `Reconciliation: report.csv, ${PERIOD.from} – ${PERIOD.to}`;
const GOALS: Goal[] = [
  { goal: 'registration', payment_type: 'cpa', revenue: 500, payout: 300, payout_percent: 0, geo_rates: [] },
  { goal: 'deposit', payment_type: 'revshare', revenue: 1000, payout: 0, payout_percent: 40, geo_rates: [] },
];

/** Each test its own advertiser, so the period's conversions of one test are never another's `missing_there`. */
const scene = async () => {
  const s = await createMatchWorld(t.db);
  await t.db.update(offers).set({ goals: GOALS }).where(eq(offers.id, s.offer.id));
  const payee = await s.member({
    role: 'affiliate',
    managerId: s.managerA.id,
    paymentMethods: [{ system: 'wire', details: 'IBAN DE00 1234', priority: 1 }],
    minPayoutAmount: 0,
  });
  const importOf = async (rows: FileRow[]) => {
    const id = await insertParsedImport(t.db, s.adv.id, w.admin.id, rows);
    await classifyImport(t.db, id);
    return id;
  };
  const rowsOf = async (importId: string) =>
    (await matchCalls(t.app).rows(w.admin, importId, '?count=100')).json.data.list as {
      uuid: string;
      line: number | null;
      bucket: string;
      conversion_uuid: string | null;
      applied_at: string | null;
      applied: Record<string, unknown> | null;
    }[];
  return { ...s, payee, importOf, rowsOf };
};

const apply = (m: Member, importId: string, body: Record<string, unknown>) =>
  api(t.app, 'POST', `/api/reconciliation/v1/imports/${importId}/apply`, m.token, body);
const conv = async (id: string) => (await t.db.select().from(conversions).where(eq(conversions.id, id)))[0];
const adjustmentsOf = (affiliateId: string) =>
  t.db.select().from(billingAdjustments).where(eq(billingAdjustments.affiliateId, affiliateId));
/** Puts these conversions in one invoice of their affiliate; returns its id and number. */
const invoice = async (ids: string[]) => {
  const gen = await billingCalls(t.app).generate(w.admin, { conversion_uuids: ids });
  expect(gen.status, gen.body).toBe(200);
  const id = gen.json.data.list[0].uuid as string;
  const [row] = await t.db.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, id));
  return { id, number: row.number };
};
const historyOf = (id: string) => t.db.select().from(conversionHistory).where(eq(conversionHistory.conversionId, id));

/** The offer's October totals on the statistics endpoint, after the queued rollup changes are folded. */
const stats = async (offerId: string) => {
  await foldRollups(t.db, { wait: true });
  const res = await api(
    t.app,
    'GET',
    `/api/statistic/v1/general?date_from=${PERIOD.from}&date_to=${PERIOD.to}&tz=UTC&offer=${offerId}&group=offer`,
    w.admin.token,
  );
  expect(res.status, res.body).toBe(200);
  const totals = res.json.data.totals;
  return {
    revenue: (totals.revenue?.USD ?? 0) as number,
    payout: (totals.payout?.USD ?? 0) as number,
    approved: totals.approved as number,
    rejected: totals.rejected as number,
    conversions: totals.conversions as number,
  };
};

/**
 * What the statistics rollups add up to. Their queue is drained by a timer at any moment, so it is folded and the
 * folded totals are read, never the queue's length.
 */
const rolledUp = async () => {
  await foldRollups(t.db, { wait: true });
  const { rows } = await t.db.execute(sql`select sum(conversions)::int as conversions, sum(approved)::int as approved,
    sum(rejected)::int as rejected, sum(payout)::bigint::text as payout, sum(revenue)::bigint::text as revenue
    from stats_hourly`);
  return rows[0];
};

/** Everything an apply may write, to show that a refused or repeated one wrote nothing. */
const footprint = async () => {
  const n = async (
    table:
      | typeof conversions
      | typeof conversionHistory
      | typeof reconciliationApplies
      | typeof billingAdjustments
      | typeof outboundPostbacks,
  ) => (await t.db.select({ n: count() }).from(table))[0].n;
  const [audit] = await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'reconciliation_apply'));
  const [applied] = await t.db
    .select({ n: count() })
    .from(reconciliationRows)
    .where(isNotNull(reconciliationRows.appliedAt));
  const all = await t.db.select().from(conversions);
  return {
    conversions: await n(conversions),
    history: await n(conversionHistory),
    applies: await n(reconciliationApplies),
    adjustments: await n(billingAdjustments),
    rollups: await rolledUp(),
    postbacks: await n(outboundPostbacks),
    audit: audit.n,
    applied: applied.n,
    states: all.map((c) => `${c.id}:${c.status}:${c.revenue}:${c.payout}`).sort(),
  };
};

describe('reconciliation apply on the real API', () => {
  it('status_differs: our conversion takes their status, with history, rollups and the apply listed', async () => {
    const s = await scene();
    const click = await s.click();
    const id = await s.conversion({ clickId: click });
    await t.db
      .insert(affiliatePostbacks)
      .values({ affiliateId: s.affiliate.id, event: 'status_change', url: 'https://aff.example/pb?s={status}' });
    const importId = await s.importOf([fileRow(1, { click_id: click, status: 'rejected' })]);
    const before = await stats(s.offer.id);
    const res = await apply(s.managerA, importId, { buckets: ['status_differs'] });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data).toMatchObject({
      applied: 1,
      already_applied: 0,
      conversions_changed: 1,
      conversions_created: 0,
      adjustments: 0,
    });
    expect(await conv(id)).toMatchObject({ status: 'rejected', revenue: 500, payout: 300 });
    expect(await historyOf(id)).toEqual([
      expect.objectContaining({
        fromStatus: 'approved',
        toStatus: 'rejected',
        source: 'reconciliation',
        actorId: s.managerA.id,
        reason: REASON,
      }),
    ]);
    // The affiliate's status postback is queued, as for any status change.
    const sent = await t.db.select().from(outboundPostbacks).where(eq(outboundPostbacks.conversionId, id));
    expect(sent).toEqual([
      expect.objectContaining({ event: 'status_change', url: 'https://aff.example/pb?s=rejected' }),
    ]);
    const after = await stats(s.offer.id);
    expect(after.revenue - before.revenue).toBe(-500);
    expect(after.approved - before.approved).toBe(-1);
    expect(after.rejected - before.rejected).toBe(1);
    // The classification stays as found; the row shows when it was applied and what it did.
    const [row] = await s.rowsOf(importId);
    expect(row).toMatchObject({ bucket: 'status_differs', conversion_uuid: id });
    expect(row.applied_at).not.toBeNull();
    const [stored] = await t.db.select().from(reconciliationRows).where(eq(reconciliationRows.id, row.uuid));
    expect(stored).toMatchObject({
      appliedBy: s.managerA.id,
      applyId: res.json.data.apply_uuid,
      applied: { conversion_id: id, status: { from: 'approved', to: 'rejected' }, revenue: null, payout: null },
    });
    const list = await api(t.app, 'GET', `/api/reconciliation/v1/imports/${importId}/applies`, s.managerA.token);
    expect(list.status, list.body).toBe(200);
    expect(list.json.data.items).toEqual([
      expect.objectContaining({
        uuid: res.json.data.apply_uuid,
        applied: 1,
        conversions_changed: 1,
        by: { uuid: s.managerA.id, name: expect.any(String) },
      }),
    ]);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'reconciliation_apply'));
    expect(audit).toMatchObject({ actorId: s.managerA.id, subjectId: s.adv.id });
    expect(audit.details).toMatchObject({ import_uuid: importId, applied: 1, conversionsChanged: 1 });
  });

  it('amount_differs: their amount becomes our revenue; the payout moves only for a revshare goal', async () => {
    const s = await scene();
    const [c1, c2] = [await s.click(), await s.click()];
    const cpa = await s.conversion({ clickId: c1 });
    const share = await s.conversion({ clickId: c2, goal: 'deposit', revenue: 1000, payout: 400 });
    const importId = await s.importOf([
      fileRow(1, { click_id: c1, amount: 450 }),
      fileRow(2, { click_id: c2, amount: 1500 }),
    ]);
    const before = await stats(s.offer.id);
    const res = await apply(s.admin, importId, { buckets: ['amount_differs'] });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data).toMatchObject({ applied: 2, conversions_changed: 2 });
    expect(await conv(cpa)).toMatchObject({ status: 'approved', revenue: 450, payout: 300 });
    expect(await conv(share)).toMatchObject({ status: 'approved', revenue: 1500, payout: 600 });
    const after = await stats(s.offer.id);
    expect(after.revenue - before.revenue).toBe(-50 + 500);
    expect(after.payout - before.payout).toBe(200);
  });

  it('missing_there: our conversion becomes rejected', async () => {
    const s = await scene();
    const [c1, c2] = [await s.click(), await s.click()];
    await s.conversion({ clickId: c1 });
    const gone = await s.conversion({ clickId: c2, revenue: 800 });
    const importId = await s.importOf([fileRow(1, { click_id: c1 })]);
    const before = await stats(s.offer.id);
    const res = await apply(s.admin, importId, { buckets: ['missing_there'] });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data).toMatchObject({ applied: 1, conversions_changed: 1 });
    expect(await conv(gone)).toMatchObject({ status: 'rejected' });
    expect((await stats(s.offer.id)).revenue - before.revenue).toBe(-800);
  });

  it('missing_here: a conversion is made from their row on our click, with their figures', async () => {
    const s = await scene();
    const lost = await s.click();
    const lostNoTx = await s.click();
    const date = new Date('2026-10-20T09:30:00Z').toISOString();
    const importId = await s.importOf([
      fileRow(1, { click_id: lost, txid: 'ORD-1', amount: 700, status: 'approved', date }),
      fileRow(2, { click_id: lostNoTx, amount: null, status: null, currency: null }),
    ]);
    const before = await stats(s.offer.id);
    const res = await apply(s.admin, importId, { buckets: ['missing_here'] });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data).toMatchObject({ applied: 2, conversions_created: 2, conversions_changed: 0 });
    const [made] = await t.db.select().from(conversions).where(eq(conversions.clickId, lost));
    expect(made).toMatchObject({
      offerId: s.offer.id,
      affiliateId: s.affiliate.id,
      goal: 'registration',
      status: 'approved',
      revenue: 700,
      payout: 300,
      currency: 'USD',
      txid: 'ORD-1',
      createdAt: new Date(date),
    });
    const [second] = await t.db.select().from(conversions).where(eq(conversions.clickId, lostNoTx));
    expect(second).toMatchObject({ status: 'pending', revenue: 500, payout: 300 });
    expect(second.txid).toBe('');
    expect(await historyOf(made.id)).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: 'approved', source: 'reconciliation', reason: REASON }),
    ]);
    const shown = (await s.rowsOf(importId)).find((r) => r.line === 1)!;
    expect(shown.conversion_uuid).toBeNull();
    expect(shown.applied).toEqual({
      kind: 'created',
      conversion_uuid: made.id,
      status: 'approved',
      amount: 700,
      adjustment: null,
    });
    const after = await stats(s.offer.id);
    expect(after.conversions - before.conversions).toBe(2);
    expect(after.revenue - before.revenue).toBe(700 + 500);
  });

  it('refuses a missing_here row without a click of ours, and one in another currency, naming the row', async () => {
    const s = await scene();
    const lead = await s.lead();
    const click = await s.click();
    const noClick = await s.importOf([fileRow(3, { lead_id: lead })]);
    let res = await apply(s.admin, noClick, { buckets: ['missing_here'] });
    expect(res.status).toBe(400);
    expect(res.json.error).toEqual({ row_uuids: 'Row 3: no click of ours to make a conversion from' });
    const euro = await s.importOf([fileRow(5, { click_id: click, currency: 'EUR' })]);
    res = await apply(s.admin, euro, { buckets: ['missing_here'] });
    expect(res.status).toBe(400);
    expect(res.json.error).toEqual({ row_uuids: "Row 5: their currency EUR is not the offer's (USD)" });
  });

  it('refuses rows of another import, rows with nothing to apply and an import not classified', async () => {
    const s = await scene();
    const click = await s.click();
    await s.conversion({ clickId: click });
    const importId = await s.importOf([fileRow(12, { click_id: click })]);
    const [matched] = await s.rowsOf(importId);
    const stranger = randomUUID();
    let res = await apply(s.admin, importId, { row_uuids: [stranger] });
    expect(res.status).toBe(400);
    expect(res.json.error).toEqual({ row_uuids: `Row ${stranger} is not a row of this import` });
    res = await apply(s.admin, importId, { row_uuids: [matched.uuid] });
    expect(res.status).toBe(400);
    expect(res.json.error).toEqual({ row_uuids: 'Row 12 is matched: there is nothing to apply' });
    res = await apply(s.admin, importId, { row_uuids: [], buckets: [] });
    expect(res.status).toBe(400);
    const parsed = await insertParsedImport(t.db, s.adv.id, w.admin.id, [fileRow(1, { click_id: click })]);
    res = await apply(s.admin, parsed, { buckets: ['status_differs'] });
    expect(res.status).toBe(409);
    expect(Object.keys(res.json.error!)).toEqual(['import']);
  });

  it('is scoped: a manager of another advertiser gets 404, an affiliate 403', async () => {
    const s = await scene();
    const click = await s.click();
    await s.conversion({ clickId: click });
    const importId = await s.importOf([fileRow(1, { click_id: click, status: 'rejected' })]);
    expect((await apply(s.managerB, importId, { buckets: ['status_differs'] })).status).toBe(404);
    expect((await apply(s.affiliate, importId, { buckets: ['status_differs'] })).status).toBe(403);
    const list = (m: Member) => api(t.app, 'GET', `/api/reconciliation/v1/imports/${importId}/applies`, m.token);
    expect((await list(s.managerB)).status).toBe(404);
    expect((await list(s.affiliate)).status).toBe(403);
    expect(await conv((await s.rowsOf(importId))[0].conversion_uuid!)).toMatchObject({ status: 'approved' });
  });

  it('is all or nothing: a bad row after good ones leaves everything as it was', async () => {
    const s = await scene();
    const [c1, c2, lost] = [await s.click(), await s.click(), await s.click()];
    const a = await s.conversion({ clickId: c1 });
    const b = await s.conversion({ clickId: c2 });
    const lead = await s.lead();
    const importId = await s.importOf([
      fileRow(1, { click_id: c1, status: 'rejected' }),
      fileRow(2, { click_id: c2, amount: 100 }),
      fileRow(3, { click_id: lost }),
      fileRow(4, { lead_id: lead }),
    ]);
    const before = await footprint();
    const res = await apply(s.admin, importId, {
      buckets: ['status_differs', 'amount_differs', 'missing_here', 'missing_there'],
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toEqual({ row_uuids: 'Row 4: no click of ours to make a conversion from' });
    expect(await footprint()).toEqual(before);
    expect(await conv(a)).toMatchObject({ status: 'approved' });
    expect(await conv(b)).toMatchObject({ revenue: 500 });
    expect((await s.rowsOf(importId)).every((r) => r.applied_at === null)).toBe(true);
  });

  it('applying twice changes nothing the second time', async () => {
    const s = await scene();
    const [c1, lost] = [await s.click(), await s.click()];
    await s.conversion({ clickId: c1 });
    const importId = await s.importOf([
      fileRow(1, { click_id: c1, status: 'pending' }),
      fileRow(2, { click_id: lost }),
    ]);
    const all = { buckets: ['status_differs', 'missing_here'] };
    const first = await apply(s.admin, importId, all);
    expect(first.json.data).toMatchObject({ applied: 2, conversions_changed: 1, conversions_created: 1 });
    const stat = await stats(s.offer.id);
    const before = await footprint();
    const again = await apply(s.admin, importId, all);
    expect(again.status, again.body).toBe(200);
    expect(again.json.data).toEqual({
      apply_uuid: null,
      applied: 0,
      already_applied: 2,
      conversions_changed: 0,
      conversions_created: 0,
      adjustments: 0,
    });
    expect(await footprint()).toEqual(before);
    expect(await stats(s.offer.id)).toEqual(stat);
  });

  it('a conversion in a live invoice is left as it is: the payout difference waits for the next invoice', async () => {
    const s = await scene();
    const [c1, c2] = [await s.click(), await s.click()];
    const invoiced = await s.conversion({ clickId: c1, affiliateId: s.payee.id });
    const free = await s.conversion({ clickId: c2, affiliateId: s.payee.id });
    const gen = await billingCalls(t.app).generate(w.admin, { conversion_uuids: [invoiced] });
    expect(gen.status, gen.body).toBe(200);
    const importId = await s.importOf([
      fileRow(1, { click_id: c1, status: 'rejected' }),
      fileRow(2, { click_id: c2, status: 'rejected' }),
    ]);
    const res = await apply(s.admin, importId, { buckets: ['status_differs'] });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data).toMatchObject({ applied: 2, conversions_changed: 1, adjustments: 1 });
    expect(await conv(invoiced)).toMatchObject({ status: 'approved', revenue: 500, payout: 300 });
    expect(await conv(free)).toMatchObject({ status: 'rejected' });
    const row = (await s.rowsOf(importId)).find((r) => r.line === 1)!;
    const adjustments = await t.db
      .select()
      .from(billingAdjustments)
      .where(eq(billingAdjustments.affiliateId, s.payee.id));
    expect(adjustments).toEqual([
      expect.objectContaining({
        currency: 'USD',
        amount: -300,
        comment: REASON,
        source: 'reconciliation',
        sourceId: row.uuid,
        createdBy: s.admin.id,
        invoiceId: null,
      }),
    ]);
    // The rows say what applying them did; the import counts what is applied per bucket.
    const shown = await s.rowsOf(importId);
    expect(shown.find((r) => r.line === 1)!.applied).toEqual({
      kind: 'adjustment',
      conversion_uuid: invoiced,
      status: 'approved',
      amount: 500,
      adjustment: -300,
    });
    expect(shown.find((r) => r.line === 2)!.applied).toEqual({
      kind: 'changed',
      conversion_uuid: free,
      status: 'rejected',
      amount: 500,
      adjustment: null,
    });
    const detail = await matchCalls(t.app).get(s.admin, importId);
    expect(detail.json.data.applied).toEqual({ status_differs: 2 });
  });

  it('two applies of the same rows at once apply them once in total', async () => {
    const s = await scene();
    const clicks = await Promise.all([1, 2, 3].map(() => s.click()));
    for (const c of clicks) await s.conversion({ clickId: c });
    const importId = await s.importOf(clicks.map((c, i) => fileRow(i + 1, { click_id: c, status: 'rejected' })));
    const body = { buckets: ['status_differs'] };
    const both = await Promise.all([apply(s.admin, importId, body), apply(s.head, importId, body)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both.map((r) => r.json.data.applied).sort()).toEqual([0, 3]);
    expect(both.map((r) => r.json.data.already_applied).sort()).toEqual([0, 3]);
    const ids = (await s.rowsOf(importId)).map((r) => r.conversion_uuid!);
    for (const id of ids) expect(await historyOf(id)).toHaveLength(1);
    const applies = await t.db.select().from(reconciliationApplies).where(eq(reconciliationApplies.importId, importId));
    expect(applies).toHaveLength(1);
  });

  it('an invoiced conversion is taken back once, however many imports report it rejected', async () => {
    const s = await scene();
    const click = await s.click();
    const id = await s.conversion({ clickId: click, affiliateId: s.payee.id });
    await invoice([id]);
    const report = async (status: 'rejected') => {
      const importId = await s.importOf([fileRow(1, { click_id: click, status })]);
      const res = await apply(s.admin, importId, { row_uuids: (await s.rowsOf(importId)).map((r) => r.uuid) });
      expect(res.status, res.body).toBe(200);
      return res.json.data.adjustments as number;
    };
    expect(await report('rejected')).toBe(1);
    expect(await report('rejected')).toBe(0);
    expect((await adjustmentsOf(s.payee.id)).map((a) => [a.amount, a.conversionId])).toEqual([[-300, id]]);
    expect(await conv(id)).toMatchObject({ status: 'approved', payout: 300 });
  });

  it('a direct status change after the invoice is declined drops the queued correction', async () => {
    const s = await scene();
    const click = await s.click();
    const id = await s.conversion({ clickId: click, affiliateId: s.payee.id });
    const inv = await invoice([id]);
    const importId = await s.importOf([fileRow(1, { click_id: click, status: 'rejected' })]);
    expect((await apply(s.admin, importId, { buckets: ['status_differs'] })).json.data.adjustments).toBe(1);
    expect(await adjustmentsOf(s.payee.id)).toHaveLength(1);
    const declined = await billingCalls(t.app).decline(w.admin, inv.id);
    expect(declined.status, declined.body).toBe(200);
    const res = await api(t.app, 'POST', `/api/conversions/v1/${id}/status`, s.admin.token, {
      status: 'rejected',
      reason: 'Advertiser report',
    });
    expect(res.status, res.body).toBe(200);
    expect(await conv(id)).toMatchObject({ status: 'rejected' });
    // The rejection takes the payout away; the queued −300 would take it a second time.
    expect(await adjustmentsOf(s.payee.id)).toEqual([]);
  });

  it('a later apply rejecting it after the invoice is declined drops the queued correction', async () => {
    const s = await scene();
    const click = await s.click();
    const id = await s.conversion({ clickId: click, affiliateId: s.payee.id });
    const inv = await invoice([id]);
    const report = async () => {
      const importId = await s.importOf([fileRow(1, { click_id: click, status: 'rejected' })]);
      const res = await apply(s.admin, importId, { buckets: ['status_differs'] });
      expect(res.status, res.body).toBe(200);
    };
    await report();
    expect(await adjustmentsOf(s.payee.id)).toHaveLength(1);
    expect((await billingCalls(t.app).decline(w.admin, inv.id)).status).toBe(200);
    await report();
    expect(await conv(id)).toMatchObject({ status: 'rejected' });
    expect(await adjustmentsOf(s.payee.id)).toEqual([]);
  });

  it('set pending, a conversion waits its hold days again before the hold job approves it', async () => {
    const s = await scene();
    await t.db.update(offers).set({ holdDays: 7 }).where(eq(offers.id, s.offer.id));
    const click = await s.click();
    const id = await s.conversion({ clickId: click, status: 'rejected', holdUntil: new Date('2026-10-22T12:00:00Z') });
    const importId = await s.importOf([fileRow(1, { click_id: click, status: 'pending' })]);
    const res = await apply(s.admin, importId, { buckets: ['status_differs'] });
    expect(res.status, res.body).toBe(200);
    await approveDueConversions(t.db);
    const after = await conv(id);
    expect(after.status).toBe('pending');
    expect(after.holdUntil!.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
  });

  it('an invoiced conversion their report calls pending or hold keeps its payout', async () => {
    const s = await scene();
    const [c1, c2] = [await s.click(), await s.click()];
    const a = await s.conversion({ clickId: c1, affiliateId: s.payee.id });
    const b = await s.conversion({ clickId: c2, affiliateId: s.payee.id });
    const inv = await invoice([a, b]);
    const importId = await s.importOf([
      fileRow(1, { click_id: c1, status: 'pending' }),
      fileRow(2, { click_id: c2, status: 'hold' }),
    ]);
    const res = await apply(s.admin, importId, { buckets: ['status_differs'] });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data).toMatchObject({ applied: 2, conversions_changed: 0, adjustments: 0 });
    expect(await adjustmentsOf(s.payee.id)).toEqual([]);
    expect(await conv(a)).toMatchObject({ status: 'approved', payout: 300 });
    const shown = await s.rowsOf(importId);
    expect(shown.map((r) => r.applied)).toEqual([
      { kind: 'unchanged', conversion_uuid: a, status: 'approved', amount: 500, adjustment: 0 },
      { kind: 'unchanged', conversion_uuid: b, status: 'approved', amount: 500, adjustment: 0 },
    ]);
    const [stored] = await t.db.select().from(reconciliationRows).where(eq(reconciliationRows.id, shown[1].uuid));
    expect(stored.applied).toMatchObject({ invoiced: true, kept_status: `hold: in invoice ${inv.number}` });
  });

  it('refuses a row whose referral earning waits in an unpaid invoice, naming the row and the invoice', async () => {
    const s = await scene();
    const referrer = await s.member({
      role: 'affiliate',
      managerId: s.managerA.id,
      paymentMethods: [{ system: 'wire', details: 'IBAN DE00 5678', priority: 1 }],
      minPayoutAmount: 0,
    });
    const [c1, c2] = [await s.click(), await s.click()];
    await s.conversion({ clickId: c1 });
    const earned = await s.conversion({ clickId: c2 });
    await t.db.insert(referralEarnings).values({
      referrerId: referrer.id,
      referredId: s.affiliate.id,
      conversionId: earned,
      amount: 30,
      currency: 'USD',
      createdAt: new Date('2026-10-15T12:00:00Z'),
    });
    const gen = await billingCalls(t.app).generate(w.admin, {
      date_from: PERIOD.from,
      date_to: PERIOD.to,
      affiliate_uuids: [referrer.id],
    });
    expect(gen.status, gen.body).toBe(200);
    const [inv] = await t.db
      .select({ number: invoices.number })
      .from(invoices)
      .where(eq(invoices.id, gen.json.data.list[0].uuid));
    const importId = await s.importOf([
      fileRow(1, { click_id: c1, status: 'rejected' }),
      fileRow(7, { click_id: c2, status: 'rejected' }),
    ]);
    const before = await footprint();
    const res = await apply(s.admin, importId, { buckets: ['status_differs'] });
    expect(res.status, res.body).toBe(409);
    expect(res.json.error).toEqual({
      row_uuids: `Row 7: the referral earning of its conversion is in invoice ${inv.number}; decline that invoice to apply it`,
    });
    expect(await footprint()).toEqual(before);
    expect(await conv(earned)).toMatchObject({ status: 'approved' });
  });

  it('an invoiced conversion takes their amount as revenue; a payout it moves is an adjustment', async () => {
    const s = await scene();
    const [c1, c2] = [await s.click(), await s.click()];
    const cpa = await s.conversion({ clickId: c1, affiliateId: s.payee.id });
    const share = await s.conversion({
      clickId: c2,
      affiliateId: s.payee.id,
      goal: 'deposit',
      revenue: 1000,
      payout: 400,
    });
    await invoice([cpa, share]);
    const importId = await s.importOf([
      fileRow(1, { click_id: c1, amount: 450 }),
      fileRow(2, { click_id: c2, amount: 1500 }),
    ]);
    const before = await stats(s.offer.id);
    const res = await apply(s.admin, importId, { buckets: ['amount_differs'] });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data).toMatchObject({ applied: 2, conversions_changed: 2, adjustments: 1 });
    expect(await conv(cpa)).toMatchObject({ status: 'approved', revenue: 450, payout: 300 });
    expect(await conv(share)).toMatchObject({ status: 'approved', revenue: 1500, payout: 400 });
    expect((await adjustmentsOf(s.payee.id)).map((a) => [a.amount, a.conversionId])).toEqual([[200, share]]);
    const after = await stats(s.offer.id);
    expect(after.revenue - before.revenue).toBe(-50 + 500);
    expect(after.payout - before.payout).toBe(0);
    expect((await s.rowsOf(importId)).map((r) => r.applied)).toEqual([
      { kind: 'changed', conversion_uuid: cpa, status: 'approved', amount: 450, adjustment: 0 },
      { kind: 'adjustment', conversion_uuid: share, status: 'approved', amount: 1500, adjustment: 200 },
    ]);
  });
});
