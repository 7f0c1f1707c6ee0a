import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { users } from '../../db/schema.ts';
import { money } from './invoice-history.ts';

type Note = { affiliateId: string; number: string; currency: string; total: number };

/**
 * Tells the affiliate about an invoice after it is committed (docs/product/billing.md). A mail that cannot be sent
 * does not undo the invoice, so a failure is dropped here; the mail log shows what was sent.
 */
export const notifyAffiliate = async ({ db, mailer }: AppDeps, kind: 'created' | 'paid', n: Note) => {
  try {
    const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, n.affiliateId));
    if (!u) return;
    const vars = { number: n.number, amount: money(n.total, n.currency) };
    await mailer.send({ to: u.email, template: kind === 'created' ? 'invoice_created' : 'invoice_paid', vars });
  } catch {
    // Nothing to undo: the invoice stands whether the mail went or not.
  }
};
