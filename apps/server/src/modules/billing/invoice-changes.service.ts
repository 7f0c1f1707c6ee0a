import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { InvoicePaymentInput, InvoiceUpdate, invoiceStatusChangeSchema } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { conversions, invoiceItems, invoiceLines, invoicePayments, invoices } from '../../db/schema.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { findInvoice } from './invoice-detail.repository.ts';
import { notifyAffiliate } from './notify.ts';

type Meta = { ip: string };
type Row = typeof invoices.$inferSelect;
const OPEN = ['waiting', 'partly_paid'];
const money = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency}`;

/** The invoice row locked for this transaction: changes to one invoice queue up, each sees the last one's result. */
const lockInvoice = async (tx: Db, id: string) => {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  if (!row) throw notFound('Invoice');
  return row;
};

const audit = (
  tx: Db,
  auth: AuthContext,
  ip: string,
  action: Parameters<typeof writeAudit>[1]['action'],
  v: Row,
  d: Record<string, unknown>,
) =>
  writeAudit(tx, {
    action,
    actorId: auth.user.id,
    subjectId: v.affiliateId,
    ip,
    details: { invoice_uuid: v.id, number: v.number, ...d },
  });

/** Paid in full: every conversion the invoice holds is marked paid (the conversions log and detail show it). */
const markPaid = (tx: Db, invoiceId: string) =>
  tx
    .update(conversions)
    .set({ paid: true, updatedAt: sql`now()` })
    .where(
      sql`${conversions.id} in (select conversion_id from invoice_items where invoice_id = ${invoiceId} and live and conversion_id is not null)`,
    );

const readBack = async (db: Db, id: string) => (await findInvoice(db, id))!;

/** Payment system, the whole set of adjustments and the comment, while the invoice is waiting or partly paid. */
export const updateInvoice = async (
  deps: AppDeps,
  auth: AuthContext,
  id: string,
  body: InvoiceUpdate,
  { ip }: Meta,
) => {
  const settled = await inTransaction(deps.db, async (tx) => {
    const v = await lockInvoice(tx, id);
    if (!OPEN.includes(v.status)) throw badRequest('status', 'Only waiting or partly paid invoices can be changed');
    const [{ base }] = await tx
      .select({ base: sql<number>`coalesce(sum(${invoiceLines.amount}), 0)`.mapWith(Number) })
      .from(invoiceLines)
      .where(and(eq(invoiceLines.invoiceId, id), ne(invoiceLines.kind, 'adjustment')));
    const total = base + body.adjustments.reduce((s, a) => s + a.amount, 0);
    if (total < 0) throw badRequest('adjustments', `The total would be below zero (${money(total, v.currency)})`);
    if (total < v.paid)
      throw badRequest('adjustments', `The total would be below what is already paid (${money(v.paid, v.currency)})`);
    await tx.delete(invoiceLines).where(and(eq(invoiceLines.invoiceId, id), eq(invoiceLines.kind, 'adjustment')));
    if (body.adjustments.length)
      await tx
        .insert(invoiceLines)
        .values(
          body.adjustments.map((a) => ({ invoiceId: id, kind: 'adjustment', amount: a.amount, comment: a.comment })),
        );
    // Adjusted down to what was paid already: the invoice is paid in full now.
    const full = v.paid > 0 && total === v.paid;
    await tx
      .update(invoices)
      .set({
        total,
        paymentSystem: body.payment_system,
        comment: body.comment,
        ...(full && { status: 'approved' }),
        updatedAt: sql`now()`,
      })
      .where(eq(invoices.id, id));
    if (full) await markPaid(tx, id);
    await audit(tx, auth, ip, 'invoice_update', v, {
      total,
      payment_system: body.payment_system,
      adjustments: body.adjustments.length,
      ...(full && { status: 'approved' }),
    });
    return full ? { ...v, total } : null;
  });
  if (settled) await notifyAffiliate(deps, 'paid', settled);
  return readBack(deps.db, id);
};

/** Only a waiting invoice without payments is deleted; its conversions are free for another invoice. */
export const removeInvoice = async ({ db }: AppDeps, auth: AuthContext, id: string, { ip }: Meta) => {
  await inTransaction(db, async (tx) => {
    const v = await lockInvoice(tx, id);
    if (v.status !== 'waiting' || v.paid > 0)
      throw badRequest('status', 'Only a waiting invoice without payments can be deleted; decline it instead');
    await tx.delete(invoices).where(eq(invoices.id, id));
    await audit(tx, auth, ip, 'invoice_delete', v, { total: v.total, currency: v.currency });
  });
  return { uuid: id };
};

/** A payment moves the invoice to partly paid, or to approved when it pays the rest; more than the rest is refused. */
export const addPayment = async (
  deps: AppDeps,
  auth: AuthContext,
  id: string,
  body: InvoicePaymentInput,
  { ip }: Meta,
) => {
  const paidInFull = await inTransaction(deps.db, async (tx) => {
    const v = await lockInvoice(tx, id);
    if (!OPEN.includes(v.status)) throw badRequest('status', 'Only waiting or partly paid invoices take payments');
    const open = v.total - v.paid;
    if (body.amount > open) throw badRequest('amount', `More than the open amount (${money(open, v.currency)})`);
    const paid = v.paid + body.amount;
    const status = paid === v.total ? 'approved' : 'partly_paid';
    await tx.insert(invoicePayments).values({
      invoiceId: id,
      amount: body.amount,
      paidOn: body.paid_on,
      reference: body.reference,
      method: body.method,
      createdBy: auth.user.id,
    });
    await tx
      .update(invoices)
      .set({ paid, status, updatedAt: sql`now()` })
      .where(eq(invoices.id, id));
    if (status === 'approved') await markPaid(tx, id);
    await audit(tx, auth, ip, 'invoice_payment', v, { amount: body.amount, paid, status, method: body.method });
    return status === 'approved' ? v : null;
  });
  if (paidInFull) await notifyAffiliate(deps, 'paid', paidInFull);
  return readBack(deps.db, id);
};

/** Declining (only without payments) releases the invoice's conversions and earnings for a later invoice. */
export const declineInvoice = async (
  { db }: AppDeps,
  auth: AuthContext,
  id: string,
  body: z.output<typeof invoiceStatusChangeSchema>,
  { ip }: Meta,
) => {
  await inTransaction(db, async (tx) => {
    const v = await lockInvoice(tx, id);
    if (v.paid > 0) throw badRequest('status', 'An invoice with payments cannot be declined');
    if (v.status !== 'waiting') throw badRequest('status', 'This invoice is already declined');
    await tx
      .update(invoices)
      .set({ status: 'declined', updatedAt: sql`now()` })
      .where(eq(invoices.id, id));
    await tx.update(invoiceItems).set({ live: false }).where(eq(invoiceItems.invoiceId, id));
    await audit(tx, auth, ip, 'invoice_decline', v, { reason: body.reason });
  });
  return readBack(db, id);
};
