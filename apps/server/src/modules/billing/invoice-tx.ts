import { eq, sql } from 'drizzle-orm';
import type { AuditAction } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { conversions, invoices } from '../../db/schema.ts';
import { writeAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { findInvoice } from './invoice-detail.repository.ts';

// What every change of an invoice does inside its transaction (docs/product/billing.md).

export type Meta = { ip: string };
type Row = typeof invoices.$inferSelect;
/** The statuses that still take payments and edits. */
export const OPEN = ['waiting', 'partly_paid'];

/** The invoice row locked for this transaction: changes to one invoice queue up, each sees the last one's result. */
export const lockInvoice = async (tx: Db, id: string) => {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  if (!row) throw notFound('Invoice');
  return row;
};

/** The audit row of a change; `invoice_uuid` in the details is what the invoice's history reads. */
export const auditInvoice = (
  tx: Db,
  auth: AuthContext,
  ip: string,
  action: AuditAction,
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
export const markPaid = (tx: Db, invoiceId: string) =>
  tx
    .update(conversions)
    .set({ paid: true, updatedAt: sql`now()` })
    .where(
      sql`${conversions.id} in (select conversion_id from invoice_items where invoice_id = ${invoiceId} and live and conversion_id is not null)`,
    );

export const readBack = async (db: Db, id: string) => (await findInvoice(db, id))!;
