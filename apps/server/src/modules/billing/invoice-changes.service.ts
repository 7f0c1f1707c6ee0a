import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { InvoiceUpdate, invoiceStatusChangeSchema } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { billingAdjustments, invoiceItems, invoiceLines, invoices } from '../../db/schema.ts';
import { inTransaction } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { pgOf } from '../../lib/plain-sql.ts';
import { OPEN, auditInvoice, lockInvoice, markPaid, readBack, type Meta } from './invoice-tx.ts';
import { money } from './invoice-history.ts';
import { notifyAffiliate } from './notify.ts';

/**
 * Referral earnings reversed since the invoice was made leave it when staff edit it (docs/product/billing.md,
 * "Referrals"): their items stop being live and the referral line is what is left (or goes).
 */
const dropReversedEarnings = async (tx: Db, invoiceId: string) => {
  await pgOf(tx).query(
    `update invoice_items i set live = false from referral_earnings e
      where i.invoice_id = $1 and i.live and e.id = i.referral_earning_id and e.status = 'reversed'`,
    [invoiceId],
  );
  await pgOf(tx).query(
    `with left_over as (select count(*) as n, coalesce(sum(amount), 0) as amount from invoice_items
        where invoice_id = $1 and live and referral_earning_id is not null),
      changed as (update invoice_lines l set count = o.n, amount = o.amount from left_over o
        where l.invoice_id = $1 and l.kind = 'referral' and o.n > 0)
    delete from invoice_lines l using left_over o where l.invoice_id = $1 and l.kind = 'referral' and o.n = 0`,
    [invoiceId],
  );
};

/** The adjustments an edit replaces: those staff typed, not those carried from reconciliation (kept whatever). */
const manualAdjustments = (id: string) =>
  and(eq(invoiceLines.invoiceId, id), eq(invoiceLines.kind, 'adjustment'), isNull(invoiceLines.source));

/** Payment system, the whole set of manual adjustments and the comment, while the invoice is waiting or partly paid. */
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
    await dropReversedEarnings(tx, id);
    const [{ base }] = await tx
      .select({ base: sql<number>`coalesce(sum(${invoiceLines.amount}), 0)`.mapWith(Number) })
      .from(invoiceLines)
      .where(and(eq(invoiceLines.invoiceId, id), sql`not (${manualAdjustments(id)})`));
    const total = base + body.adjustments.reduce((s, a) => s + a.amount, 0);
    if (total < 0) throw badRequest('adjustments', `The total would be below zero (${money(total, v.currency)})`);
    if (total < v.paid)
      throw badRequest('adjustments', `The total would be below what is already paid (${money(v.paid, v.currency)})`);
    await tx.delete(invoiceLines).where(manualAdjustments(id));
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
    await auditInvoice(tx, auth, ip, 'invoice_update', v, {
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

/** Its pending adjustments wait for the next invoice again (docs/decisions/060-pending-adjustments.md). */
const freeAdjustments = (tx: Db, id: string) =>
  tx.update(billingAdjustments).set({ invoiceId: null }).where(eq(billingAdjustments.invoiceId, id));

/**
 * Only a waiting invoice without payments is deleted; its conversions and pending adjustments are free for another
 * invoice.
 */
export const removeInvoice = async ({ db }: AppDeps, auth: AuthContext, id: string, { ip }: Meta) => {
  await inTransaction(db, async (tx) => {
    const v = await lockInvoice(tx, id);
    if (v.status !== 'waiting' || v.paid > 0)
      throw badRequest('status', 'Only a waiting invoice without payments can be deleted; decline it instead');
    await freeAdjustments(tx, id);
    await tx.delete(invoices).where(eq(invoices.id, id));
    await auditInvoice(tx, auth, ip, 'invoice_delete', v, { total: v.total, currency: v.currency });
  });
  return { uuid: id };
};

/**
 * Declining (only without payments) releases the invoice's conversions, earnings and pending adjustments for a later
 * invoice.
 */
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
    await freeAdjustments(tx, id);
    await auditInvoice(tx, auth, ip, 'invoice_decline', v, { reason: body.reason });
  });
  return readBack(db, id);
};

// Payments live in invoice-payment.service.ts; the demo seed imports them from here too.
export { addPayment } from './invoice-payment.service.ts';
