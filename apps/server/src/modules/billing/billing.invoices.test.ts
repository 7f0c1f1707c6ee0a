import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { auditLog, conversions, invoicePayments, referralEarnings } from '../../db/schema.ts';
import { api } from '../managers/staff.fixtures.ts';
import { billingCalls, insertConversion, startBillingWorld, type BillingWorld } from './billing.fixtures.ts';

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

/** A fresh affiliate's invoice of `payouts` (one approved USD conversion each). */
const invoiceOf = async (...payouts: number[]) => {
  const aff = await w.affiliate();
  const ids = [];
  for (const payout of payouts) ids.push(await insertConversion(t.db, w.offer.id, { affiliateId: aff.id, payout }));
  const res = await b.generate(w.admin, { conversion_uuids: ids });
  expect(res.status, res.body).toBe(200);
  return { aff, ids, uuid: res.json.data.list[0].uuid as string, number: res.json.data.list[0].number as string };
};

describe('payments', () => {
  it('partly paid, then approved; more than the open amount is refused; a paid invoice takes no more', async () => {
    const { uuid, ids } = await invoiceOf(3000, 2000);
    const over = await b.pay(w.head, uuid, 5001);
    expect(over.status).toBe(400);
    expect(over.json).toEqual({
      status: 'error',
      data: null,
      error: { amount: 'More than the open amount (50.00 USD)' },
    });
    const first = await b.pay(w.head, uuid, 2000, { reference: 'TX-A' });
    expect(first.json.data).toMatchObject({ status: 'partly_paid', paid: 2000, total: 5000 });
    expect((await b.pay(w.head, uuid, 3001)).json.error).toEqual({ amount: 'More than the open amount (30.00 USD)' });
    const rest = await b.pay(w.head, uuid, 3000);
    expect(rest.json.data).toMatchObject({ status: 'approved', paid: 5000 });
    expect(rest.json.data.payments.map((p: { amount: number }) => p.amount)).toEqual([2000, 3000]);
    expect(rest.json.data.payments[0].created_by.uuid).toBe(w.head.id);
    expect(rest.json.data.history.map((h: { action: string }) => h.action)).toEqual(['created', 'payment', 'approved']);
    const after = await t.db.select({ paid: conversions.paid }).from(conversions).where(eq(conversions.id, ids[0]));
    expect(after[0].paid).toBe(true);
    expect((await b.pay(w.head, uuid, 1)).json.error).toEqual({
      status: 'Only waiting or partly paid invoices take payments',
    });
    expect(await t.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, uuid))).toHaveLength(2);
    // Nor can it be changed any more.
    expect((await b.update(w.admin, uuid, { payment_system: null, adjustments: [] })).status).toBe(400);
  });

  it('mails the affiliate when an invoice is created and when it is paid in full', async () => {
    const before = (await t.sentMails()).length;
    const { aff, uuid, number } = await invoiceOf(1000);
    expect((await t.sentMails()).slice(before)).toEqual([
      expect.objectContaining({ to: aff.email, subject: `Invoice ${number} was created` }),
    ]);
    await b.pay(w.admin, uuid, 400);
    expect((await t.sentMails()).length).toBe(before + 1);
    await b.pay(w.admin, uuid, 600);
    expect((await t.sentMails()).slice(before + 1)).toEqual([
      expect.objectContaining({ to: aff.email, subject: `Invoice ${number} was paid` }),
    ]);
  });

  it('adjustments change the total; never below zero nor below what is paid', async () => {
    const { uuid } = await invoiceOf(1000);
    const put = (adjustments: { amount: number; comment: string }[]) =>
      b.update(w.admin, uuid, { payment_system: 'btc', adjustments, comment: 'checked' });
    const ok = await put([
      { amount: -300, comment: 'Chargeback' },
      { amount: 100, comment: 'Bonus' },
    ]);
    expect(ok.json.data).toMatchObject({ total: 800, payment_system: 'btc', comment: 'checked' });
    expect(ok.json.data.lines.filter((l: { kind: string }) => l.kind === 'adjustment')).toHaveLength(2);
    expect((await put([{ amount: -1001, comment: 'Too much' }])).json.error).toEqual({
      adjustments: 'The total would be below zero (-0.01 USD)',
    });
    await b.pay(w.admin, uuid, 500);
    expect((await put([{ amount: -501, comment: 'Below paid' }])).json.error).toEqual({
      adjustments: 'The total would be below what is already paid (5.00 USD)',
    });
    // The set replaces the previous one.
    expect((await put([])).json.data).toMatchObject({ total: 1000, status: 'partly_paid' });
  });
});

