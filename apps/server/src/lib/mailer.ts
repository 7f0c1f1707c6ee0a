import type { MailTemplate } from '@pxl/contract';

/** What each template needs; the mail module renders them with the network's title (docs/product/tickets-and-mail.md). */
export type MailVars = {
  password_reset: { link: string };
  registration_received: { name: string; moderated: boolean };
  account_approved: { name: string; loginUrl: string };
  ticket_reply: { ticket: string; author: string; message: string; link: string };
  invoice_created: { number: string; amount: string };
  invoice_paid: { number: string; amount: string };
  /** `changes`: one line per payment system, accounts masked; `by`: who changed them. */
  payment_details_changed: { changes: string[]; by: 'owner' | 'staff'; ip: string };
  offer_cap_80: { offer: string; cap: string; used: string; period: string };
  smtp_test: Record<string, never>;
  /** `started`: when the run began (UTC, ISO); `error`: what went wrong, in one line. */
  backup_failed: { started: string; error: string };
  /** An alert to an e-mail channel (docs/product/automation.md, "Channels"): its title and text as the rule wrote them. */
  alert: { title: string; text: string };
};
export type Mail<T extends MailTemplate = MailTemplate> = {
  to: string;
  template: T;
  vars: MailVars[T];
  /** A mail that must go once (a cap warning per period and recipient): a second send with the key is dropped. */
  dedupeKey?: string;
};

/**
 * Queues a mail durably; it is delivered in the background (docs/decisions/023-mail-delivery.md). Nothing of the mail
 * is written to the application log: a password-reset link in a log is a way in.
 */
export type Mailer = { send: <T extends MailTemplate>(mail: Mail<T>) => Promise<void> };
