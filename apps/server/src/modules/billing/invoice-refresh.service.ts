import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { invoices, users } from '../../db/schema.ts';
import { inTransaction } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import { maskDetails, paymentChangeLines } from '../../lib/payment-changes.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { OPEN, auditInvoice, lockInvoice, readBack, type Meta } from './invoice-tx.ts';

const masked = (list: { system: string; details: string; priority: number }[]) =>
  list.map((m) => ({ system: m.system, details: maskDetails(m.details), priority: m.priority }));

/**
 * An unpaid invoice takes the affiliate's current payment details only when staff ask: a change made with a stolen
 * session does not reach invoices already issued by itself (docs/product/billing.md). The audit row keeps the old and
 * new details masked, as every payment audit does (docs/decisions/016-token-totp-audit.md).
 */
export const refreshPaymentDetails = async ({ db }: AppDeps, auth: AuthContext, id: string, { ip }: Meta) => {
  await inTransaction(db, async (tx) => {
    const v = await lockInvoice(tx, id);
    if (!OPEN.includes(v.status))
      throw badRequest('status', 'Only waiting or partly paid invoices can take new payment details');
    const [u] = await tx
      .select({ methods: users.paymentMethods })
      .from(users)
      .where(eq(users.id, v.affiliateId))
      .for('share');
    const now = [...(u?.methods ?? [])].sort((a, c) => a.priority - c.priority);
    await tx
      .update(invoices)
      .set({ paymentMethods: now, updatedAt: sql`now()` })
      .where(eq(invoices.id, id));
    await auditInvoice(tx, auth, ip, 'invoice_payment_details_refresh', v, {
      payment_system: v.paymentSystem,
      from: masked(v.paymentMethods),
      to: masked(now),
      changes: paymentChangeLines(v.paymentMethods, now),
    });
  });
  return readBack(db, id);
};
