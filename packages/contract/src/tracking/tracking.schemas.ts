import { z } from 'zod';
import { DEVICES, OSS } from '../constants/constants.data.ts';
import { geoSchema } from '../affiliates/affiliates.schemas.ts';
import { optionalMacroUrlSchema } from '../format/url-macros.ts';
import { moneySchema } from '../http/list.ts';
import { int4IdSchema } from '../http/numbers.ts';

/** Why a click did not reach the offer (docs/product/README.md: every trafficbacked click records why). */
export const TRAFFICBACK_REASONS = {
  unknown_offer: 'Unknown offer',
  offer_not_active: 'Offer not active',
  offer_not_started: 'Offer not started yet',
  offer_ended: 'Offer ended',
  unknown_affiliate: 'Unknown affiliate',
  affiliate_not_active: 'Affiliate not active',
  affiliate_banned: 'Affiliate banned',
  no_access: 'Affiliate has no access',
  landing_not_active: 'Landing not active',
  geo_not_allowed: 'Country not allowed',
  device_not_allowed: 'Device not allowed',
  os_not_allowed: 'OS not allowed',
  cap_reached: 'Cap reached',
  /** The click's fraud score reached the trafficback threshold (docs/product/fraud.md). */
  fraud: 'Traffic quality (fraud score)',
  /** An automation rule paused the affiliate on the offer (docs/product/automation.md, "Actions and undo"). */
  paused: 'Affiliate paused on the offer',
} as const;
export type TrafficbackReason = keyof typeof TRAFFICBACK_REASONS;
export const trafficbackReasonSchema = z.enum(
  Object.keys(TRAFFICBACK_REASONS) as [TrafficbackReason, ...TrafficbackReason[]],
);

/**
 * Settings › Trafficback. An offer's own trafficback URL takes every reason; else the global URL takes the
 * reasons listed here; a reason with neither shows the visitor a plain "offer not available" page.
 */
export const trafficbackSettingsSchema = z.object({
  url: optionalMacroUrlSchema,
  reasons: z
    .array(trafficbackReasonSchema)
    .refine((l) => new Set(l).size === l.length, { message: 'Each reason once' })
    .default([]),
});
export type TrafficbackSettings = z.infer<typeof trafficbackSettingsSchema>;
/** The settings as answered: a response is encoded, and the form schema's ''→null transform cannot run backwards. */
export const trafficbackSettingsViewSchema = z.object({
  url: z.string().nullable(),
  reasons: z.array(trafficbackReasonSchema),
});
export const DEFAULT_TRAFFICBACK_SETTINGS: TrafficbackSettings = {
  url: null,
  reasons: Object.keys(TRAFFICBACK_REASONS) as TrafficbackReason[],
};

// ---- Settings › Domains

const hostname = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)(?!-)([a-z0-9-]{1,63}(?<!-)\.)+[a-z]{2,63}$/, {
    message: 'Enter a domain name such as trk.example.com',
  });
export const domainCreateSchema = z.object({ name: hostname, is_default: z.boolean().default(false) });
export const domainSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  is_default: z.boolean(),
  dns: z.object({ checked_at: z.string().nullable(), ok: z.boolean().nullable(), detail: z.string() }),
  created_at: z.string(),
});
export type Domain = z.infer<typeof domainSchema>;

// ---- Settings › Test API › Direct link: a simulated click, nothing recorded

export const clickSimulationSchema = z.object({
  offer_id: int4IdSchema('Choose an offer'),
  affiliate_uuid: z.uuid({ message: 'Choose an affiliate' }),
  landing_id: int4IdSchema().nullable().default(null),
  country: geoSchema.nullable().default(null),
  device: z.enum(DEVICES).nullable().default(null),
  os: z.enum(OSS).nullable().default(null),
  sub1: z.string().max(200).optional(),
  sub2: z.string().max(200).optional(),
  sub3: z.string().max(200).optional(),
  sub4: z.string().max(200).optional(),
  sub5: z.string().max(200).optional(),
  /** The visitor's IP and user agent the click's traffic quality is scored on (none: a documentation address, no agent). */
  ip: z.union([z.ipv4(), z.ipv6()], { message: 'Enter an IPv4 or IPv6 address' }).optional(),
  user_agent: z.string().max(500).optional(),
  /** Also store an approved conversion on the first goal, marked as test: never in money, rollups or postbacks. */
  test_conversion: z.boolean().default(false),
});
export const testConversionSchema = z.object({
  uuid: z.uuid(),
  goal: z.string(),
  status: z.string(),
  payout: moneySchema,
  revenue: moneySchema,
  is_test: z.literal(true),
});
export const clickDecisionSchema = z.object({
  /** `offer` when the visitor goes to the landing or offer URL; `trafficback` or `unavailable` otherwise. */
  outcome: z.enum(['offer', 'trafficback', 'unavailable']),
  reason: trafficbackReasonSchema.nullable(),
  url: z.string().nullable(),
  checks: z.array(z.object({ name: z.string(), ok: z.boolean(), detail: z.string() })),
  /** Only when a test conversion was asked for and the click reached the offer. */
  test_conversion: testConversionSchema.nullable().default(null),
});
export type ClickDecisionView = z.infer<typeof clickDecisionSchema>;
