import { z } from 'zod';
import type { Role } from '../access/roles.ts';
import { isValidTimeZone } from '../constants/time-zones.ts';
import { dateParamSchema } from '../http/list.ts';
import { pageQuerySchema } from '../http/paging.ts';
import { CONVERSION_STATUSES, conversionQualitySchema, conversionSchema } from '../conversions/conversions.schemas.ts';
import { outboundPostbackSchema } from '../postbacks/postbacks.schemas.ts';
import { fraudReasonsSchema, fraudScoreSchema, fraudSignalCodeSchema } from '../fraud/fraud.schemas.ts';

// Statistics (docs/product/statistics.md). Money is a map currency → minor units: offers pay in their own currency and
// amounts of different currencies are never added together.

export const STAT_KINDS = ['direct_link', 'api'] as const;
export const statKindSchema = z.enum(STAT_KINDS);
export type StatKind = z.infer<typeof statKindSchema>;

export const STAT_DIMENSIONS = [
  'day',
  'hour',
  'offer',
  'affiliate',
  'advertiser',
  'product',
  'landing',
  'geo',
  'device',
  'os',
  'sub1',
  'sub2',
  'sub3',
  'sub4',
  'sub5',
  'manager',
] as const;
export const statDimensionSchema = z.enum(STAT_DIMENSIONS);
export type StatDimension = z.infer<typeof statDimensionSchema>;
/** Dimensions an affiliate may not group or filter by (they never see advertisers or products). */
export const AFFILIATE_HIDDEN_DIMENSIONS: readonly StatDimension[] = ['advertiser', 'product', 'manager'];
/** Advertisers see their own offers only; affiliates by ID. */
export const ADVERTISER_HIDDEN_DIMENSIONS: readonly StatDimension[] = ['advertiser', 'manager'];
/** The dimensions a role may neither group nor filter by; staff see them all. */
export const hiddenDimensionsFor = (role: Role): readonly StatDimension[] =>
  role === 'affiliate' ? AFFILIATE_HIDDEN_DIMENSIONS : role === 'advertiser' ? ADVERTISER_HIDDEN_DIMENSIONS : [];

/** A comma-separated query list (or repeated params) of at most `max` items. */
export const csvList = <T extends z.ZodType>(item: T, max = 50) =>
  z
    .preprocess(
      (v) =>
        typeof v === 'string'
          ? v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : v,
      z.array(item).max(max),
    )
    .optional();
const uuidList = csvList(z.uuid({ message: 'Not a valid ID' }));
const subText = z.string().trim().max(200).optional();

export const timeZoneParamSchema = z.string().refine(isValidTimeZone, { message: 'Unknown time zone' });

/** Filters of docs/product/statistics.md; lists are comma-separated in the query string. Dates are days in `tz`. */
export const statFiltersSchema = z.object({
  kind: statKindSchema.default('direct_link'),
  date_from: dateParamSchema.optional(),
  date_to: dateParamSchema.optional(),
  /** IANA zone; defaults to the partner settings' time zone. */
  tz: timeZoneParamSchema.optional(),
  offer: uuidList,
  affiliate: uuidList,
  advertiser: uuidList,
  product: uuidList,
  landing: uuidList,
  /** The affiliate's manager. */
  manager: uuidList,
  /** The advertiser's (account) manager. */
  account_manager: uuidList,
  geo: csvList(z.string().regex(/^[A-Z]{2}$/, { message: 'Use ISO country codes' }), 300),
  device: csvList(z.string().max(30)),
  os: csvList(z.string().max(30)),
  sub1: subText,
  sub2: subText,
  sub3: subText,
  sub4: subText,
  sub5: subText,
  /** Conversion status: counts and money of conversions in other statuses are left out. */
  status: csvList(z.enum(CONVERSION_STATUSES), 4),
});
export type StatFilters = z.infer<typeof statFiltersSchema>;

export const GENERAL_SORTS = [
  'key',
  'clicks',
  'unique_clicks',
  'conversions',
  'approved',
  'leads',
  'accepted',
  'ftd',
] as const;

export const generalQuerySchema = statFiltersSchema
  .extend({
    /** One or two dimensions, comma-separated, e.g. `day` or `offer,geo`. */
    group: z
      .preprocess(
        (v) =>
          typeof v === 'string'
            ? v
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean)
            : v,
        z
          .array(statDimensionSchema)
          .min(1, { message: 'Choose a grouping' })
          .max(2, { message: 'Group by at most two' })
          .refine((g) => new Set(g).size === g.length, { message: 'Choose two different groupings' }),
      )
      .default(['day']),
    /** Also return the totals of the period of the same length just before. */
    compare: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
    sort: z.enum(GENERAL_SORTS).default('key'),
    order: z.enum(['asc', 'desc']).default('asc'),
  })
  .extend(pageQuerySchema.shape);
export type GeneralQuery = z.infer<typeof generalQuerySchema>;

const money = z.record(z.string(), z.number().int());

