import { z } from 'zod';
import { pageQuerySchema } from '../http/paging.ts';
import { int4IdSchema } from '../http/numbers.ts';
import { dateParamSchema, refSchema } from '../http/list.ts';
import { macroUrlSchema } from '../format/url-macros.ts';

/** Events an affiliate can be told about (docs/product/tracking.md); lead and ftd are fired by lead distribution. */
export const POSTBACK_EVENTS = {
  conversion: 'Conversion',
  status_change: 'Status change',
  lead: 'Lead',
  ftd: 'FTD',
} as const;
export type PostbackEvent = keyof typeof POSTBACK_EVENTS;
export const postbackEventSchema = z.enum(Object.keys(POSTBACK_EVENTS) as [PostbackEvent, ...PostbackEvent[]]);

// ---- The affiliate's postback settings (/settings/postback)

export const postbackSettingInputSchema = z.object({
  event: postbackEventSchema,
  /** Null: every offer; a number: this offer only (it wins over the general URL of the event). */
  offer_id: int4IdSchema().nullable().default(null),
  url: macroUrlSchema,
});
export const postbackSettingsInputSchema = z.object({
  items: z
    .array(postbackSettingInputSchema)
    .max(200)
    .refine((l) => new Set(l.map((i) => `${i.event}|${i.offer_id ?? ''}`)).size === l.length, {
      message: 'One URL per event and offer',
    }),
});
export const postbackSettingSchema = z.object({
  uuid: z.uuid(),
  event: postbackEventSchema,
  offer: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  url: z.string(),
});
export const postbackTestInputSchema = z.object({
  url: macroUrlSchema,
  event: postbackEventSchema.default('conversion'),
});

// ---- Delivery log (Statistics › Postbacks, and the affiliate's own log)

export const attemptSchema = z.object({
  at: z.string(),
  url: z.string(),
  status_code: z.number().int().nullable(),
  response: z.string(),
  duration_ms: z.number().int(),
  /** Network error, timeout or refusal, when there was no HTTP answer. */
  error: z.string().nullable(),
});
export type Attempt = z.infer<typeof attemptSchema>;

export const OUTBOUND_STATUSES = ['pending', 'delivered', 'failed', 'refused'] as const;
export const outboundPostbackSchema = z.object({
  uuid: z.uuid(),
  created_at: z.string(),
  event: postbackEventSchema,
  affiliate: refSchema,
  offer: z.object({ uuid: z.uuid(), id: z.number().int(), title: z.string() }).nullable(),
  conversion_uuid: z.uuid().nullable(),
  url: z.string(),
  status: z.enum(OUTBOUND_STATUSES),
  attempts_count: z.number().int(),
  last_status_code: z.number().int().nullable(),
  next_attempt_at: z.string().nullable(),
  attempts: z.array(attemptSchema),
});
export type OutboundPostback = z.infer<typeof outboundPostbackSchema>;

export const inboundPostbackSchema = z.object({
  uuid: z.uuid(),
  created_at: z.string(),
  method: z.string(),
  ip: z.string().nullable(),
  advertiser: refSchema.nullable(),
  affiliate: refSchema.nullable(),
  offer: z.object({ uuid: z.uuid(), id: z.number().int(), title: z.string() }).nullable(),
  click_id: z.string().nullable(),
  conversion_uuid: z.uuid().nullable(),
  params: z.record(z.string(), z.string()),
  status_code: z.number().int(),
  response: z.record(z.string(), z.unknown()),
});
export type InboundPostback = z.infer<typeof inboundPostbackSchema>;

export const postbackLogQuerySchema = pageQuerySchema.extend({
  affiliate_uuid: z.uuid().optional(),
  offer_uuid: z.uuid().optional(),
  status_code: z.coerce.number().int().min(0).max(999).optional(),
  status: z.enum(OUTBOUND_STATUSES).optional(),
  date_from: dateParamSchema.optional(),
  date_to: dateParamSchema.optional(),
});
