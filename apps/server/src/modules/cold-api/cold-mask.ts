import type { AuthContext } from '../../lib/auth-context.ts';
import { leadContactsFor } from '../../lib/lead-contacts.ts';

/** The Cold API's view of the one masking rule (lib/lead-contacts.ts): email and phone of a stored lead. */
export const contactsFor = (auth: AuthContext) => {
  const mask = leadContactsFor(auth);
  return (email: string | null, phone: string | null) => ({ email: mask.email(email), phone: mask.phone(phone) });
};
