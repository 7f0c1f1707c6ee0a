import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { PASSWORD } from '#test/factories.ts';
import { auditLog, invoices } from '../../db/schema.ts';
import { api, type Member } from '../managers/staff.fixtures.ts';
import { billingCalls, insertConversion, startBillingWorld, type BillingWorld } from './billing.fixtures.ts';

// An invoice pays to the details frozen when it was made (docs/product/billing.md, "Payment details of an invoice").
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

const REDIRECTED = [
  { system: 'usdt_trc20', details: 'TXattacker-wallet-9999', priority: 1 },
  { system: 'wire', details: 'IBAN GB00 6666', priority: 2 },
];

/** A fresh affiliate (wallet TXyz-wallet-A first, by the billing world) with an invoice of one 10.00 USD conversion. */
const invoiced = async () => {
  const aff = await w.affiliate();
  const conv = await insertConversion(t.db, w.offer.id, { affiliateId: aff.id });
  const res = await b.generate(w.admin, { conversion_uuids: [conv] });
  expect(res.status, res.body).toBe(200);
  return { aff, uuid: res.json.data.list[0].uuid as string };
};
const changeOwnDetails = async (aff: Member) => {
  const res = await api(t.app, 'PUT', '/api/account/v1/payment-methods', aff.token, {
    payment_methods: REDIRECTED,
    password: PASSWORD,
  });
  expect(res.status, res.body).toBe(200);
};
const batchRow = async (uuid: string) =>
  (await b.payoutBatch(w.admin)).json.data.list.find((r: { invoice_uuid: string }) => r.invoice_uuid === uuid);
const refresh = (m: Member, uuid: string) => api(t.app, 'POST', `/api/billing/v1/${uuid}/payment-details`, m.token);

describe('an invoice keeps the payment details it was made with', () => {
  it('a change of the affiliate details after the invoice does not redirect it: batch, detail and own view', async () => {
    const { aff, uuid } = await invoiced();
    await changeOwnDetails(aff);
    expect(await batchRow(uuid)).toMatchObject({ payment_system: 'usdt_trc20', account_details: 'TXyz-wallet-A' });
    expect((await b.get(w.admin, uuid)).json.data.payment_details).toBe('TXyz-wallet-A');
    expect((await b.myInvoice(aff, uuid)).json.data.payment_details).toBe('TXyz-wallet-A');
    // Switching the invoice to another system reads that system from the frozen details too.
    const edit = await b.update(w.admin, uuid, { payment_system: 'wire', adjustments: [] });
    expect(edit.json.data.payment_details).toBe('IBAN DE00 1234');
    // An invoice made after the change pays to the new details.
    const conv = await insertConversion(t.db, w.offer.id, { affiliateId: aff.id });
    const later = (await b.generate(w.admin, { conversion_uuids: [conv] })).json.data.list[0].uuid as string;
    expect(await batchRow(later)).toMatchObject({ account_details: 'TXattacker-wallet-9999' });
  });

  it('staff refresh a waiting invoice from the current details; the refresh is audited with actor, old and new', async () => {
    const { aff, uuid } = await invoiced();
    await changeOwnDetails(aff);
    const res = await refresh(w.head, uuid);
    expect(res.status, res.body).toBe(200);
    expect(res.json.data.payment_details).toBe('TXattacker-wallet-9999');
    expect(await batchRow(uuid)).toMatchObject({ account_details: 'TXattacker-wallet-9999' });
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'invoice_payment_details_refresh'),
          sql`${auditLog.details}->>'invoice_uuid' = ${uuid}`,
        ),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: w.head.id,
      subjectId: aff.id,
      details: {
        payment_system: 'usdt_trc20',
        from: [
          { system: 'usdt_trc20', details: '•••• et-A', priority: 1 },
          { system: 'wire', details: '•••• 1234', priority: 2 },
        ],
        to: [
          { system: 'usdt_trc20', details: '•••• 9999', priority: 1 },
          { system: 'wire', details: '•••• 6666', priority: 2 },
        ],
      },
    });
    // Masked, as every payment audit row (docs/decisions/016-token-totp-audit.md).
    expect(JSON.stringify(rows[0].details)).not.toContain('TXattacker-wallet-9999');
    const history = (await b.get(w.admin, uuid)).json.data.history;
    expect(history.at(-1)).toMatchObject({
      action: 'payment_details',
      actor: expect.objectContaining({ uuid: w.head.id }),
      text: expect.stringContaining('USDT (TRC20): account changed from •••• et-A to •••• 9999'),
    });
  });

  it('refuses to refresh a paid or a declined invoice, whose details stay as they were', async () => {
    const paid = await invoiced();
    expect((await b.pay(w.admin, paid.uuid, 1000)).json.data.status).toBe('approved');
    const declined = await invoiced();
    expect((await b.decline(w.admin, declined.uuid)).status).toBe(200);
    for (const { aff, uuid } of [paid, declined]) {
      await changeOwnDetails(aff);
      const res = await refresh(w.admin, uuid);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({
        status: 'error',
        data: null,
        error: { status: 'Only waiting or partly paid invoices can take new payment details' },
      });
      const [row] = await t.db.select().from(invoices).where(eq(invoices.id, uuid));
      expect(row.paymentMethods.map((m) => m.details)).toEqual(['TXyz-wallet-A', 'IBAN DE00 1234']);
    }
  });

  it('is for admin and head only; an unknown invoice is 404', async () => {
    const { uuid } = await invoiced();
    expect((await refresh(w.managerA, uuid)).status).toBe(403);
    expect((await refresh(w.admin, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
