import { z } from 'zod';
import { emailSchema } from '../auth/auth.schemas.ts';
import { GENDERS } from '../constants/constants.data.ts';
import { geoSchema } from '../affiliates/affiliates.schemas.ts';
import { dateParamSchema, dateTimeParamSchema } from '../http/list.ts';
import { MAX_PAGE, MAX_PAGE_MESSAGE } from '../http/paging.ts';
import { INT4_MAX, int4IdParamSchema, int4IdSchema } from '../http/numbers.ts';
import { ATTEMPT_RESULTS, leadCallStatusSchema } from './integration.schemas.ts';

// ---- Lead API for affiliates (docs/product/leads.md): POST /api/lead/v1/create, GET /api/lead/v1/statuses

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `At most ${max} characters` });
const optional = (max: number) =>
  text(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/** Digits with an optional leading +; checked against the country's calling code on the server (country_code_phone). */
export const leadPhoneSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s()-]/g, ''))
  .pipe(z.string().regex(/^\+?\d{7,15}$/, { message: 'Enter the phone in international format, e.g. +4915112345678' }));

export const leadCreateSchema = z.object({
  offer_id: z
    .number({ message: 'offer_id is required' })
    .int()
    .min(1, { message: 'offer_id is required' })
    .max(INT4_MAX, { message: 'Unknown offer_id' }),
  first_name: text(100).min(1, { message: 'first_name is required' }),
  last_name: text(100).min(1, { message: 'last_name is required' }),
  email: emailSchema,
  phone: leadPhoneSchema,
  country: geoSchema,
  ip: z.union([z.ipv4(), z.ipv6()], { message: "Enter the lead's IPv4 or IPv6 address" }),
  language: optional(10),
  password: optional(100),
  /** The landing the lead signed up on (its number); ties the lead to that landing's figures. */
  landing: int4IdSchema('Unknown landing').optional(),
  funnel: optional(200),
  /** Stored with the lead for the Cold API's gender filter; buyers do not get it. */
  gender: z
    .enum(Object.keys(GENDERS) as [keyof typeof GENDERS, ...(keyof typeof GENDERS)[]], {
      message: 'Use male, female or other',
    })
    .optional(),
  /** A click of this affiliate on this offer: the lead is tied to it. */
  click_id: z.uuid({ message: 'Unknown click_id' }).optional(),
  sub1: optional(200),
  sub2: optional(200),
  sub3: optional(200),
  sub4: optional(200),
  sub5: optional(200),
  /** A test lead is routed as usual but never counted in caps or money, and fires no postback. */
  test: z.boolean().default(false),
});
export type LeadCreateInput = z.input<typeof leadCreateSchema>;
export type LeadCreate = z.output<typeof leadCreateSchema>;

/**
 * Every refusal of the lead API names its reason in `error.reason` (and per-field messages for validation).
 * `no_product_available`, `cap_reached` and `fraud` keep the lead (status failed) and return its `lead_id`.
 */
export const LEAD_REFUSALS = {
  validation: 'Some fields are invalid',
  duplicate: 'The same email or phone was sent to this offer in the last 30 days',
  geo_not_allowed: 'The offer does not take leads from this country',
  no_product_available: 'No buyer can take this lead now (caps, working hours, geos or refusals)',
  cap_reached: "The offer's lead cap is reached",
  offer_not_active: 'The offer is not active',
  not_allowed: 'This offer is not open to you',
  idempotency_key_reused: 'This Idempotency-Key was used with a different request',
  rate_limited: 'Too many requests for this API key',
  fraud: 'The lead did not pass the traffic-quality check',
  /** An automation rule paused this affiliate on the offer (docs/product/automation.md, "Actions and undo"). */
  paused: 'This offer is paused for you',
} as const;
export type LeadRefusal = keyof typeof LEAD_REFUSALS;

/**
 * The HTTP status each refusal comes with (docs/product/leads.md, docs/decisions/010-lead-distribution.md): the reason
 * is what integrations read, the status what proxies see.
 */
export const REFUSAL_STATUS: Record<LeadRefusal, number> = {
  validation: 400,
  duplicate: 409,
  geo_not_allowed: 422,
  no_product_available: 422,
  cap_reached: 422,
  offer_not_active: 422,
  not_allowed: 403,
  idempotency_key_reused: 422,
  rate_limited: 429,
  fraud: 422,
  paused: 403,
};

