import { z } from 'zod';
import { pageQuerySchema } from '../http/paging.ts';

export const SMTP_SECURITY = ['none', 'starttls', 'tls'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY)[number];

const smtpFields = {
  host: z.string().trim().max(255),
  port: z.coerce.number().int().min(1, { message: 'Port is 1 to 65535' }).max(65535, { message: 'Port is 1 to 65535' }),
  security: z.enum(SMTP_SECURITY),
  user: z.string().trim().max(255),
  from_name: z.string().trim().max(100),
  from_email: z.union([z.literal(''), z.email({ message: 'Enter a valid email' })]),
};

/** What the panel shows: the password never leaves the server, only whether one is stored. */
export const smtpSettingsSchema = z.object({ ...smtpFields, password_set: z.boolean(), configured: z.boolean() });
export type SmtpSettings = z.infer<typeof smtpSettingsSchema>;

/** `password` left out or empty keeps the stored one; `null` removes it. */
export const smtpSettingsBodySchema = z
  .object({ ...smtpFields, password: z.string().max(500).nullable().optional() })
  .refine((s) => s.host === '' || s.from_email !== '', {
    path: ['from_email'],
    message: 'A sender address is needed to send mail',
  });
export type SmtpSettingsBody = z.infer<typeof smtpSettingsBodySchema>;

export const DEFAULT_SMTP_SETTINGS: SmtpSettings = {
  host: '',
  port: 587,
  security: 'starttls',
  user: '',
  from_name: '',
  from_email: '',
  password_set: false,
  configured: false,
};

export const smtpTestBodySchema = z.object({ to: z.email({ message: 'Enter a valid email' }) });
/** The SMTP exchange's outcome in words: the server's answer when it took the mail, else what went wrong. */
export const smtpTestResultSchema = z.object({ ok: z.boolean(), message: z.string() });
export type SmtpTestResult = z.infer<typeof smtpTestResultSchema>;

export const MAIL_TEMPLATES = [
  'password_reset',
  'registration_received',
  'account_approved',
  'ticket_reply',
  'invoice_created',
  'invoice_paid',
  'payment_details_changed',
  'offer_cap_80',
  'smtp_test',
  'backup_failed',
  'alert',
] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];
export const MAIL_TEMPLATE_LABELS: Record<MailTemplate, string> = {
  password_reset: 'Password recovery',
  registration_received: 'Registration received',
  account_approved: 'Account approved',
  ticket_reply: 'Ticket reply',
  invoice_created: 'Invoice created',
  invoice_paid: 'Invoice paid',
  payment_details_changed: 'Payment details changed',
  offer_cap_80: 'Offer cap at 80 %',
  smtp_test: 'SMTP test',
  backup_failed: 'Backup failed',
  alert: 'Alert',
};

export const MAIL_STATUSES = ['queued', 'sending', 'no_smtp', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  no_smtp: 'Not sent: no SMTP configured',
  sent: 'Sent',
  failed: 'Failed',
};

export const mailLogQuerySchema = pageQuerySchema.extend({
  status: z.enum(MAIL_STATUSES).optional(),
  template: z.enum(MAIL_TEMPLATES).optional(),
  search: z.string().trim().max(255).optional(),
});
export type MailLogQuery = z.infer<typeof mailLogQuerySchema>;

/** A mail as the log shows it: never its body (a password reset's link would let the reader in). */
export const mailLogEntrySchema = z.object({
  uuid: z.uuid(),
  to: z.string(),
  subject: z.string(),
  template: z.enum(MAIL_TEMPLATES),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type MailLogEntry = z.infer<typeof mailLogEntrySchema>;
