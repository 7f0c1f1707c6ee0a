import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { conversions } from '../../db/schema.ts';
import { api } from '../managers/staff.fixtures.ts';
import {
  billingCalls,
  insertAdjustment,
  insertConversion,
  startBillingWorld,
  type BillingWorld,
} from './billing.fixtures.ts';

let t: TestApp;
let w: BillingWorld;
let b: ReturnType<typeof billingCalls>;
beforeAll(async () => {
  ({ t, w } = await startBillingWorld());
  b = billingCalls(t.app);
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;
const setStatus = async (id: string, status: string) => {
  const res = await api(t.app, 'POST', `/api/conversions/v1/${id}/status`, w.admin.token, {
    status,
    reason: 'Checked',
  });
  expect(res.status, res.body).toBe(200);
};

describe('balance buckets through every change', () => {
  it('moves money between on hold, pending, approved unpaid, in invoices and paid, never counting it twice', async () => {
    const aff = await w.affiliate();
    const buckets = async () => {
      const res = await b.balance(aff);
      expect(res.status, res.body).toBe(200);
      const usd = res.json.data.balances.find((x: { currency: string }) => x.currency === 'USD');
      const { on_hold, pending, approved_unpaid, in_invoices, paid } = usd ?? {};
      return [on_hold, pending, approved_unpaid, in_invoices, paid];
    };
    const conv = (over: Partial<Parameters<typeof insertConversion>[2]>) =>
      insertConversion(t.db, w.offer.id, { ...over, affiliateId: aff.id });
    const inHold = await conv({ status: 'pending', holdUntil: new Date(Date.now() + 48 * HOUR) });
    const held = await conv({ status: 'hold' });
    const due = await conv({ status: 'pending', holdUntil: new Date(Date.now() - HOUR) });
    const approved = await conv({});
    await conv({ status: 'rejected' });
    await conv({ isTest: true });
    await conv({ flow: 'trafficback' });
    await conv({ currency: 'EUR', offerId: w.offer2.id });
    //                       on hold, pending, approved unpaid, in invoices, paid
    expect(await buckets()).toEqual([2000, 1000, 1000, 0, 0]);

    for (const id of [inHold, held, due]) await setStatus(id, 'approved');
    expect(await buckets()).toEqual([0, 0, 4000, 0, 0]);
    await setStatus(due, 'rejected');
    expect(await buckets()).toEqual([0, 0, 3000, 0, 0]);

    const gen = await b.generate(w.admin, { conversion_uuids: [inHold, held, approved] });
    expect(gen.status, gen.body).toBe(200);
    const inv = gen.json.data.list[0].uuid as string;
    expect(await buckets()).toEqual([0, 0, 0, 3000, 0]);

    const adj = await b.update(w.admin, inv, {
      payment_system: 'wire',
      adjustments: [{ amount: 500, comment: 'Bonus for volume' }],
      comment: '',
    });
    expect(adj.status, adj.body).toBe(200);
    expect(await buckets()).toEqual([0, 0, 0, 3500, 0]);

    expect((await b.pay(w.admin, inv, 1500)).json.data.status).toBe('partly_paid');
    expect(await buckets()).toEqual([0, 0, 0, 2000, 1500]);
    expect((await b.pay(w.admin, inv, 2000)).json.data.status).toBe('approved');
    expect(await buckets()).toEqual([0, 0, 0, 0, 3500]);

    // A re-approved conversion goes through a declined and a deleted invoice and comes back unpaid each time.
    await setStatus(due, 'approved');
    expect(await buckets()).toEqual([0, 0, 1000, 0, 3500]);
    const second = (await b.generate(w.admin, { conversion_uuids: [due] })).json.data.list[0].uuid as string;
    expect(await buckets()).toEqual([0, 0, 0, 1000, 3500]);
    expect((await b.decline(w.admin, second)).status).toBe(200);
    expect(await buckets()).toEqual([0, 0, 1000, 0, 3500]);
    const third = (await b.generate(w.admin, { conversion_uuids: [due] })).json.data.list[0].uuid as string;
    expect(await buckets()).toEqual([0, 0, 0, 1000, 3500]);
    expect((await b.remove(w.admin, third)).status).toBe(200);
    expect(await buckets()).toEqual([0, 0, 1000, 0, 3500]);

    // Paying in full marked the paid invoice's conversions paid, and only those.
    const rows = await t.db
      .select({ id: conversions.id, paid: conversions.paid })
      .from(conversions)
      .where(inArray(conversions.id, [inHold, held, approved, due]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.paid]))).toEqual({
      [inHold]: true,
      [held]: true,
      [approved]: true,
      [due]: false,
    });
    // The other currency was never mixed in.
    const eur = (await b.balance(aff)).json.data.balances.find((x: { currency: string }) => x.currency === 'EUR');
    expect(eur).toEqual({ currency: 'EUR', on_hold: 0, pending: 0, approved_unpaid: 1000, in_invoices: 0, paid: 0 });
    const [paidRow] = await t.db.select().from(conversions).where(eq(conversions.id, inHold));
    expect(paidRow.status).toBe('approved');
  });

  it('puts every pending adjustment in exactly one bucket as invoices take, drop and pay it', async () => {
    const aff = await w.affiliate();
    const buckets = async () => {
      const usd = (await b.balance(aff)).json.data.balances.find((x: { currency: string }) => x.currency === 'USD');
      const { approved_unpaid, in_invoices, paid } = usd ?? {};
      return [approved_unpaid, in_invoices, paid];
    };
    const conv = await insertConversion(t.db, w.offer.id, { affiliateId: aff.id });
    await insertAdjustment(t.db, aff.id, 400);
    await insertAdjustment(t.db, aff.id, -150, { comment: 'Reconciliation: september.csv' });
    await insertAdjustment(t.db, aff.id, 999, { currency: 'EUR' });
    //                       approved unpaid, in invoices, paid: always 1000 + 400 − 150 in all
    expect(await buckets()).toEqual([1250, 0, 0]);
    const first = (await b.generate(w.admin, { conversion_uuids: [conv] })).json.data.list[0].uuid as string;
    expect(await buckets()).toEqual([0, 1250, 0]);
    expect((await b.decline(w.admin, first)).status).toBe(200);
    expect(await buckets()).toEqual([1250, 0, 0]);
    const period = { date_from: '2000-01-01', date_to: '2099-12-31', currency: 'USD', affiliate_uuids: [aff.id] };
    const second = (await b.generate(w.admin, period)).json.data.list[0].uuid as string;
    expect(await buckets()).toEqual([0, 1250, 0]);
    expect((await b.remove(w.admin, second)).status).toBe(200);
    expect(await buckets()).toEqual([1250, 0, 0]);
    const third = (await b.generate(w.admin, period)).json.data.list[0].uuid as string;
    expect((await b.pay(w.admin, third, 1000)).json.data.status).toBe('partly_paid');
    expect(await buckets()).toEqual([0, 250, 1000]);
    expect((await b.pay(w.admin, third, 250)).json.data.status).toBe('approved');
    expect(await buckets()).toEqual([0, 0, 1250]);
    // A correction after the invoice was paid waits in approved unpaid, and may make it negative.
    await insertAdjustment(t.db, aff.id, -300);
    expect(await buckets()).toEqual([-300, 0, 1250]);
    const eur = (await b.balance(aff)).json.data.balances.find((x: { currency: string }) => x.currency === 'EUR');
    expect(eur).toMatchObject({ approved_unpaid: 999, in_invoices: 0, paid: 0 });
  });
});
