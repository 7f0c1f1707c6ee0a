import type { AuthContext } from './auth-context.ts';
import { badRequest } from './errors.ts';

// A lead's contacts (email, phone, IP) are masked for team leads in every answer and export that carries them: the
// logs, the conversion detail, the Cold API's lists, searches and sends (docs/product/roles-and-scoping.md,
// "Scoping"; docs/decisions/035-cold-api-ownership-and-contacts.md). This file is the one place that decides it.

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

/** 46.4.•.•: the network, not the subscriber; IPv6 keeps its first two groups. */
export const maskIp = (ip: string) => {
  if (ip.includes(':')) return `${ip.split(':').slice(0, 2).join(':')}:•`;
  const parts = ip.split('.');
  return parts.length === 4 ? `${parts[0]}.${parts[1]}.•.•` : '•';
};

type Contacts = { email?: string | null; phone?: string | null; ip?: string | null };
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export type LeadContactMask = {
  hides: boolean;
  email: (v: string | null) => string | null;
  phone: (v: string | null) => string | null;
  ip: (v: string | null) => string | null;
  /** Free text about the lead (a buyer's answer, a refusal's detail): its own contacts in it are masked too. */
  text: (v: string | null, of: Contacts) => string | null;
};

const open: LeadContactMask = {
  hides: false,
  email: (v) => v,
  phone: (v) => v,
  ip: (v) => v,
  text: (v) => v,
};
const masked: LeadContactMask = {
  hides: true,
  email: (v) => v && maskEmail(v),
  phone: (v) => v && maskPhone(v),
  ip: (v) => v && maskIp(v),
  text: (v, of) => {
    if (!v) return v;
    let out = v;
    if (of.email) out = out.replace(new RegExp(escape(of.email), 'gi'), maskEmail(of.email));
    // The phone as stored and without its +, as buyers often echo it.
    const digits = of.phone?.replace(/^\+/, '');
    if (digits && digits.length > 3) out = out.replace(new RegExp(`\\+?${escape(digits)}`, 'g'), maskPhone(of.phone!));
    if (of.ip) out = out.replace(new RegExp(`(?<![\\w.:])${escape(of.ip)}(?![\\w.:])`, 'g'), maskIp(of.ip));
    return out;
  },
};

/** Who reads decides: team leads get every lead contact masked; admin, head, managers and partners as before. */
export const leadContactsFor = (auth: AuthContext | null): LeadContactMask =>
  auth?.user.role === 'team_lead' ? masked : open;

/**
 * A search by an email, phone or IP would tell a team lead which lead has that contact, the very thing the masking
 * hides: refused in words (IDs and subs still search).
 */
export const refuseContactSearch = (mask: LeadContactMask, kind: 'email' | 'contact') => {
  if (mask.hides)
    throw badRequest(
      'search',
      kind === 'email'
        ? 'Contacts are hidden from team leads: search by a Lead ID instead of an email'
        : 'Contacts are hidden from team leads: search by a Lead ID instead of a phone or IP',
    );
};
