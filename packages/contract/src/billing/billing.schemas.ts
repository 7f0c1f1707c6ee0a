import { z } from 'zod';
import { PAID_STATUSES, PAYMENT_SYSTEMS } from '../constants/constants.data.ts';
import { dateParamSchema, listQuerySchema, refSchema } from '../http/list.ts';
import { MAX_MINOR_AMOUNT } from '../http/numbers.ts';
import { currencySchema } from '../settings/settings.schemas.ts';

export const INVOICE_STATUSES = Object.keys(PAID_STATUSES) as [
  keyof typeof PAID_STATUSES,
  ...(keyof typeof PAID_STATUSES)[],
];
export const invoiceStatusSchema = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;
/** Live invoices hold their conversions; a declined one has released them (docs/product/billing.md). */
export const LIVE_INVOICE_STATUSES = ['waiting', 'partly_paid', 'approved'] as const satisfies readonly InvoiceStatus[];

export const paymentSystemSchema = z.enum(
  Object.keys(PAYMENT_SYSTEMS) as [keyof typeof PAYMENT_SYSTEMS, ...(keyof typeof PAYMENT_SYSTEMS)[]],
  { message: 'Unknown payment system' },
);

/**
 * One affiliate's money in one currency, in minor units, split into the five buckets of docs/product/billing.md:
 * every approved payout is in exactly one of approved_unpaid, in_invoices (the open part of live invoices) and paid.
 */
export const balanceSchema = z.object({
  currency: currencySchema,
  on_hold: z.number().int(),
  pending: z.number().int(),
  approved_unpaid: z.number().int(),
  in_invoices: z.number().int(),
  paid: z.number().int(),
});
export type Balance = z.infer<typeof balanceSchema>;

export const affiliateBalanceSchema = z.object({
  balances: z.array(balanceSchema),
  min_payout: z.object({ amount: z.number().int(), currency: currencySchema }),
  /** The day the next invoice is expected, when a balance has reached the minimum payout; null when none has. */
  next_invoice_on: z.string().nullable(),
});
export type AffiliateBalance = z.infer<typeof affiliateBalanceSchema>;

