import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { users } from '../../db/schema.ts';

const money = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency}`;

type Note = { affiliateId: string; number: string; currency: string; total: number };

/**
 * Tells the affiliate about an invoice after it is committed (docs/product/billing.md). A mail that cannot be sent
 * does not undo the invoice, so a failure is dropped here; the mailer logs what it sends.
 */
export const notifyAffiliate = async ({ db, mailer }: AppDeps, kind: 'created' | 'paid', n: Note) => {
  try {
    const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, n.affiliateId));
    if (!u) return;
    await mailer.send(
      kind === 'created'
        ? {
            to: u.email,
            subject: `Invoice ${n.number} was created`,
            text: `Invoice ${n.number} for ${money(n.total, n.currency)} was created. You can follow it in Payments.`,
          }
        : {
            to: u.email,
            subject: `Invoice ${n.number} was paid`,
            text: `Invoice ${n.number} for ${money(n.total, n.currency)} was paid in full.`,
          },
    );
  } catch {
    // Nothing to undo: the invoice stands whether the mail went or not.
  }
};
