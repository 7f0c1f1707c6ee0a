import { eq } from 'drizzle-orm';
import { PAYMENT_SYSTEMS } from '@pxl/contract';
import type { Db } from '../db/client.ts';
import { users, type StoredPaymentMethod } from '../db/schema.ts';
import type { Mailer } from './mailer.ts';

type Method = Pick<StoredPaymentMethod, 'system' | 'details' | 'priority'>;

// Two wallets of one system are told apart by their order among that system's entries.
const keyed = (list: Method[]) => {
  const seen = new Map<string, number>();
  return new Map(
    list.map((m) => {
      const n = (seen.get(m.system) ?? 0) + 1;
      seen.set(m.system, n);
      return [n === 1 ? m.system : `${m.system}#${n}`, m] as const;
    }),
  );
};

/**
 * Which payment fields a save changed, named by system ("usdt.details", "paypal: added"): where money is paid is
 * traced in the audit log while the account details themselves stay out of it (docs/decisions/016-token-totp-audit.md).
 */
export const paymentChanges = (before: Method[], after: Method[]): string[] => {
  const was = keyed(before);
  const now = keyed(after);
  const changed: string[] = [];
  for (const [key, m] of now) {
    const old = was.get(key);
    if (!old) changed.push(`${key}: added`);
    else {
      if (old.details !== m.details) changed.push(`${key}.details`);
      if (old.priority !== m.priority) changed.push(`${key}.priority`);
    }
  }
  for (const key of was.keys()) if (!now.has(key)) changed.push(`${key}: removed`);
  return changed;
};

/**
 * Account details cut to their last four characters ("•••• 1234"): enough for the owner to recognise their account in
 * a mail or an audit row, too little to pay to it. Short details are hidden whole.
 */
export const maskDetails = (details: string) => {
  const plain = details.replace(/\s+/g, '');
  return plain.length < 8 ? '••••' : `•••• ${plain.slice(-4)}`;
};

const labelOf = (system: string) => PAYMENT_SYSTEMS[system as keyof typeof PAYMENT_SYSTEMS] ?? system;

/** What a save changed, in words for the affiliate's mail, each account shown masked (docs/product/billing.md). */
export const paymentChangeLines = (before: Method[], after: Method[]): string[] => {
  const was = keyed(before);
  const now = keyed(after);
  const lines: string[] = [];
  for (const [key, m] of now) {
    const old = was.get(key);
    const name = labelOf(m.system);
    if (!old) lines.push(`${name}: added, account ${maskDetails(m.details)}`);
    else if (old.details !== m.details)
      lines.push(`${name}: account changed from ${maskDetails(old.details)} to ${maskDetails(m.details)}`);
    else if (old.priority !== m.priority) lines.push(`${name}: priority changed from ${old.priority} to ${m.priority}`);
  }
  for (const [key, m] of was)
    if (!now.has(key)) lines.push(`${labelOf(m.system)}: removed (${maskDetails(m.details)})`);
  return lines;
};

/**
 * Tells the affiliate after the commit that their payment details changed (docs/product/billing.md), whoever changed
 * them: the owner of a stolen session learns of it by mail. A mail that cannot be queued does not undo the change.
 */
export const mailPaymentChange = async (
  deps: { db: Db; mailer: Mailer },
  userId: string,
  c: { before: Method[]; after: Method[]; by: 'owner' | 'staff'; ip: string },
) => {
  const changes = paymentChangeLines(c.before, c.after);
  if (!changes.length) return;
  try {
    const [u] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (u)
      await deps.mailer.send({
        to: u.email,
        template: 'payment_details_changed',
        vars: { changes, by: c.by, ip: c.ip },
      });
  } catch {
    // The details are saved and audited either way.
  }
};