export const LEAD_STATUSES = ['processing', 'accepted', 'failed', 'unknown'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** The answer: `accepted` with the buyer's autologin URL, or `unknown` while a timed-out buyer is being asked. */
export const leadCreateResultSchema = z.object({
  lead_id: z.uuid(),
  status: z.enum(LEAD_STATUSES),
  autologin_url: z.string().nullable(),
});
export type LeadCreateResult = z.infer<typeof leadCreateResultSchema>;

/** A lead refused for traffic quality, released by staff: where the waterfall took it now (docs/product/fraud.md). */
export const fraudReleaseResultSchema = z.object({
  lead_id: z.uuid(),
  status: z.enum(LEAD_STATUSES),
  /** Why it failed again (the offer's lead cap is full, or no buyer took it), else null. */
  reason: z.string().nullable(),
  /** That reason in words ("The offer's cap of 100 leads per day is reached"), else null. */
  reason_detail: z.string().nullable(),
});
export type FraudReleaseResult = z.infer<typeof fraudReleaseResultSchema>;

export const leadStatusesQuerySchema = z.object({
  /** ISO dates or date-times (UTC); by default the last 7 days. */
  from: dateTimeParamSchema().or(dateParamSchema).optional(),
  to: dateTimeParamSchema().or(dateParamSchema).optional(),
  offer_id: int4IdParamSchema('Unknown offer_id').optional(),
  /** Comma-separated lead ids. */
  lead_ids: z.string().max(4000).optional(),
  page: z.coerce.number().int().min(1).max(MAX_PAGE, { message: MAX_PAGE_MESSAGE }).default(1),
  count: z.coerce.number().int().min(1).max(500).default(100),
});
export const leadStatusSchema = z.object({
  lead_id: z.uuid(),
  offer_id: z.number().int(),
  status: z.enum(LEAD_STATUSES),
  call_status: leadCallStatusSchema.nullable(),
  is_ftd: z.boolean(),
  ftd_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  sub1: z.string().nullable(),
  sub2: z.string().nullable(),
  sub3: z.string().nullable(),
  sub4: z.string().nullable(),
  sub5: z.string().nullable(),
});
export const leadStatusesSchema = z.object({ list: z.array(leadStatusSchema), count: z.number().int() });

// ---- Settings › Test API › Integrations and › Offer (admin, head)

/** A test person; every field has a sensible default so "Send" works on an empty form. */
export const testLeadSchema = z.object({
  first_name: text(100).default('Test'),
  last_name: text(100).default('Lead'),
  email: emailSchema.optional(),
  phone: leadPhoneSchema.optional(),
  country: geoSchema.default('DE'),
  // A home broadband address: a test lead from a data centre would score datacenter_ip (docs/product/fraud.md).
  ip: z.union([z.ipv4(), z.ipv6()]).default('91.64.0.1'),
  language: optional(10),
  password: optional(100),
  funnel: optional(200),
  sub1: optional(200),
  sub2: optional(200),
});

const exchangeSchema = z.object({
  request: z.object({
    method: z.string(),
    url: z.string(),
    headers: z.record(z.string(), z.string()),
    body: z.string(),
  }),
  response: z.object({
    status_code: z.number().int().nullable(),
    body: z.string(),
    duration_ms: z.number().int(),
    error: z.string().nullable(),
  }),
});
/** What one call to a buyer was: the exact request with credentials masked, the answer, and how it was read. */
export const attemptViewSchema = exchangeSchema.extend({
  lead_id: z.uuid(),
  product: z.object({ uuid: z.uuid(), name: z.string() }),
  result: z.enum(ATTEMPT_RESULTS),
  external_id: z.string().nullable(),
  autologin_url: z.string().nullable(),
  message: z.string(),
});
export type AttemptView = z.infer<typeof attemptViewSchema>;

export const integrationTestSchema = z.object({
  product_uuid: z.uuid({ message: 'Choose a product' }),
  lead: testLeadSchema.prefault({}),
});
export const integrationTestResultSchema = z.object({
  ok: z.boolean(),
  attempt: attemptViewSchema,
  /** Set when this test succeeded: the product may now be used for routing. */
  tested_at: z.string().nullable(),
});

export const offerTestSchema = z.object({
  offer_id: z.number({ message: 'Choose an offer' }).int().min(1, { message: 'Choose an offer' }),
  affiliate_uuid: z.uuid({ message: 'Choose an affiliate' }),
  lead: testLeadSchema.prefault({}),
});
/** One step of the waterfall: a product skipped (and why) or sent to (with the exchange). */
export const routingStepSchema = z.object({
  product: z.object({ uuid: z.uuid(), name: z.string() }),
  priority: z.number().int(),
  result: z.enum([...ATTEMPT_RESULTS, 'skipped']),
  detail: z.string(),
  attempt: attemptViewSchema.nullable(),
});
export const offerTestResultSchema = z.object({
  lead_id: z.uuid().nullable(),
  status: z.enum(LEAD_STATUSES).nullable(),
  refusal: z.object({ reason: z.string(), message: z.string() }).nullable(),
  steps: z.array(routingStepSchema),
});
export type OfferTestResult = z.infer<typeof offerTestResultSchema>;
