import type { Invoice } from '@pxl/contract/billing/index';
import type { FieldErrors } from '@/lib/form-errors.ts';
import { majorToMinor, minorToText } from '@/lib/money.ts';

export type AdjustmentRow = { key: string; sign: '+' | '-'; amount: string; comment: string };
export type InvoiceEditValues = { payment_system: string | null; adjustments: AdjustmentRow[]; comment: string };

let nextKey = 0;
const newKey = () => `adjustment-${++nextKey}`;

export const blankAdjustment = (): AdjustmentRow => ({ key: newKey(), sign: '+', amount: '', comment: '' });

/**
 * The adjustments an edit replaces: those typed by staff. Lines carried from reconciliation stay on the invoice
 * whatever the edit sends, so the form neither shows them as editable nor sends them back.
 */
const isManual = (l: Invoice['lines'][number]) => l.kind === 'adjustment' && !l.source;

/** The invoice as its edit form shows it: adjustments are its manual adjustment lines, in major units with a sign. */
export const invoiceToValues = (invoice: Invoice): InvoiceEditValues => ({
  payment_system: invoice.payment_system,
  adjustments: invoice.lines.filter(isManual).map((l) => ({
    key: newKey(),
    sign: l.amount < 0 ? '-' : '+',
    amount: minorToText(Math.abs(l.amount)),
    comment: l.comment,
  })),
  comment: invoice.comment,
});

const AMOUNT_HINT = 'An amount like 12.50';

/** Amounts that are not money the form can send: their messages, keyed like the server's ("adjustments.0.amount"). */
export function adjustmentAmountErrors(values: InvoiceEditValues): FieldErrors | null {
  const errors: FieldErrors = {};
  values.adjustments.forEach((row, i) => {
    if (majorToMinor(row.amount) === null) errors[`adjustments.${i}.amount`] = AMOUNT_HINT;
  });
  return Object.keys(errors).length ? errors : null;
}

/** The PUT body: every adjustment in minor units with its sign (the set replaces the invoice's adjustments). */
export const invoiceEditBody = (values: InvoiceEditValues) => ({
  payment_system: values.payment_system,
  adjustments: values.adjustments.map((row) => ({
    amount: (row.sign === '-' ? -1 : 1) * (majorToMinor(row.amount) ?? 0),
    comment: row.comment.trim(),
  })),
  comment: values.comment.trim(),
});

/** The total the invoice will have: its conversion, referral and reconciliation lines plus the adjustments as typed. */
export function totalAfterEdit(invoice: Invoice, values: InvoiceEditValues): number {
  const fixed = invoice.lines.filter((l) => !isManual(l)).reduce((sum, l) => sum + l.amount, 0);
  return invoiceEditBody(values).adjustments.reduce((sum, a) => sum + a.amount, fixed);
}
