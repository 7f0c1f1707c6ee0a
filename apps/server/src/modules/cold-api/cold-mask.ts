import type { AuthContext } from '../../lib/auth-context.ts';

/** j***@example.com: the first letter and the domain, enough to tell leads apart without reading the address. */
export const maskEmail = (email: string) => {
  const at = email.lastIndexOf('@');
  return at < 1 ? '***' : `${email[0]}***${email.slice(at)}`;
};

/** +49•••••123: the calling code and the last three digits. */
export const maskPhone = (phone: string) =>
  phone.length <= 6
    ? '•'.repeat(phone.length)
    : `${phone.slice(0, 3)}${'•'.repeat(phone.length - 6)}${phone.slice(-3)}`;

/**
 * Team leads get email and phone masked in the Cold API (search, list rows and so the CSV made from them): they pick
 * and send leads without taking the contacts home (docs/product/cold-api.md, "Scoping").
 */
export const contactsFor = (auth: AuthContext) =>
  auth.user.role === 'team_lead'
    ? (email: string | null, phone: string | null) => ({
        email: email && maskEmail(email),
        phone: phone && maskPhone(phone),
      })
    : (email: string | null, phone: string | null) => ({ email, phone });