describe('decline and delete', () => {
  it('declines only without payments, deletes only a waiting invoice without payments', async () => {
    const paid = await invoiceOf(1000);
    await b.pay(w.admin, paid.uuid, 100);
    expect((await b.decline(w.admin, paid.uuid)).json.error).toEqual({
      status: 'An invoice with payments cannot be declined',
    });
    expect((await b.remove(w.admin, paid.uuid)).json.error).toEqual({
      status: 'Only a waiting invoice without payments can be deleted; decline it instead',
    });
    const waiting = await invoiceOf(1000);
    const declined = await b.decline(w.admin, waiting.uuid, 'Duplicate traffic');
    expect(declined.json.data.status).toBe('declined');
    expect(declined.json.data.history.at(-1)).toMatchObject({
      action: 'declined',
      text: 'Declined: Duplicate traffic',
    });
    expect((await b.decline(w.admin, waiting.uuid)).json.error).toEqual({ status: 'This invoice is already declined' });
    expect((await b.remove(w.admin, waiting.uuid)).status).toBe(400);
    expect((await b.pay(w.admin, waiting.uuid, 1)).status).toBe(400);
    const fresh = await invoiceOf(1000);
    expect((await b.remove(w.admin, fresh.uuid)).json.data).toEqual({ uuid: fresh.uuid });
    expect((await b.get(w.admin, fresh.uuid)).status).toBe(404);
  });

  it('audits every change with its actor, a deleted invoice included', async () => {
    const auditOf = async (uuid: string) =>
      (
        await t.db
          .select({ action: auditLog.action, actorId: auditLog.actorId })
          .from(auditLog)
          .where(sql`${auditLog.details}->>'invoice_uuid' = ${uuid}`)
          .orderBy(auditLog.createdAt)
      ).map((r) => [r.action, r.actorId]);
    const kept = await invoiceOf(1000);
    await b.update(w.head, kept.uuid, { payment_system: 'wire', adjustments: [{ amount: 50, comment: 'Bonus' }] });
    await b.pay(w.admin, kept.uuid, 1050);
    expect(await auditOf(kept.uuid)).toEqual([
      ['invoice_create', w.admin.id],
      ['invoice_update', w.head.id],
      ['invoice_payment', w.admin.id],
    ]);
    expect((await b.get(w.admin, kept.uuid)).json.data.history.map((h: { action: string }) => h.action)).toEqual([
      'created',
      'updated',
      'approved',
    ]);
    const declined = await invoiceOf(1000);
    await b.decline(w.head, declined.uuid);
    expect((await auditOf(declined.uuid)).at(-1)).toEqual(['invoice_decline', w.head.id]);
    const gone = await invoiceOf(1000);
    expect((await b.remove(w.head, gone.uuid)).status).toBe(200);
    expect(await auditOf(gone.uuid)).toEqual([
      ['invoice_create', w.admin.id],
      ['invoice_delete', w.head.id],
    ]);
  });
});

