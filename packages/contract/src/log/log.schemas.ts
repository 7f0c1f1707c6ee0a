import { z } from 'zod';
import { dateParamSchema } from '../http/list.ts';
import { pageQuerySchema } from '../http/paging.ts';

export const AUDIT_ACTIONS = [
  'login',
  'login_failed',
  'logout',
  'impersonation',
  'password_change',
  'password_reset_request',
  'registration',
  'settings_change',
  'profile_update',
  'two_factor_enable',
  'two_factor_disable',
  'session_revoke',
  'api_key_create',
  'api_key_revoke',
  'user_create',
  'user_update',
  'status_change',
  'api_key_reveal',
  'offer_change',
  'offer_access',
  'landing_change',
  // Automation rules (docs/product/automation.md): a rule added, changed or deleted, with the rule before and after.
  'automation_rule_change',
  // What moves money or traffic (docs/decisions/016-token-totp-audit.md).
  'postback_token_rotate',
  'product_change',
  'postback_url_change',
  'postback_resend',
  'test_api_send',
  'payment_details_change',
  // Invoices (docs/product/billing.md): the invoice's history on its detail screen reads these rows.
  'invoice_create',
  'invoice_update',
  'invoice_payment',
  'invoice_decline',
  'invoice_delete',
  'invoice_payment_details_refresh',
  'news_change',
  // Alert channels (docs/product/automation.md, "Channels"): added, changed or removed; never their secrets.
  'notification_channel_change',
  // Cold API lists, rules and distributions (docs/product/cold-api.md): who changed what, with the limits before and after.
  'cold_api_change',
  // Tickets (docs/product/tickets-and-mail.md): create, reply, close, reopen, access decision; never the text.
  'ticket_change',
  // Traffic quality (docs/product/fraud.md): an automatic action on a lead or conversion with its score and reasons
  // (no actor), and a person's override of one.
  'fraud_action',
  'fraud_override',
  // Reconciliation (docs/product/reconciliation.md): a report imported, an advertiser's column mapping saved, an
  // import's rows applied to our conversions (with the counts).
  'reconciliation_import',
  'reconciliation_mapping',
  'reconciliation_apply',
  // Automation (docs/product/automation.md): staff undid an action of a rule (what was put back is in its log row).
  'automation_undo',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const logListQuerySchema = pageQuerySchema.extend({
  date_from: dateParamSchema.optional(),
  date_to: dateParamSchema.optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  user_uuid: z.uuid().optional(),
});

export const logEntrySchema = z.object({
  uuid: z.uuid(),
  created_at: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  actor: z.object({ uuid: z.uuid(), email: z.string() }).nullable(),
  subject: z.object({ uuid: z.uuid(), email: z.string() }).nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type LogEntry = z.infer<typeof logEntrySchema>;
