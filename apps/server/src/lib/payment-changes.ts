import type { StoredPaymentMethod } from '../db/schema.ts';

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
