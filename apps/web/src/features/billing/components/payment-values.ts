import type { FieldErrors } from '@/lib/form-errors.ts';
import { majorToMinor, minorToText } from '@/lib/money.ts';

export type PaymentValues = { amount: string; paid_on: string; reference: string; method: string | null };

/** A new payment starts at the invoice's open amount, paid today, by the invoice's payment system. */
export const initialPaymentValues = (
  invoice: { total: number; paid: number; payment_system: string | null },
  today: string,
): PaymentValues => ({
  amount: minorToText(Math.max(invoice.total - invoice.paid, 0)),
  paid_on: today,
  reference: '',
  method: invoice.payment_system,
});

/** The amount typed is not money: say so under the field instead of sending it. */
export const paymentAmountError = (v: PaymentValues): FieldErrors | null =>
  majorToMinor(v.amount) === null ? { amount: 'An amount like 12.50' } : null;

export const paymentBody = (v: PaymentValues): Record<string, unknown> => ({
  amount: majorToMinor(v.amount) ?? 0,
  paid_on: v.paid_on,
  reference: v.reference.trim(),
  method: v.method ?? undefined,
});