/**
 * The figures of one row. Fields a role may not see are absent: affiliates never get revenue or profit,
 * advertisers never get payout, profit or EPC (docs/product/statistics.md).
 */
export const statMetricsSchema = z.object({
  clicks: z.number().int(),
  unique_clicks: z.number().int(),
  trafficback: z.number().int(),
  conversions: z.number().int(),
  approved: z.number().int(),
  pending: z.number().int(),
  rejected: z.number().int(),
  hold: z.number().int(),
  /** Conversions per unique click, in percent (two decimals); null without unique clicks. */
  cr: z.number().nullable(),
  /** Payout per click, per currency, in minor units (may be fractional). */
  epc: z.record(z.string(), z.number()).optional(),
  revenue: money.optional(),
  payout: money.optional(),
  profit: money.optional(),
  /** API offers: user sessions (leads), those a buyer accepted, first deposits, FTD per accepted lead in percent. */
  leads: z.number().int().optional(),
  accepted: z.number().int().optional(),
  ftd: z.number().int().optional(),
  cr_customer: z.number().nullable().optional(),
  /**
   * Staff only: clicks the fraud score flagged when they were scored, and their share of the row's clicks in
   * percent (two decimals; null without clicks). Partners never get them (docs/product/fraud.md).
   */
  fraud_clicks: z.number().int().optional(),
  fraud_rate: z.number().nullable().optional(),
});
export type StatMetrics = z.infer<typeof statMetricsSchema>;

/** One grouping value: `value` filters by it (uuid, ISO code, day, hour), `label` shows it. */
export const statKeySchema = z.object({ dimension: statDimensionSchema, value: z.string(), label: z.string() });
export type StatKey = z.infer<typeof statKeySchema>;

export const generalRowSchema = statMetricsSchema.extend({ keys: z.array(statKeySchema) });
export type GeneralRow = z.infer<typeof generalRowSchema>;

export const generalReportSchema = z.object({
  list: z.array(generalRowSchema),
  count: z.number().int().min(0),
  /** Over every row of the report, not only this page. */
  totals: statMetricsSchema,
  /** The period of the same length just before, when `compare=true`. */
  previous: z.object({ date_from: z.string(), date_to: z.string(), totals: statMetricsSchema }).nullable(),
  date_from: z.string(),
  date_to: z.string(),
  tz: z.string(),
  /** Which tables answered: `rollup` or `raw` (sub-ID groupings and filters, half-hour zones, status filters). */
  source: z.enum(['rollup', 'raw']),
});
export type GeneralReport = z.infer<typeof generalReportSchema>;

/** The chart: every metric per day (per hour when the range is one or two days), over the filtered period. */
export const chartQuerySchema = statFiltersSchema;
export const chartSchema = z.object({
  step: z.enum(['day', 'hour']),
  points: z.array(statMetricsSchema.extend({ at: z.string() })),
  tz: z.string(),
});
export type StatChart = z.infer<typeof chartSchema>;

// ---- Logs: paged by offset, but `count` stops at LOG_COUNT_LIMIT so a 10-million-row table never gets counted.

export const LOG_COUNT_LIMIT = 10_000;

