import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Invoice, InvoiceLine, InvoiceListItem } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import {
  auditLog,
  invoiceLines,
  invoicePayments,
  invoices,
  offers,
  users,
  type StoredPaymentMethod,
} from '../../db/schema.ts';
import { refOf } from '../../lib/people.ts';
import { findInvoiceRow } from './invoices.repository.ts';
import { historyText } from './invoice-history.ts';

const actor = alias(users, 'actor');

const linesOf = async (db: Db, id: string): Promise<InvoiceLine[]> => {
  const rows = await db
    .select({ l: invoiceLines, number: offers.number, title: offers.title })
    .from(invoiceLines)
    .leftJoin(offers, eq(offers.id, invoiceLines.offerId))
    .where(eq(invoiceLines.invoiceId, id))
    // Offer lines first by offer and goal, then the referral line, then adjustments as entered.
    .orderBy(
      sql`${invoiceLines.kind} <> 'offer_goal'`,
      asc(offers.number),
      asc(invoiceLines.goal),
      asc(invoiceLines.kind),
      asc(invoiceLines.id),
    );
  return rows.map(({ l, number, title }) => ({
    kind: l.kind as InvoiceLine['kind'],
    offer: l.offerId ? { uuid: l.offerId, id: number!, title: title! } : null,
    goal: l.goal,
    count: l.count,
    amount: l.amount,
    comment: l.comment,
    source: l.source === 'reconciliation' ? 'reconciliation' : null,
  }));
};

const paymentsOf = async (db: Db, id: string, withActors: boolean) => {
  const rows = await db
    .select({ p: invoicePayments, first: actor.firstName, last: actor.lastName, email: actor.email })
    .from(invoicePayments)
    .leftJoin(actor, eq(actor.id, invoicePayments.createdBy))
    .where(eq(invoicePayments.invoiceId, id))
    .orderBy(asc(invoicePayments.createdAt));
  return rows.map(({ p, first, last, email }) => ({
    uuid: p.id,
    amount: p.amount,
    paid_on: p.paidOn,
    reference: p.reference,
    method: p.method as Invoice['payments'][number]['method'],
    created_at: p.createdAt.toISOString(),
    created_by: withActors ? refOf(p.createdBy, first, last, email) : null,
  }));
};

/** The invoice's audit rows, oldest first; staff names only for staff (the affiliate sees what, not who). */
const historyOf = async (db: Db, v: InvoiceListItem, withActors: boolean) => {
  const rows = await db
    .select({ a: auditLog, first: actor.firstName, last: actor.lastName, email: actor.email })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .where(and(sql`${auditLog.details} ? 'invoice_uuid'`, sql`(${auditLog.details}->>'invoice_uuid') = ${v.uuid}`))
    .orderBy(asc(auditLog.createdAt));
  return rows.map(({ a, first, last, email }) => ({
    at: a.createdAt.toISOString(),
    actor: withActors ? refOf(a.actorId, first, last, email) : null,
    ...historyText(a.action, a.details, v.currency),
  }));
};

/** The account details the invoice froze for its system (the first by priority), or null when it holds none for it. */
const detailsFor = (methods: StoredPaymentMethod[], system: string | null) =>
  (system && [...methods].sort((a, b) => a.priority - b.priority).find((m) => m.system === system)?.details) || null;

/**
 * One invoice with lines, payments, history and its frozen payment details; null when absent. `affiliateId`
 * reads it as that affiliate: another's invoice is absent, and staff names are left out.
 */
export const findInvoice = async (db: Db, id: string, affiliateId?: string): Promise<Invoice | null> => {
  const v = await findInvoiceRow(db, id, affiliateId);
  if (!v) return null;
  const staff = !affiliateId;
  const [extra] = await db
    .select({ comment: invoices.comment, methods: invoices.paymentMethods })
    .from(invoices)
    .where(eq(invoices.id, id));
  return {
    ...v,
    lines: await linesOf(db, id),
    payments: await paymentsOf(db, id, staff),
    payment_details: detailsFor(extra.methods, v.payment_system),
    comment: extra.comment,
    history: await historyOf(db, v, staff),
  };
};