describe('a conversion in a live invoice keeps its status', () => {
  it('refuses a staff change while invoiced and allows it once the invoice is declined', async () => {
    const { uuid, ids, number } = await invoiceOf(1000);
    const change = () =>
      api(t.app, 'POST', `/api/conversions/v1/${ids[0]}/status`, w.admin.token, {
        status: 'rejected',
        reason: 'Fraud',
      });
    const refused = await change();
    expect(refused.status).toBe(409);
    expect(refused.json.error).toEqual({
      status: `This conversion is in invoice ${number}; decline or delete the invoice to change its status`,
    });
    expect((await t.db.select().from(conversions).where(eq(conversions.id, ids[0])))[0].status).toBe('approved');
    await b.decline(w.admin, uuid);
    expect((await change()).json.data.status).toBe('rejected');
  });
});

describe('picked conversions', () => {
  it('must be approved, free, of one affiliate and one currency', async () => {
    const aff = await w.affiliate();
    const conv = (over: Parameters<typeof insertConversion>[2] | object = {}) =>
      insertConversion(t.db, w.offer.id, { affiliateId: aff.id, ...over });
    const ok = await conv();
    const refused = async (ids: string[]) => {
      const res = await b.preview(w.admin, { conversion_uuids: ids });
      expect(res.status, res.body).toBe(400);
      expect((await b.generate(w.admin, { conversion_uuids: ids })).json.error).toEqual(res.json.error);
      return res.json.error!.conversion_uuids;
    };
    const pending = await conv({ status: 'pending' });
    expect(await refused([ok, pending])).toBe(`Only approved conversions can be invoiced; not approved: ${pending}`);
    const other = await insertConversion(t.db, w.offer.id, { affiliateId: w.affB.id });
    expect(await refused([ok, other])).toBe(
      'The conversions belong to more than one affiliate; one invoice pays one affiliate',
    );
    const eur = await conv({ currency: 'EUR', offerId: w.offer2.id });
    expect(await refused([ok, eur])).toBe(
      'The conversions are in more than one currency; one invoice has one currency',
    );
    const test = await conv({ isTest: true });
    expect(await refused([ok, test])).toBe(`Test or trafficback conversions are never invoiced: ${test}`);
    const unknown = '00000000-0000-4000-8000-000000000001';
    expect(await refused([unknown])).toBe(`Unknown conversion: ${unknown}`);

    const preview = await b.preview(w.admin, { conversion_uuids: [ok] });
    expect(preview.json.data).toMatchObject({ below_minimum: 0, list: [{ total: 1000, conversions: 1 }] });
    const made = await b.generate(w.admin, { conversion_uuids: [ok] });
    expect(await refused([ok])).toBe(`Conversion ${ok} is already in invoice ${made.json.data.list[0].number}`);
  });
});

