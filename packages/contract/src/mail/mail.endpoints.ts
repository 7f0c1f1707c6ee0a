import { defineEndpoint } from '../access/endpoint.ts';
import { ADMIN_ROLES } from '../access/roles.ts';
import { pagedSchema } from '../http/paging.ts';
import {
  mailLogEntrySchema,
  mailLogQuerySchema,
  smtpSettingsBodySchema,
  smtpSettingsSchema,
  smtpTestBodySchema,
  smtpTestResultSchema,
} from './mail.schemas.ts';

export const getSmtp = defineEndpoint({
  method: 'GET',
  path: '/api/settings/v1/smtp',
  summary: 'SMTP settings (the password only as set or not)',
  roles: ADMIN_ROLES,
  response: smtpSettingsSchema,
});

export const putSmtp = defineEndpoint({
  method: 'PUT',
  path: '/api/settings/v1/smtp',
  summary: 'Change SMTP settings (audited without the password); mails waiting for SMTP go out',
  roles: ADMIN_ROLES,
  body: smtpSettingsBodySchema,
  response: smtpSettingsSchema,
});

export const testSmtp = defineEndpoint({
  method: 'POST',
  path: '/api/settings/v1/smtp/test',
  summary: 'Send a test mail with the saved SMTP settings and tell how the exchange went',
  roles: ADMIN_ROLES,
  body: smtpTestBodySchema,
  response: smtpTestResultSchema,
});

export const log = defineEndpoint({
  method: 'GET',
  path: '/api/mail/v1/log',
  summary: 'Mail log: recipient, subject, template, status, attempts, last error (no bodies)',
  roles: ADMIN_ROLES,
  query: mailLogQuerySchema,
  response: pagedSchema(mailLogEntrySchema),
});
