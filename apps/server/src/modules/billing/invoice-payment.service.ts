import { eq, sql } from 'drizzle-orm';
import type { InvoicePaymentInput } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { invoicePayments, invoices } from '../../db/schema.ts';
import { inTransaction } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { OPEN, auditInvoice, lockInvoice, markPaid, readBack, type Meta } from './invoice-tx.ts';
import { money } from './invoice-history.ts';
import { notifyAffiliate } from './notify.ts';

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
    await auditInvoice(tx, auth, ip, 'invoice_payment', v, { amount: body.amount, paid, status, method: body.method });
    return status === 'approved' ? v : null;
  });
  if (paidInFull) await notifyAffiliate(deps, 'paid', paidInFull);
  return readBack(deps.db, id);
};
