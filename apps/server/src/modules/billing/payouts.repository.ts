import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { invoiceConversionSchema, payoutBatchRowSchema } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { conversions, invoiceItems, invoices, offers, users } from '../../db/schema.ts';
import { takePage } from '../../lib/paging.ts';
import { refOf } from '../../lib/people.ts';

type InvoiceConversion = z.infer<typeof invoiceConversionSchema>;
type PayoutRow = z.infer<typeof payoutBatchRowSchema>;

/** The conversions an invoice pays (its live and released items alike), newest first. */
export const listInvoiceConversions = async (db: Db, invoiceId: string, page: { page: number; count: number }) => {
  const rows = await takePage(
    db
      .select({
        c: conversions,
        number: offers.number,
        title: offers.title,
        total: sql<number>`count(*) over()`.mapWith(Number),
      })
      .from(invoiceItems)
      .innerJoin(conversions, eq(conversions.id, invoiceItems.conversionId))
      .innerJoin(offers, eq(offers.id, conversions.offerId))
      .where(eq(invoiceItems.invoiceId, invoiceId))
      .orderBy(desc(conversions.createdAt), asc(conversions.id))
      .$dynamic(),
    page,
  );
  let count = rows[0]?.total ?? 0;
  if (!rows.length && page.page > 1)
    count = (
      await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(invoiceItems)
        .where(and(eq(invoiceItems.invoiceId, invoiceId), sql`${invoiceItems.conversionId} is not null`))
    )[0].n;
  const list = rows.map(({ c, number, title }): InvoiceConversion => ({
    uuid: c.id,
    created_at: c.createdAt.toISOString(),
    offer: { uuid: c.offerId, id: number, title },
    goal: c.goal,
    payout: c.payout,
    currency: c.currency as InvoiceConversion['currency'],
    status: c.status,
    paid: c.paid,
  }));
  return { list, count };
};

const affiliate = alias(users, 'affiliate');

/**
 * Open amounts of waiting and partly paid invoices with the account details the invoice froze for its system: a later
 * change of the affiliate's details does not redirect it (docs/product/billing.md).
 */
export const listPayoutBatch = async (db: Db, q: { payment_system?: string; currency?: string }) => {
  const rows = await db
    .select({
      v: invoices,
      first: affiliate.firstName,
      last: affiliate.lastName,
      email: affiliate.email,
      details: sql<string | null>`(select m->>'details' from jsonb_array_elements(${invoices.paymentMethods}) m
        where m->>'system' = ${invoices.paymentSystem} order by (m->>'priority')::int limit 1)`,
    })
    .from(invoices)
    .innerJoin(affiliate, eq(affiliate.id, invoices.affiliateId))
    .where(
      and(
        inArray(invoices.status, ['waiting', 'partly_paid']),
        sql`${invoices.total} > ${invoices.paid}`,
        q.payment_system ? eq(invoices.paymentSystem, q.payment_system) : undefined,
        q.currency ? eq(invoices.currency, q.currency) : undefined,
      ),
    )
    .orderBy(asc(invoices.paymentSystem), asc(invoices.currency), asc(invoices.number));
  return rows.map(({ v, first, last, email, details }): PayoutRow => ({
    invoice_uuid: v.id,
    number: v.number,
    affiliate: refOf(v.affiliateId, first, last, email)!,
    currency: v.currency as PayoutRow['currency'],
    amount: v.total - v.paid,
    payment_system: v.paymentSystem as PayoutRow['payment_system'],
    account_details: details,
  }));
};