describe('lists and reads', () => {
  it('filters, searches by number and totals the page per currency; the conversions and payout batch', async () => {
    const a = await invoiceOf(1200, 800);
    const c = await invoiceOf(500);
    const list = await b.list(w.admin, `?search=${a.number.slice(-6)}`);
    expect(list.json.data.list.map((i: { number: string }) => i.number)).toEqual([a.number]);
    const mine = await b.list(w.admin, `?affiliate_uuid=${c.aff.id}&status=waiting&currency=USD`);
    expect(mine.json.data).toMatchObject({ count: 1, total: { USD: 500 } });
    expect((await b.list(w.admin, `?affiliate_uuid=${c.aff.id}&status=approved`)).json.data.count).toBe(0);
    const convs = await b.conversions(w.admin, a.uuid, '?count=1');
    expect(convs.json.data.count).toBe(2);
    expect(convs.json.data.list).toHaveLength(1);
    const batch = await b.payoutBatch(w.admin, '?payment_system=usdt_trc20&currency=USD');
    expect(batch.json.data.list.find((r: { number: string }) => r.number === a.number)).toMatchObject({
      amount: 2000,
      account_details: 'TXyz-wallet-A',
    });
    expect((await b.get(w.admin, a.uuid)).json.data.payment_details).toBe('TXyz-wallet-A');
  });

  it('filters by payment system, by period overlapping the asked days and by creation day', async () => {
    const aff = await w.affiliate();
    const july = await insertConversion(t.db, w.offer.id, {
      affiliateId: aff.id,
      createdAt: new Date('2026-07-10T12:00:00Z'),
    });
    const made = await b.generate(w.admin, { conversion_uuids: [july] });
    const { uuid, number } = made.json.data.list[0];
    await b.update(w.admin, uuid, { payment_system: 'btc', adjustments: [] });
    const numbers = async (q: string) =>
      (await b.list(w.admin, `?affiliate_uuid=${aff.id}&${q}`)).json.data.list.map((i: { number: string }) => i.number);
    expect(await numbers('payment_system=btc')).toEqual([number]);
    expect(await numbers('payment_system=usdt_trc20')).toEqual([]);
    // Its period is the day of its one conversion, 2026-07-10.
    expect(await numbers('date_from=2026-07-01&date_to=2026-07-31')).toEqual([number]);
    expect(await numbers('date_from=2026-07-10&date_to=2026-07-10')).toEqual([number]);
    expect(await numbers('date_from=2026-07-11&date_to=2026-08-31')).toEqual([]);
    expect(await numbers('date_from=2026-06-01&date_to=2026-07-09')).toEqual([]);
    // Created today (whatever the network's zone): yesterday to tomorrow holds it, two days ago does not.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    expect(await numbers(`created_from=${day(-1)}&created_to=${day(1)}`)).toEqual([number]);
    expect(await numbers(`created_to=${day(-2)}`)).toEqual([]);
    expect(await numbers(`created_from=${day(2)}`)).toEqual([]);
  });
});

describe('the affiliate reads their own', () => {
  it('their invoices and one of them, without staff names; another affiliate gets 404', async () => {
    const { aff, uuid } = await invoiceOf(700);
    await b.pay(w.admin, uuid, 300);
    const list = await b.myInvoices(aff);
    expect(list.json.data.list.map((i: { uuid: string }) => i.uuid)).toEqual([uuid]);
    const one = await b.myInvoice(aff, uuid);
    expect(one.status, one.body).toBe(200);
    expect(one.json.data.payments[0].created_by).toBeNull();
    expect(one.json.data.history.every((h: { actor: unknown }) => h.actor === null)).toBe(true);
    expect(one.body).not.toContain(w.admin.email);
    const other = await w.affiliate();
    expect((await b.myInvoice(other, uuid)).status).toBe(404);
    expect((await b.myInvoices(other)).json.data).toMatchObject({ list: [], count: 0 });
    const bal = await b.balance(aff);
    expect(bal.json.data).toMatchObject({ min_payout: { amount: 0, currency: 'USD' }, next_invoice_on: null });
  });

  it('expects the next invoice on the 1st of next month once approved unpaid money reaches the minimum', async () => {
    const aff = await w.affiliate({ minPayoutAmount: 2000 });
    const next = async () => (await b.balance(aff)).json.data.next_invoice_on as string | null;
    const { time_zone } = (await api(t.app, 'GET', '/api/settings/v1/general', w.admin.token)).json.data;
    const [y, m] = new Intl.DateTimeFormat('en-CA', { timeZone: time_zone, year: 'numeric', month: '2-digit' })
      .format(new Date())
      .split('-')
      .map(Number);
    const firstOfNext = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;

    const first = await insertConversion(t.db, w.offer.id, { affiliateId: aff.id });
    await insertConversion(t.db, w.offer.id, { affiliateId: aff.id, status: 'pending' });
    expect(await next()).toBeNull(); // 10.00 approved, under the minimum of 20.00; pending does not count
    const second = await insertConversion(t.db, w.offer.id, { affiliateId: aff.id });
    expect(await next()).toBe(firstOfNext);
    // Invoiced, nothing approved is left unpaid: no invoice is expected.
    expect((await b.generate(w.admin, { conversion_uuids: [first, second] })).status).toBe(200);
    expect(await next()).toBeNull();
  });
});

