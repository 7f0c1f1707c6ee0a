import { z } from 'zod';
import { geoSchema } from '../affiliates/affiliates.schemas.ts';
import { currencySchema } from '../settings/settings.schemas.ts';
import { pageQuerySchema } from '../http/paging.ts';
import { int4IdParamSchema, MAX_MINOR_AMOUNT } from '../http/numbers.ts';
import { optionalText, refSchema } from '../http/list.ts';
import {
  CAP_METRICS,
  CAP_PERIODS,
  GOAL_PAYMENT_TYPES,
  figuresSchema,
  goalKeySchema,
  goalSchema,
  offerPrivacySchema,
  offerStatusSchema,
  offerTypeSchema,
  verticalSchema,
} from './offers.schemas.ts';

// ---- Access requests (premoderation offers; docs/product/offers.md)

export const ACCESS_REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const;
export const accessRequestStatusSchema = z.enum(ACCESS_REQUEST_STATUSES);
export const accessRequestSchema = z.object({
  uuid: z.uuid(),
  offer: z.object({ uuid: z.uuid(), id: z.number().int(), title: z.string() }),
  affiliate: refSchema,
  status: accessRequestStatusSchema,
  message: z.string(),
  reason: z.string(),
  decided_by: refSchema.nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type AccessRequest = z.infer<typeof accessRequestSchema>;
export const accessRequestCreateSchema = z.object({ message: optionalText(1000) });
export const accessRequestDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve'), reason: optionalText(1000) }),
  z.object({
    decision: z.literal('decline'),
    reason: z.string().trim().min(1, { message: 'Give a reason' }).max(1000),
  }),
]);
export const accessRequestListQuerySchema = pageQuerySchema.extend({ status: accessRequestStatusSchema.optional() });

// ---- Tracking links

const sub = z
  .string()
  .trim()
  .max(200, { message: 'At most 200 characters' })
  .optional()
  .transform((v) => (v ? v : undefined));
const linkFields = {
  landing_uuid: z.uuid().nullable().default(null),
  prelanding_uuid: z.uuid().nullable().default(null),
  /** A tracking domain from the constants, or the panel's own host when omitted. */
  domain: z
    .string()
    .trim()
    .max(253)
    .optional()
    .transform((v) => (v ? v.toLowerCase() : undefined)),
  sub1: sub,
  sub2: sub,
  sub3: sub,
  sub4: sub,
  sub5: sub,
};
export const staffLinkInputSchema = z.object({
  affiliate_uuid: z.uuid({ message: 'Choose an affiliate' }),
  ...linkFields,
});
export const portalLinkInputSchema = z.object(linkFields);
export const trackingLinkSchema = z.object({ url: z.string() });

// ---- What an affiliate reads: never revenue, advertiser or notes

export const OFFER_TABS = ['all', 'live', 'available'] as const;
export const portalAccessSchema = z.enum(['granted', 'request', 'pending', 'declined']);
export type PortalAccess = z.infer<typeof portalAccessSchema>;

const portalRate = { payout: z.number().int(), payout_percent: z.number() };
export const portalGoalSchema = z.object({
  goal: goalKeySchema,
  payment_type: z.enum(GOAL_PAYMENT_TYPES),
  ...portalRate,
  geo_rates: z.array(z.object({ geo: z.string(), ...portalRate })),
});
export type PortalGoal = z.infer<typeof portalGoalSchema>;

export const portalOfferSchema = z.object({
  id: z.number().int(),
  type: offerTypeSchema,
  status: offerStatusSchema,
  title: z.string(),
  vertical: z.string(),
  privacy: offerPrivacySchema,
  currency: currencySchema,
  image_url: z.string().nullable(),
  geos: z.array(z.string()),
  traffic_sources: z.array(z.string()),
  /** The best fixed payout across goals and countries for this affiliate, their overrides applied. */
  top_payout: z.number().int(),
  top_goal: portalGoalSchema.nullable(),
  access: portalAccessSchema,
});
export type PortalOffer = z.infer<typeof portalOfferSchema>;

export const portalCapSchema = z.object({
  metric: z.enum(CAP_METRICS),
  period: z.enum(CAP_PERIODS),
  limit: z.number().int(),
  left: z.number().int(),
  geo: z.string().nullable(),
  device: z.string().nullable(),
  os: z.string().nullable(),
});
export const portalLandingSchema = z.object({
  uuid: z.uuid(),
  id: z.number().int(),
  name: z.string(),
  type: z.enum(['landing', 'prelanding']),
  preview_url: z.string().nullable(),
  languages: z.array(z.string()),
});

export const portalOfferDetailSchema = portalOfferSchema.extend({
  description: z.string(),
  starts_at: z.string().nullable(),
  stops_at: z.string().nullable(),
  preview_url: z.string().nullable(),
  devices: z.array(z.string()),
  oss: z.array(z.string()),
  hold_days: z.number().int(),
  goals: z.array(portalGoalSchema),
  caps: z.array(portalCapSchema),
  landings: z.array(portalLandingSchema),
  access_request: z
    .object({ status: z.enum(['pending', 'approved', 'declined']), reason: z.string(), created_at: z.string() })
    .nullable(),
});
export type PortalOfferDetail = z.infer<typeof portalOfferDetailSchema>;

export const portalListQuerySchema = pageQuerySchema
  .extend({
    tab: z.enum(OFFER_TABS).default('all'),
    search: z.string().trim().max(100).optional(),
    vertical: verticalSchema.optional(),
    geo: geoSchema.optional(),
    type: offerTypeSchema.optional(),
    payout_min: z.coerce.number().int().min(0).max(MAX_MINOR_AMOUNT).optional(),
    payout_max: z.coerce.number().int().min(0).max(MAX_MINOR_AMOUNT).optional(),
  })
  .refine((q) => q.payout_min === undefined || q.payout_max === undefined || q.payout_min <= q.payout_max, {
    message: 'The minimum is above the maximum',
    path: ['payout_max'],
  });
export const portalIdParamsSchema = z.object({ id: int4IdParamSchema() });

// ---- What an advertiser reads: their own offers, revenue but no payouts, affiliates or notes

export const advertiserOfferSchema = z.object({
  uuid: z.uuid(),
  id: z.number().int(),
  type: offerTypeSchema,
  status: offerStatusSchema,
  title: z.string(),
  vertical: z.string(),
  currency: currencySchema,
  geos: z.array(z.string()),
  description: z.string(),
  tracking_url: z.string().nullable(),
  preview_url: z.string().nullable(),
  goals: z.array(
    goalSchema.omit({ payout: true, payout_percent: true }).extend({
      geo_rates: z.array(z.object({ geo: z.string(), revenue: z.number().int() })),
    }),
  ),
  figures: figuresSchema.pick({
    clicks: true,
    conversions: true,
    approved: true,
    user_sessions: true,
    revenue: true,
    cr: true,
  }),
  created_at: z.string(),
});
export type AdvertiserOffer = z.infer<typeof advertiserOfferSchema>;
