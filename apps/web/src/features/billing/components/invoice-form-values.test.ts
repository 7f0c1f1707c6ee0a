import { describe, expect, it } from 'vitest';
import {
  generateByConversionsSchema,
  generateByPeriodSchema,
  invoicePaymentInputSchema,
  invoiceUpdateSchema,
  type Invoice,
} from '@pxl/contract/billing/index';
import { generateBody, initialGenerateValues, lineTitle, previewSummary, previousMonth } from './generate-values.ts';
import { adjustmentAmountErrors, invoiceEditBody, invoiceToValues, totalAfterEdit } from './invoice-edit-values.ts';
import { initialPaymentValues, paymentAmountError, paymentBody } from './payment-values.ts';

const ref = { uuid: '6f1c1f5e-1d2b-4c3a-9e8f-0a1b2c3d4e5f', name: 'Ann', email: 'ann@example.com' };
const offer = { uuid: '7a1c1f5e-1d2b-4c3a-9e8f-0a1b2c3d4e5f', id: 12, title: 'Royal Spins' };
const invoice: Invoice = {
  uuid: '8a1c1f5e-1d2b-4c3a-9e8f-0a1b2c3d4e5f',
  number: 'INV-2026-000123',
  affiliate: ref,
  period_from: '2026-10-01',
  period_to: '2026-10-31',
  currency: 'USD',
  total: 9500,
  paid: 2000,
  status: 'partly_paid',
  payment_system: 'wire',
  created_at: '2026-11-01T00:00:00.000Z',
  lines: [
    { kind: 'offer_goal', offer, goal: 'deposit', count: 4, amount: 10000, comment: '', source: null },
    { kind: 'adjustment', offer: null, goal: null, count: 0, amount: -500, comment: 'Fraud refund', source: null },
  ],
  payments: [],
  payment_details: 'IBAN DE00',
  comment: 'October',
  history: [],
};

describe('generate form values', () => {
  it('starts on the past month, also across a year', () => {
    expect(previousMonth('2026-11-25')).toEqual({ date_from: '2026-10-01', date_to: '2026-10-31' });
    expect(previousMonth('2026-01-05')).toEqual({ date_from: '2025-12-01', date_to: '2025-12-31' });
    expect(previousMonth('2028-03-01')).toEqual({ date_from: '2028-02-01', date_to: '2028-02-29' });
  });

  it('sends the period with only the narrowing that was picked', () => {
    const values = initialGenerateValues('2026-11-25');
    expect(generateBody(values)).toEqual({ date_from: '2026-10-01', date_to: '2026-10-31' });
    const narrowed = generateBody({ ...values, currency: 'EUR', affiliate_uuids: [ref.uuid] });
    expect(narrowed).toEqual({
      date_from: '2026-10-01',
      date_to: '2026-10-31',
      currency: 'EUR',
      affiliate_uuids: [ref.uuid],
    });
    expect(generateByPeriodSchema.safeParse(narrowed).success).toBe(true);
    const backwards = generateByPeriodSchema.safeParse(generateBody({ ...values, date_from: '2026-11-01' }));
    expect(backwards.error?.issues[0]?.path).toEqual(['date_to']);
  });

  it('sends only the ticked conversions (once each) when some came from the conversions log', () => {
    const values = initialGenerateValues('2026-11-25', [ref.uuid, ref.uuid, offer.uuid]);
    const body = generateBody({ ...values, currency: 'EUR' });
    expect(body).toEqual({ conversion_uuids: [ref.uuid, offer.uuid] });
    expect(generateByConversionsSchema.safeParse(body).success).toBe(true);
  });

  it('names lines and sums up a preview', () => {
    expect(lineTitle(invoice.lines[0]!)).toBe('#12 Royal Spins · deposit');
    expect(lineTitle(invoice.lines[1]!)).toBe('Adjustment: Fraud refund');
    expect(lineTitle({ kind: 'referral', offer: null, goal: null, comment: '' })).toBe('Referral earnings');
    expect(previewSummary(3, 0)).toBe('3 invoices would be created.');
    expect(previewSummary(1, 2)).toBe('1 invoice would be created; 2 below the minimum payout are left out.');
  });
});

describe('invoice edit values', () => {
  it('shows adjustments with a sign in major units and sends them back in minor units', () => {
    const values = invoiceToValues(invoice);
    expect(values.adjustments.map(({ sign, amount, comment }) => ({ sign, amount, comment }))).toEqual([
      { sign: '-', amount: '5.00', comment: 'Fraud refund' },
    ]);
    const body = invoiceEditBody({
      ...values,
      adjustments: [...values.adjustments, { key: 'k', sign: '+', amount: '12,5', comment: ' Bonus ' }],
    });
    expect(body.adjustments).toEqual([
      { amount: -500, comment: 'Fraud refund' },
      { amount: 1250, comment: 'Bonus' },
    ]);
    expect(invoiceUpdateSchema.parse(body)).toEqual({ ...body, payment_system: 'wire', comment: 'October' });
  });

  it('refuses an amount that is not money before sending, under its row', () => {
    const values = invoiceToValues(invoice);
    const typed = {
      ...values,
      adjustments: [...values.adjustments, { key: 'k', sign: '+' as const, amount: 'ten', comment: 'x' }],
    };
    expect(adjustmentAmountErrors(typed)).toEqual({ 'adjustments.1.amount': 'An amount like 12.50' });
    expect(adjustmentAmountErrors(values)).toBeNull();
  });

  it('shows the total the invoice will have after the adjustments typed', () => {
    const values = invoiceToValues(invoice);
    expect(totalAfterEdit(invoice, values)).toBe(9500);
    expect(totalAfterEdit(invoice, { ...values, adjustments: [] })).toBe(10000);
  });

  it('keeps reconciliation lines out of the edited set and in the total', () => {
    const carried = {
      ...invoice,
      lines: [
        ...invoice.lines,
        {
          kind: 'adjustment' as const,
          offer: null,
          goal: null,
          count: 0,
          amount: -300,
          comment: 'Reconciliation: report.csv, 2026-10-01 – 2026-10-31',
          source: 'reconciliation' as const,
        },
      ],
    };
    const values = invoiceToValues(carried);
    expect(values.adjustments.map((a) => a.comment)).toEqual(['Fraud refund']);
    expect(invoiceEditBody(values).adjustments).toEqual([{ amount: -500, comment: 'Fraud refund' }]);
    expect(totalAfterEdit(carried, values)).toBe(9200);
    expect(totalAfterEdit(carried, { ...values, adjustments: [] })).toBe(9700);
  });
});

describe('payment values', () => {
  it('starts at the open amount, today, by the invoice payment system', () => {
    const values = initialPaymentValues(invoice, '2026-11-25');
    expect(values).toEqual({ amount: '75.00', paid_on: '2026-11-25', reference: '', method: 'wire' });
    expect(invoicePaymentInputSchema.parse(paymentBody(values))).toEqual({
      amount: 7500,
      paid_on: '2026-11-25',
      reference: '',
      method: 'wire',
    });
  });

  it('says when the amount is not money, and the schema asks for a method', () => {
    const values = initialPaymentValues({ ...invoice, payment_system: null }, '2026-11-25');
    expect(paymentAmountError({ ...values, amount: '1.2.3' })).toEqual({ amount: 'An amount like 12.50' });
    const parsed = invoicePaymentInputSchema.safeParse(paymentBody(values));
    expect(parsed.error?.issues[0]?.path).toEqual(['method']);
  });
});