describe('invalid input', () => {
  it('answers 400 in the envelope', async () => {
    const bad = await b.generate(w.admin, { date_from: '2026-10-31', date_to: '2026-10-01' });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ status: 'error', data: null });
    expect(bad.json.error).toHaveProperty('date_to');
    const { uuid } = await invoiceOf(100);
    const zero = await b.pay(w.admin, uuid, 0);
    expect(zero.status).toBe(400);
    expect(zero.json.error).toEqual({ amount: 'More than zero' });
    expect((await b.decline(w.admin, uuid, '')).json.error).toEqual({ reason: 'Give a reason' });
    expect((await b.get(w.admin, 'not-a-uuid')).json).toEqual({
      status: 'error',
      data: null,
      error: { uuid: 'Not a valid ID' },
    });
    expect((await b.list(w.admin, '?status=paid')).status).toBe(400);
  });
});

describe('referral earnings on an invoice', () => {
  it('are one referral line; an earning reversed since leaves the invoice when staff edit it', async () => {
    const referrer = await w.affiliate();
    const referred = await w.affiliate();
    const day = new Date('2026-09-15T12:00:00Z');
    await insertConversion(t.db, w.offer.id, { affiliateId: referrer.id, createdAt: day });
    const earn = async (amount: number) => {
      const conversionId = await insertConversion(t.db, w.offer.id, { affiliateId: referred.id, createdAt: day });
      const [e] = await t.db
        .insert(referralEarnings)
        .values({
          referrerId: referrer.id,
          referredId: referred.id,
          conversionId,
          amount,
          currency: 'USD',
          createdAt: day,
        })
        .returning();
      return e.id;
    };
    const kept = await earn(50);
    const reversed = await earn(70);
    const body = { date_from: '2026-09-01', date_to: '2026-09-30', affiliate_uuids: [referrer.id] };
    const preview = (await b.preview(w.admin, body)).json.data.list[0];
    expect(preview).toMatchObject({ total: 1120, conversions: 1 });
    const kinds = preview.lines.map((l: { kind: string; count: number; amount: number }) => [
      l.kind,
      l.count,
      l.amount,
    ]);
    expect(kinds).toEqual([
      ['offer_goal', 1, 1000],
      ['referral', 2, 120],
    ]);
    const made = await b.generate(w.admin, {
      date_from: '2026-09-01',
      date_to: '2026-09-30',
      affiliate_uuids: [referrer.id],
    });
    expect(made.status, made.body).toBe(200);
    const uuid = made.json.data.list[0].uuid as string;
    const lineOf = async () =>
      (await b.get(w.admin, uuid)).json.data.lines.find((l: { kind: string }) => l.kind === 'referral');
    expect(await lineOf()).toMatchObject({ count: 2, amount: 120 });
    expect(made.json.data.list[0].total).toBe(1120);

    await t.db.update(referralEarnings).set({ status: 'reversed' }).where(eq(referralEarnings.id, reversed));
    const edited = await b.update(w.admin, uuid, { payment_system: 'wire', adjustments: [] });
    expect(edited.json.data.total).toBe(1050);
    expect(await lineOf()).toMatchObject({ count: 1, amount: 50 });
    await t.db.update(referralEarnings).set({ status: 'reversed' }).where(eq(referralEarnings.id, kept));
    expect((await b.update(w.admin, uuid, { payment_system: 'wire', adjustments: [] })).json.data.total).toBe(1000);
    expect(await lineOf()).toBeUndefined();
  });
});

describe('generation for a period through the API', () => {
  it('an empty pick of affiliates means every affiliate', async () => {
    const aff = await w.affiliate();
    await insertConversion(t.db, w.offer.id, { affiliateId: aff.id, createdAt: new Date('2026-08-10T12:00:00Z') });
    const res = await b.preview(w.admin, { date_from: '2026-08-01', date_to: '2026-08-31', affiliate_uuids: [] });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data.list.map((p: { affiliate: { uuid: string } }) => p.affiliate.uuid)).toEqual([aff.id]);
  });
});