export const INVOICE_LINE_KINDS = ['offer_goal', 'referral', 'adjustment'] as const;
export const invoiceLineSchema = z.object({
  kind: z.enum(INVOICE_LINE_KINDS),
  offer: z.object({ uuid: z.uuid(), id: z.number().int(), title: z.string() }).nullable(),
  goal: z.string().nullable(),
  /** Conversions (or referral earnings) on the line; 0 for an adjustment. */
  count: z.number().int(),
  /** Minor units; an adjustment may be negative. */
  amount: z.number().int(),
  comment: z.string(),
  /**
   * 'reconciliation' on an adjustment line carried from reconciliation to this invoice, which an edit keeps; null on
   * every other line, manual adjustments included (an edit replaces those) (docs/product/billing.md).
   */
  source: z.enum(['reconciliation']).nullable(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoicePaymentSchema = z.object({
  uuid: z.uuid(),
  amount: z.number().int(),
  paid_on: z.string(),
  reference: z.string(),
  method: paymentSystemSchema,
  created_at: z.string(),
  created_by: refSchema.nullable(),
});
export type InvoicePayment = z.infer<typeof invoicePaymentSchema>;

export const invoiceListItemSchema = z.object({
  uuid: z.uuid(),
  /** Human and sequential: INV-2026-000123. */
  number: z.string(),
  affiliate: refSchema,
  period_from: z.string().nullable(),
  period_to: z.string().nullable(),
  currency: currencySchema,
  total: z.number().int(),
  paid: z.number().int(),
  status: invoiceStatusSchema,
  payment_system: paymentSystemSchema.nullable(),
  created_at: z.string(),
});
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;

export const invoiceHistoryEntrySchema = z.object({
  at: z.string(),
  /** Null for the system (and always null on the affiliate's side). */
  actor: refSchema.nullable(),
  /** created, updated, payment, declined, approved, … */
  action: z.string(),
  text: z.string(),
});

export const invoiceSchema = invoiceListItemSchema.extend({
  lines: z.array(invoiceLineSchema),
  payments: z.array(invoicePaymentSchema),
  /**
   * The account details for the invoice's payment system as frozen when it was made (or last refreshed by staff), not
   * the affiliate's current ones; null when it holds none for that system.
   */
  payment_details: z.string().nullable(),
  comment: z.string(),
  history: z.array(invoiceHistoryEntrySchema),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const INVOICE_SORTABLE = ['created_at', 'number', 'total', 'status'] as const;
export const invoiceListQuerySchema = listQuerySchema(INVOICE_SORTABLE).extend({
  affiliate_uuid: z.uuid().optional(),
  status: invoiceStatusSchema.optional(),
  currency: currencySchema.optional(),
  payment_system: paymentSystemSchema.optional(),
  /** Invoices whose period overlaps [date_from, date_to]. */
  date_from: dateParamSchema.optional(),
  date_to: dateParamSchema.optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

const periodRule = (v: { date_from: string; date_to: string }) => v.date_from <= v.date_to;
/** Every affiliate whose approved unpaid balance in a currency reaches their minimum payout, over a period. */
export const generateByPeriodSchema = z
  .object({
    date_from: dateParamSchema,
    date_to: dateParamSchema,
    currency: currencySchema.optional(),
    affiliate_uuids: z.array(z.uuid()).max(1000).optional(),
  })
  .strict()
  .refine(periodRule, { message: 'The period ends before it starts', path: ['date_to'] });
/** Conversions ticked in the conversions log: one invoice (one affiliate, one currency). */
export const generateByConversionsSchema = z
  .object({ conversion_uuids: z.array(z.uuid()).min(1, { message: 'Pick at least one conversion' }).max(5000) })
  .strict();
export const generateInvoicesSchema = z.union([generateByConversionsSchema, generateByPeriodSchema]);
export type GenerateInvoices = z.infer<typeof generateInvoicesSchema>;

export const invoicePreviewSchema = z.object({
  affiliate: refSchema,
  currency: currencySchema,
  total: z.number().int(),
  conversions: z.number().int(),
  lines: z.array(invoiceLineSchema),
  payment_system: paymentSystemSchema.nullable(),
});
export type InvoicePreview = z.infer<typeof invoicePreviewSchema>;
export const previewResponseSchema = z.object({
  list: z.array(invoicePreviewSchema),
  /** Affiliate × currency balances left out because they are under the minimum payout (period generation only). */
  below_minimum: z.number().int(),
});
export const generateResponseSchema = z.object({ list: z.array(invoiceListItemSchema) });

const adjustmentSchema = z.object({
  amount: z
    .number()
    .int({ message: 'Use whole minor units (cents)' })
    .min(-MAX_MINOR_AMOUNT)
    .max(MAX_MINOR_AMOUNT)
    .refine((n) => n !== 0, { message: 'An adjustment is not zero' }),
  comment: z.string().trim().min(1, { message: 'Say why' }).max(500, { message: 'At most 500 characters' }),
});
/** The editable part of an invoice: its payment system, its manual adjustments (the whole set) and a comment. */
export const invoiceUpdateSchema = z.object({
  payment_system: paymentSystemSchema.nullable(),
  adjustments: z.array(adjustmentSchema).max(50),
  comment: z.string().trim().max(1000, { message: 'At most 1000 characters' }).default(''),
});
export type InvoiceUpdate = z.infer<typeof invoiceUpdateSchema>;

export const invoicePaymentInputSchema = z.object({
  amount: z
    .number()
    .int({ message: 'Use whole minor units (cents)' })
    .min(1, { message: 'More than zero' })
    .max(MAX_MINOR_AMOUNT),
  paid_on: dateParamSchema,
  reference: z.string().trim().max(200, { message: 'At most 200 characters' }).default(''),
  method: paymentSystemSchema,
});
export type InvoicePaymentInput = z.infer<typeof invoicePaymentInputSchema>;

/** Payments move an invoice to partly paid and approved; by hand it can only be declined (and only without payments). */
export const invoiceStatusChangeSchema = z.object({
  status: z.literal('declined', { message: 'Only declining is done by hand; payments set the other statuses' }),
  reason: z.string().trim().min(1, { message: 'Give a reason' }).max(500, { message: 'At most 500 characters' }),
});

/** One row of the payout batch: what a bank or wallet needs to pay an invoice's open amount. */
export const payoutBatchRowSchema = z.object({
  invoice_uuid: z.uuid(),
  number: z.string(),
  affiliate: refSchema,
  currency: currencySchema,
  amount: z.number().int(),
  payment_system: paymentSystemSchema.nullable(),
  account_details: z.string().nullable(),
});
export const payoutBatchQuerySchema = z.object({
  payment_system: paymentSystemSchema.optional(),
  currency: currencySchema.optional(),
});

/** A conversion of an invoice, for its detail screen and CSV. */
export const invoiceConversionSchema = z.object({
  uuid: z.uuid(),
  created_at: z.string(),
  offer: z.object({ uuid: z.uuid(), id: z.number().int(), title: z.string() }),
  goal: z.string(),
  payout: z.number().int(),
  currency: currencySchema,
  status: z.string(),
  paid: z.boolean(),
});
