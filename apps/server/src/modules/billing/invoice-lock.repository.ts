import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invoiceItems, invoices, referralEarnings } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

/** The number of the live invoice holding the conversion, or null. */
export const liveInvoiceOf = async (db: Db, conversionId: string) => {
  const [row] = await db
    .select({ number: invoices.number })
    .from(invoiceItems)
    .innerJoin(invoices, eq(invoices.id, invoiceItems.invoiceId))
    .where(and(eq(invoiceItems.conversionId, conversionId), eq(invoiceItems.live, true)))
    .limit(1);
  return row?.number ?? null;
};

/** The number of an unpaid live invoice of the referrer holding this conversion's referral earning, or null. */
export const unpaidInvoiceOfEarning = async (db: Db, conversionId: string) => {
  const [row] = await db
    .select({ number: invoices.number })
    .from(referralEarnings)
    .innerJoin(invoiceItems, and(eq(invoiceItems.referralEarningId, referralEarnings.id), eq(invoiceItems.live, true)))
    .innerJoin(invoices, eq(invoices.id, invoiceItems.invoiceId))
    .where(and(eq(referralEarnings.conversionId, conversionId), ne(invoices.status, 'approved')))
    .limit(1);
  return row?.number ?? null;
};

/**
 * A conversion in a live invoice keeps its status until the invoice is declined or deleted (docs/product/billing.md),
 * whoever asks: staff, an advertiser's postback. Only approved conversions are ever invoiced, so others pass unread.
 * The caller holds the conversion's row lock, which a generation's share lock on it makes wait until it commits.
 */
export const assertNotInvoiced = async (db: Db, conversion: { id: string; status: string }) => {
  if (conversion.status !== 'approved') return;
  const number = await liveInvoiceOf(db, conversion.id);
  if (number)
    throw new AppError(409, {
      status: `This conversion is in invoice ${number}; decline or delete the invoice to change its status`,
    });
  // Its referrer's earning of it waits in an invoice: a rejection would reverse an amount that invoice is about to pay.
  const referral = await unpaidInvoiceOfEarning(db, conversion.id);
  if (referral)
    throw new AppError(409, {
      status: `The referral earning of this conversion is in invoice ${referral}; decline or delete that invoice to change its status`,
    });
};

/**
 * Of these approved conversions, the ones assertNotInvoiced would refuse to change (in a live invoice, or their
 * referral earning in an unpaid one), read in one statement for callers that handle many and must not throw.
 */
export const invoicedConversions = async (db: Db, approvedIds: string[]): Promise<Set<string>> => {
  if (!approvedIds.length) return new Set();
  const ids = sql.param(approvedIds);
  const { rows } = await db.execute<{ id: string }>(sql`
    select i.conversion_id as id from invoice_items i where i.live and i.conversion_id = any(${ids}::uuid[])
    union
    select e.conversion_id from referral_earnings e
      join invoice_items i on i.referral_earning_id = e.id and i.live
      join invoices v on v.id = i.invoice_id
    where e.conversion_id = any(${ids}::uuid[]) and v.status <> 'approved'`);
  return new Set(rows.map((r) => r.id));
};

/**
 * Of these approved conversions, the invoice holding each as invoicedConversions finds it: `referral` when only its
 * referrer's earning of it waits in an unpaid invoice, not the conversion itself.
 */
export const invoicesHolding = async (
  db: Db,
  approvedIds: string[],
): Promise<Map<string, { number: string; referral: boolean }>> => {
  if (!approvedIds.length) return new Map();
  const ids = sql.param(approvedIds);
  const { rows } = await db.execute<{ id: string; number: string; referral: boolean }>(sql`
    select i.conversion_id as id, v.number, false as referral from invoice_items i
      join invoices v on v.id = i.invoice_id
    where i.live and i.conversion_id = any(${ids}::uuid[])
    union all
    select e.conversion_id, v.number, true from referral_earnings e
      join invoice_items i on i.referral_earning_id = e.id and i.live
      join invoices v on v.id = i.invoice_id
    where e.conversion_id = any(${ids}::uuid[]) and v.status <> 'approved'`);
  const out = new Map<string, { number: string; referral: boolean }>();
  // The conversion's own invoice wins over its referral earning's.
  for (const r of rows) if (!out.has(r.id) || !r.referral) out.set(r.id, { number: r.number, referral: r.referral });
  return out;
};
