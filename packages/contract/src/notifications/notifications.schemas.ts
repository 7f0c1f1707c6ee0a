import { z } from 'zod';
import { refSchema } from '../http/list.ts';
import { pageQuerySchema } from '../http/paging.ts';

// Alert channels and their outbox (docs/product/automation.md).

/** Admin and head keep the network's channels; managers and affiliates keep their own. */
export const CHANNEL_ROLES = ['admin', 'head', 'manager', 'affiliate'] as const;
export const CHANNEL_KINDS = ['telegram', 'slack', 'webhook', 'email'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];
/** Kinds a manager or an affiliate may set up: messages to themselves, never to an address of their choosing. */
export const OWN_CHANNEL_KINDS = ['telegram', 'email'] as const satisfies readonly ChannelKind[];

/** What an alert is about; a channel lists the events it wants. */
export const ALERT_EVENTS = [
  'rule_fired',
  'cap_warning',
  'cap_reached',
  'buyer_failing',
  'postbacks_failing',
  'offer_no_clicks',
  'shave_suspected',
  'offer_paused',
  'conversion_rejected',
] as const;
export type AlertEvent = (typeof ALERT_EVENTS)[number];
/** The events about an affiliate's own traffic, the only ones an affiliate's channel can carry. */
export const AFFILIATE_ALERT_EVENTS = [
  'cap_reached',
  'offer_paused',
  'conversion_rejected',
] as const satisfies readonly AlertEvent[];

export const MAX_CHANNELS_PER_OWNER = 10;
export const MAX_EMAIL_ADDRESSES = 20;

const httpUrl = z
  .url({ protocol: /^https?$/, message: 'Use an http(s) URL' })
  .max(500, { message: 'At most 500 characters' });

/** Secrets (bot token, webhook URL of Slack, signing secret) are write-only: left out on change, they are kept. */
export const telegramConfigSchema = z.object({
  chat_id: z
    .string()
    .trim()
    .regex(/^(-?\d{1,20}|@[A-Za-z0-9_]{5,32})$/, { message: 'A numeric chat id or @channelname' }),
  bot_token: z
    .string()
    .trim()
    .regex(/^\d{1,20}:[A-Za-z0-9_-]{20,100}$/, { message: 'A bot token looks like 123456:ABC-...' })
    .optional(),
  /** Staff only; defaults to https://api.telegram.org (an affiliate's channel always uses the default). */
  api_base: httpUrl.optional(),
});
export const slackConfigSchema = z.object({ webhook_url: httpUrl.optional() });
export const webhookConfigSchema = z.object({
  url: httpUrl,
  /** HMAC-SHA256 key, required at creation (a generated one could never be read back: secrets are never shown). */
  secret: z.string().min(16, { message: 'At least 16 characters' }).max(200).optional(),
});
export const emailConfigSchema = z.object({
  addresses: z
    .array(z.email({ message: 'Not a valid e-mail address' }).max(254))
    .min(1, { message: 'At least one address' })
    .max(MAX_EMAIL_ADDRESSES, { message: `At most ${MAX_EMAIL_ADDRESSES} addresses` }),
});

const channelBase = {
  name: z.string().trim().min(1, { message: 'Name is required' }).max(100),
  enabled: z.boolean().default(true),
  /** Empty means every event the owner may receive. */
  events: z.array(z.enum(ALERT_EVENTS)).max(ALERT_EVENTS.length).default([]),
};
export const channelCreateSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('telegram'), ...channelBase, config: telegramConfigSchema }),
  z.object({ kind: z.literal('slack'), ...channelBase, config: slackConfigSchema }),
  z.object({ kind: z.literal('webhook'), ...channelBase, config: webhookConfigSchema }),
  z.object({ kind: z.literal('email'), ...channelBase, config: emailConfigSchema }),
]);
export type ChannelCreate = z.output<typeof channelCreateSchema>;
/** A change names the kind it keeps (a channel never changes kind); fields left out keep their values. */
export const channelUpdateSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('telegram'), ...partial(), config: telegramConfigSchema.partial().optional() }),
  z.object({ kind: z.literal('slack'), ...partial(), config: slackConfigSchema.optional() }),
  z.object({ kind: z.literal('webhook'), ...partial(), config: webhookConfigSchema.partial().optional() }),
  z.object({ kind: z.literal('email'), ...partial(), config: emailConfigSchema.optional() }),
]);
export type ChannelUpdate = z.output<typeof channelUpdateSchema>;
function partial() {
  return {
    name: channelBase.name.optional(),
    enabled: z.boolean().optional(),
    events: z.array(z.enum(ALERT_EVENTS)).max(ALERT_EVENTS.length).optional(),
  };
}

export const channelSchema = z.object({
  uuid: z.uuid(),
  kind: z.enum(CHANNEL_KINDS),
  name: z.string(),
  enabled: z.boolean(),
  events: z.array(z.enum(ALERT_EVENTS)),
  /** Where it goes, without secrets: the chat id, the host of a URL, the addresses. */
  target: z.string(),
  /** The settings without secrets; `has_secret` says whether a token, Slack URL or signing key is stored. */
  config: z.record(z.string(), z.unknown()),
  has_secret: z.boolean(),
  /** null: a network channel (admin and head). */
  owner: refSchema.nullable(),
  last_sent_at: z.string().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
});
export type Channel = z.infer<typeof channelSchema>;

export const channelTestResultSchema = z.object({
  delivered: z.boolean(),
  /** The channel's answer in words: "HTTP 200", "HTTP 401: Unauthorized", "connection refused". */
  detail: z.string(),
});
export type ChannelTestResult = z.infer<typeof channelTestResultSchema>;

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
export const outboxQuerySchema = pageQuerySchema.extend({
  status: z.enum(OUTBOX_STATUSES).optional(),
  channel_uuid: z.uuid({ message: 'Not a valid ID' }).optional(),
});
export const outboxItemSchema = z.object({
  uuid: z.uuid(),
  channel: z.object({ uuid: z.uuid(), name: z.string(), kind: z.enum(CHANNEL_KINDS) }),
  event: z.enum(ALERT_EVENTS),
  title: z.string(),
  text: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxItem = z.infer<typeof outboxItemSchema>;