const logQuery = statFiltersSchema
  .extend({
    search: z.string().trim().max(200).optional(),
    /** Staff only: rows scored at least this (docs/product/fraud.md); rows not scored yet are left out. */
    // An empty value (a cleared filter field) is no filter: coerced it would be 0 and drop the unscored rows.
    fraud_score_min: z
      .preprocess(
        (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
        z.coerce
          .number({ message: 'A score from 0 to 100' })
          .int({ message: 'A whole number' })
          .min(0, { message: 'At least 0' })
          .max(100, { message: 'At most 100' })
          .optional(),
      )
      .optional(),
  })
  .extend(pageQuerySchema.shape);

/** Search matches a click ID, IP or a sub exactly. */
export const clickLogQuerySchema = logQuery;
/** Search matches a click ID, conversion ID, IP, sub or lead email. */
export const conversionLogQuerySchema = logQuery;
/** Search matches a click ID, Lead ID (ours or an attempt's), email, IP or sub. */
export const sessionLogQuerySchema = logQuery.extend({
  lead_status: csvList(z.enum(['processing', 'accepted', 'failed', 'unknown']), 4),
});

const offerRef = z.object({ uuid: z.uuid(), id: z.number().int(), title: z.string() });
/** A partner as the caller may see them: advertisers see affiliates by ID only (name: the first 8 characters of the ID, email ''). */
const partnerRef = z.object({ uuid: z.uuid(), name: z.string(), email: z.string() });
const plainRef = z.object({ uuid: z.uuid(), name: z.string() });
const subs = {
  sub1: z.string().nullable(),
  sub2: z.string().nullable(),
  sub3: z.string().nullable(),
  sub4: z.string().nullable(),
  sub5: z.string().nullable(),
};

/**
 * The fraud verdict of a click, lead or conversion (docs/product/fraud.md): null until it is scored. Staff only in the
 * logs (partners' rows leave it out, so nobody tunes traffic against the score).
 */
const fraudVerdict = {
  fraud_score: fraudScoreSchema.nullable(),
  fraud_reasons: fraudReasonsSchema.nullable(),
};
const staffFraudVerdict = {
  fraud_score: fraudVerdict.fraud_score.optional(),
  fraud_reasons: fraudVerdict.fraud_reasons.optional(),
};

export const clickLogRowSchema = z.object({
  uuid: z.uuid(),
  created_at: z.string(),
  offer: offerRef,
  affiliate: partnerRef.nullable(),
  landing: plainRef.nullable(),
  ...subs,
  ip: z.string().nullable(),
  country: z.string().nullable(),
  device: z.string().nullable(),
  os: z.string().nullable(),
  browser: z.string().nullable(),
  referrer: z.string().nullable(),
  user_agent: z.string().nullable(),
  is_unique: z.boolean(),
  is_bot: z.boolean(),
  trafficback_reason: z.string().nullable(),
  ...staffFraudVerdict,
});
export type ClickLogRow = z.infer<typeof clickLogRowSchema>;

export const conversionLogRowSchema = z.object({
  uuid: z.uuid(),
  created_at: z.string(),
  click_id: z.string().nullable(),
  click_at: z.string().nullable(),
  lead_uuid: z.string().nullable(),
  /** API offers: the lead's email (staff only). */
  email: z.string().nullable(),
  offer: offerRef,
  affiliate: partnerRef,
  advertiser: plainRef.nullable().optional(),
  product: plainRef.nullable().optional(),
  goal: z.string(),
  flow: z.enum(['accepted', 'trafficback']),
  status: z.enum(CONVERSION_STATUSES),
  /** Held or rejected for traffic quality by a fraud action not released by staff (docs/product/fraud.md). */
  quality: conversionQualitySchema.nullable(),
  /** Affiliates, when the network lets them see reasons: what was seen, never a weight or score. */
  quality_reasons: z.array(z.object({ code: fraudSignalCodeSchema, detail: z.string() })).optional(),
  paid: z.boolean(),
  payout: z.number().int().optional(),
  revenue: z.number().int().optional(),
  currency: z.string(),
  country: z.string().nullable(),
  ...subs,
  is_test: z.boolean(),
  ...staffFraudVerdict,
});
export type ConversionLogRow = z.infer<typeof conversionLogRowSchema>;

export const sessionAttemptSchema = z.object({
  uuid: z.uuid(),
  at: z.string(),
  product: plainRef,
  position: z.number().int(),
  result: z.string(),
  duration_ms: z.number().int(),
  message: z.string(),
  /**
   * A send of a Cold API re-send of this lead (docs/product/cold-api.md): the new user session it belongs to and the
   * distribution that made it. Null for the lead's own sends.
   */
  resend: z
    .object({ session_uuid: z.uuid(), distribution: z.object({ uuid: z.uuid(), title: z.string() }).nullable() })
    .nullable()
    .optional(),
});
export const sessionStatusSchema = z.object({
  at: z.string(),
  from: z.string().nullable(),
  to: z.string(),
  raw: z.string(),
  is_ftd: z.boolean(),
  source: z.string(),
  backwards: z.boolean(),
});
export const sessionLogRowSchema = z.object({
  uuid: z.uuid(),
  created_at: z.string(),
  offer: offerRef,
  affiliate: partnerRef,
  product: plainRef.nullable().optional(),
  click_id: z.string().nullable(),
  email: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
  ip: z.string().nullable(),
  country: z.string().nullable(),
  ...subs,
  status: z.enum(['processing', 'accepted', 'failed', 'unknown']),
  reason: z.string().nullable(),
  call_status: z.string().nullable(),
  is_ftd: z.boolean(),
  ftd_at: z.string().nullable(),
  needs_review: z.boolean(),
  is_test: z.boolean(),
  /** Staff only: each send with its result, and the call statuses. */
  attempts: z.array(sessionAttemptSchema).optional(),
  history: z.array(sessionStatusSchema).optional(),
  ...staffFraudVerdict,
});
export type SessionLogRow = z.infer<typeof sessionLogRowSchema>;

export const logPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    count: z.number().int().min(0),
    total: z.record(z.string(), z.number()).optional(),
    /** True when more rows match than `count` says (it stops at LOG_COUNT_LIMIT). */
    count_capped: z.boolean(),
  });

/** One screen for both conversion details: the conversion with its history, its click, its lead and its postbacks. */
export const conversionDetailSchema = z.object({
  conversion: conversionSchema.extend({
    advertiser: plainRef.nullable(),
    product: plainRef.nullable(),
    offer_type: statKindSchema,
    is_test: z.boolean(),
    updated_at: z.string(),
    ...fraudVerdict,
  }),
  click: clickLogRowSchema.nullable(),
  lead: sessionLogRowSchema.nullable(),
  postbacks: z.array(outboundPostbackSchema),
});
export type ConversionDetail = z.infer<typeof conversionDetailSchema>;
