import type { MailTemplate } from '@pxl/contract';
import type { MailVars } from '../../lib/mailer.ts';
import { inertName, oneLine } from './mail-text.ts';

/** A name that is missing leaves the greeting bare rather than greeting an address. */
const hello = (name: string) => (name.trim() ? `Hello ${inertName(name)},` : 'Hello,');

type Rendered = { subject: string; lines: string[]; link?: string };
type Renderers = { [T in MailTemplate]: (v: MailVars[T], title: string) => Rendered };

const RENDERERS: Renderers = {
  password_reset: (v) => ({
    subject: 'Reset your password',
    lines: ['Open this link within an hour to set a new password:', 'If you did not ask for it, ignore this mail.'],
    link: v.link,
  }),
  registration_received: (v, title) => ({
    subject: `Your registration at ${title}`,
    lines: [
      hello(v.name),
      v.moderated
        ? 'we received your registration. A manager will review it and we will write to you once it is approved.'
        : 'your account is ready: you can sign in now.',
    ],
  }),
  account_approved: (v, title) => ({
    subject: `Your account at ${title} is approved`,
    lines: [hello(v.name), 'your account was approved. You can sign in now:'],
    link: v.loginUrl,
  }),
  ticket_reply: (v) => ({
    subject: `New reply to your ticket: ${oneLine(v.ticket)}`,
    lines: [`${inertName(v.author)} wrote:`, v.message, 'Open the ticket to answer:'],
    link: v.link,
  }),
  invoice_created: (v) => ({
    subject: `Invoice ${v.number} was created`,
    lines: [`Invoice ${v.number} for ${v.amount} was created. You can follow it in Payments.`],
  }),
  invoice_paid: (v) => ({
    subject: `Invoice ${v.number} was paid`,
    lines: [`Invoice ${v.number} for ${v.amount} was paid in full.`],
  }),
  payment_details_changed: (v) => ({
    subject: 'Your payment details were changed',
    lines: [
      'The payment details of your account were changed:',
      v.changes.join('\n'),
      v.by === 'staff'
        ? 'The change was made by the network staff on your affiliate record.'
        : `The change was made from your account, from the address ${v.ip}.`,
      'Invoices already issued are paid to the details they were made with; new invoices use the new details.',
      'If you did not make or ask for this change: change your password now (this signs out every other session), ' +
        'check Settings › Payments, and contact your manager or support right away.',
    ],
  }),
  offer_cap_80: (v) => ({
    subject: `Offer ${v.offer} reached 80 % of its cap`,
    lines: [`Offer ${v.offer} has used ${v.used} of its ${v.period} cap of ${v.cap}.`],
  }),
  smtp_test: (_v, title) => ({
    subject: `Test mail from ${title}`,
    lines: ['This is a test mail: the SMTP settings work.'],
  }),
  backup_failed: (v, title) => ({
    subject: `Backup of ${title} failed`,
    lines: [
      `The backup started at ${v.started} (UTC) failed:`,
      oneLine(v.error),
      'Settings › System shows every run. Until a backup succeeds, the newest good one is older than planned.',
    ],
  }),
  alert: (v) => ({ subject: oneLine(v.title), lines: [v.text] }),
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Plain text and simple HTML of one template, signed with the network's title (general settings). */
export const renderMail = <T extends MailTemplate>(template: T, vars: MailVars[T], title: string) => {
  const r = (RENDERERS[template] as (v: MailVars[T], t: string) => Rendered)(vars, title);
  const text = [...r.lines, ...(r.link ? [r.link] : []), '', `— ${title}`].join('\n');
  const html = [
    ...r.lines.map((l) => `<p>${escapeHtml(l).replace(/\n/g, '<br>')}</p>`),
    ...(r.link ? [`<p><a href="${escapeHtml(r.link)}">${escapeHtml(r.link)}</a></p>`] : []),
    `<p style="color:#666">— ${escapeHtml(title)}</p>`,
  ].join('\n');
  return { subject: r.subject, text, html };
};

/** Mails whose body opens an account: delivered, then their body is erased, and never shown in the mail log. */
export const SENSITIVE_TEMPLATES: readonly MailTemplate[] = ['password_reset'];
