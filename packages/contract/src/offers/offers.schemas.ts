import { z } from 'zod';
import { DEVICES, GOALS, OSS, TRAFFIC_SOURCES, VERTICALS } from '../constants/constants.data.ts';
import { geoSchema } from '../affiliates/affiliates.schemas.ts';
import { dateTimeParamSchema, listQuerySchema, optionalText, refSchema } from '../http/list.ts';
import { minorAmountSchema } from '../http/numbers.ts';
import { currencySchema } from '../settings/settings.schemas.ts';
import { macroUrlSchema, optionalMacroUrlSchema } from '../format/url-macros.ts';
import { fraudOfferSettingsSchema } from '../fraud/fraud.schemas.ts';

const keysOf = <T extends Record<string, string>>(o: T) =>
  Object.keys(o) as [keyof T & string, ...(keyof T & string)[]];

export const OFFER_TYPES = ['direct_link', 'api'] as const;
export const OFFER_STATUSES = ['active', 'not_active', 'stopped', 'deleted'] as const;
export const OFFER_PRIVACIES = ['public', 'premoderation', 'private'] as const;
export const GOAL_PAYMENT_TYPES = ['cpa', 'revshare', 'mixed'] as const;
export const CAP_METRICS = ['clicks', 'leads', 'conversions'] as const;
export const CAP_PERIODS = ['day', 'week', 'month', 'total'] as const;

export const offerTypeSchema = z.enum(OFFER_TYPES);
export const offerStatusSchema = z.enum(OFFER_STATUSES);
export const offerPrivacySchema = z.enum(OFFER_PRIVACIES);
export const verticalSchema = z.enum(keysOf(VERTICALS), { message: 'Unknown vertical' });
export const goalKeySchema = z.enum(keysOf(GOALS), { message: 'Unknown goal' });
export const trafficSourceSchema = z.enum(keysOf(TRAFFIC_SOURCES), { message: 'Unknown traffic source' });
export type OfferType = z.infer<typeof offerTypeSchema>;
export type OfferStatus = z.infer<typeof offerStatusSchema>;
export type OfferPrivacy = z.infer<typeof offerPrivacySchema>;
export type GoalPaymentType = (typeof GOAL_PAYMENT_TYPES)[number];

const minor = minorAmountSchema;
/** RevShare share of revenue, in percent with two decimals at most. */
const percent = z
  .number()
  .min(0, { message: 'Cannot be negative' })
  .max(1000)
  .multipleOf(0.01, { message: 'At most two decimals' });
const isoTime = dateTimeParamSchema();
const uniqueList = <T extends z.ZodType<string>>(item: T, max: number, what: string) =>
  z
    .array(item)
    .max(max)
    .default([])
    .refine((l) => new Set(l).size === l.length, { message: `Each ${what} once` });

// ---- Primary section: saved first; the other sections unlock once the offer exists.

const primaryFields = {
  title: z.string().trim().min(1, { message: 'Title is required' }).max(200, { message: 'At most 200 characters' }),
  vertical: verticalSchema,
  privacy: offerPrivacySchema.default('public'),
  /** Direct-link offers name the advertiser; API offers reach advertisers through their products. */
  advertiser_uuid: z.uuid({ message: 'Choose an advertiser' }).nullable().default(null),
  currency: currencySchema.default('USD'),
  description: optionalText(20000),
  traffic_sources: uniqueList(trafficSourceSchema, 20, 'traffic source'),
  image_url: optionalMacroUrlSchema,
  /** Countries the offer takes; empty = every country. */
  geos: uniqueList(geoSchema, 300, 'country'),
  starts_at: isoTime.nullable().default(null),
  stops_at: isoTime.nullable().default(null),
  notes: optionalText(5000),
  tracking_url: optionalMacroUrlSchema,
  preview_url: optionalMacroUrlSchema,
  trafficback_url: optionalMacroUrlSchema,
  /**
   * The offer's own traffic-quality values over the network's (docs/product/fraud.md); null: the network's. Left
   * out of an edit, the stored values stay.
   */
  fraud_settings: fraudOfferSettingsSchema.nullable().optional(),
};

type PrimaryShape = {
  type?: OfferType;
  advertiser_uuid: string | null;
  tracking_url: string | null;
  starts_at: string | null;
  stops_at: string | null;
};
const primaryRules = (v: PrimaryShape, ctx: z.RefinementCtx, type: OfferType | undefined) => {
  if (v.starts_at && v.stops_at && Date.parse(v.stops_at) <= Date.parse(v.starts_at)) {
    ctx.addIssue({ code: 'custom', path: ['stops_at'], message: 'Stop date must be after the start date' });
  }
  if (type === 'direct_link') {
    if (!v.advertiser_uuid)
      ctx.addIssue({ code: 'custom', path: ['advertiser_uuid'], message: 'Choose an advertiser' });
    if (!v.tracking_url) ctx.addIssue({ code: 'custom', path: ['tracking_url'], message: 'Tracking URL is required' });
  }
};

export const offerCreateSchema = z
  .object({ type: offerTypeSchema, ...primaryFields })
  .superRefine((v, ctx) => primaryRules(v, ctx, v.type));
/** The type never changes: the server applies the direct-link rules from the stored offer. */
export const offerUpdateSchema = z.object(primaryFields).superRefine((v, ctx) => primaryRules(v, ctx, undefined));
export { macroUrlSchema };

// ---- Goals and payouts (docs/product/offers.md)

const rateFields = { revenue: minor, payout: minor, payout_percent: percent.default(0) };
export const geoRateSchema = z.object({ geo: geoSchema, ...rateFields });
export const goalInputSchema = z.object({
  goal: goalKeySchema,
  payment_type: z.enum(GOAL_PAYMENT_TYPES).default('cpa'),
  ...rateFields,
  geo_rates: z.array(geoRateSchema).max(300).default([]),
});
export const payoutOverrideInputSchema = z.object({
  affiliate_uuid: z.uuid({ message: 'Choose an affiliate' }),
  goal: goalKeySchema,
  geo: geoSchema.nullable().default(null),
  payout: minor,
  payout_percent: percent.default(0),
});
export type GoalInput = z.output<typeof goalInputSchema>;

type Rate = { revenue: number; payout: number; payout_percent: number };
/** What the affiliate earns on a conversion worth `revenue`, by payment type. */
export const payoutFor = (
  type: GoalPaymentType,
  rate: Pick<Rate, 'payout' | 'payout_percent'>,
  revenue: number,
): number => {
  const share = Math.round((revenue * rate.payout_percent) / 100);
  if (type === 'revshare') return share;
  if (type === 'mixed') return rate.payout + share;
  return rate.payout;
};
/** A share above 100% pays more than any revenue, also when the form holds no nominal revenue (0). */
const overRevenue = (type: GoalPaymentType, r: Rate) =>
  payoutFor(type, r, r.revenue) > r.revenue || (type !== 'cpa' && r.payout_percent > 100);
export const PAYOUT_OVER_REVENUE = 'Payout is higher than revenue: confirm to save anyway';

export const offerGoalsInputSchema = z
  .object({
    hold_days: z.number().int().min(0).max(365).default(0),
    goals: z.array(goalInputSchema).min(1, { message: 'Add at least one goal' }).max(10),
    overrides: z.array(payoutOverrideInputSchema).max(1000).default([]),
    /** Payout above revenue is refused unless the form confirms it. */
    confirm_payout_over_revenue: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.goals.forEach((g, i) => {
      if (seen.has(g.goal)) ctx.addIssue({ code: 'custom', path: ['goals', i, 'goal'], message: 'Each goal once' });
      seen.add(g.goal);
      const geos = new Set<string>();
      g.geo_rates.forEach((r, j) => {
        if (geos.has(r.geo))
          ctx.addIssue({ code: 'custom', path: ['goals', i, 'geo_rates', j, 'geo'], message: 'One rate per country' });
        geos.add(r.geo);
        if (!v.confirm_payout_over_revenue && overRevenue(g.payment_type, r)) {
          ctx.addIssue({ code: 'custom', path: ['goals', i, 'geo_rates', j, 'payout'], message: PAYOUT_OVER_REVENUE });
        }
      });
      if (!v.confirm_payout_over_revenue && overRevenue(g.payment_type, g)) {
        ctx.addIssue({ code: 'custom', path: ['goals', i, 'payout'], message: PAYOUT_OVER_REVENUE });
      }
    });
    const keys = new Set<string>();
    v.overrides.forEach((o, i) => {
      const goal = v.goals.find((g) => g.goal === o.goal);
      if (!goal) {
        ctx.addIssue({ code: 'custom', path: ['overrides', i, 'goal'], message: 'The offer has no such goal' });
        return;
      }
      const key = `${o.affiliate_uuid}|${o.goal}|${o.geo ?? ''}`;
      if (keys.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['overrides', i, 'affiliate_uuid'],
          message: 'One override per affiliate, goal and country',
        });
      keys.add(key);
      const revenue = goal.geo_rates.find((r) => r.geo === o.geo)?.revenue ?? goal.revenue;
      if (!v.confirm_payout_over_revenue && overRevenue(goal.payment_type, { ...o, revenue })) {
        ctx.addIssue({ code: 'custom', path: ['overrides', i, 'payout'], message: PAYOUT_OVER_REVENUE });
      }
    });
  });

export const goalSchema = z.object({
  goal: goalKeySchema,
  payment_type: z.enum(GOAL_PAYMENT_TYPES),
  revenue: z.number().int(),
  payout: z.number().int(),
  payout_percent: z.number(),
  geo_rates: z.array(
    z.object({ geo: z.string(), revenue: z.number().int(), payout: z.number().int(), payout_percent: z.number() }),
  ),
});
export type Goal = z.infer<typeof goalSchema>;
export const payoutOverrideSchema = z.object({
  affiliate: refSchema,
  goal: goalKeySchema,
  geo: z.string().nullable(),
  payout: z.number().int(),
  payout_percent: z.number(),
});

// ---- Caps

export const capInputSchema = z.object({
  metric: z.enum(CAP_METRICS),
  period: z.enum(CAP_PERIODS),
  limit: z.number().int().min(1, { message: 'At least 1' }).max(1_000_000_000),
  /** Each set field narrows what the cap counts: one country, device, OS or affiliate. */
  geo: geoSchema.nullable().default(null),
  device: z.enum(DEVICES).nullable().default(null),
  os: z.enum(OSS).nullable().default(null),
  affiliate_uuid: z.uuid().nullable().default(null),
});
export const offerCapsInputSchema = z.object({ caps: z.array(capInputSchema).max(50) });
export const capSchema = z.object({
  uuid: z.uuid(),
  metric: z.enum(CAP_METRICS),
  period: z.enum(CAP_PERIODS),
  limit: z.number().int(),
  geo: z.string().nullable(),
  device: z.string().nullable(),
  os: z.string().nullable(),
  affiliate: refSchema.nullable(),
  /** Counted now in the current period (partner time zone). */
  fill: z.number().int(),
});
export type Cap = z.infer<typeof capSchema>;

// ---- Targeting, trusted affiliates, landings

export const offerTargetingInputSchema = z.object({
  devices: uniqueList(z.enum(DEVICES), DEVICES.length, 'device'),
  oss: uniqueList(z.enum(OSS), OSS.length, 'OS'),
});
export const offerTrustedInputSchema = z.object({ affiliate_uuids: uniqueList(z.uuid(), 5000, 'affiliate') });
/** The Traffic quality section: the offer's own fraud values, null for the network's. */
export const offerFraudInputSchema = z.object({ fraud_settings: fraudOfferSettingsSchema.nullable() });
export const offerLandingsInputSchema = z.object({ landing_uuids: uniqueList(z.uuid(), 200, 'landing') });

// ---- Products of an API offer (the routing engine that uses them comes with lead distribution)

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, { message: 'Use HH:MM' });
export const workingHoursSchema = z.object({
  time_zone: z.string().refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'Unknown time zone' },
  ),
  /** ISO weekdays, 1 = Monday. */
  days: z
    .array(
      z
        .object({ day: z.number().int().min(1).max(7), from: hhmm, to: hhmm })
        .refine((d) => d.from < d.to, { message: 'End after start', path: ['to'] }),
    )
    .max(21),
});
const capCount = z.number().int().min(1).max(1_000_000_000).nullable().default(null);
export const productCapsSchema = z.object({
  daily: capCount,
  total: capCount,
  per_geo: z
    .array(z.object({ geo: geoSchema, daily: capCount, total: capCount }))
    .max(300)
    .default([]),
});
export const offerProductInputSchema = z.object({
  product_uuid: z.uuid({ message: 'Choose a product' }),
  /** Lower goes first. */
  priority: z.number().int().min(0).max(1000).default(1),
  /** Share among products of equal priority. */
  weight: z.number().int().min(1).max(1000).default(100),
  geos: uniqueList(geoSchema, 300, 'country'),
  caps: productCapsSchema.default({ daily: null, total: null, per_geo: [] }),
  working_hours: workingHoursSchema.nullable().default(null),
  payout_override: minor.nullable().default(null),
});
export const offerProductsInputSchema = z.object({
  products: z
    .array(offerProductInputSchema)
    .max(100)
    .refine((l) => new Set(l.map((p) => p.product_uuid)).size === l.length, { message: 'Each product once' }),
});
export type OfferProductInput = z.output<typeof offerProductInputSchema>;
export const offerProductSchema = z.object({
  product: z.object({
    uuid: z.uuid(),
    name: z.string(),
    status: z.string(),
    tested_at: z.string().nullable(),
    integration_type: z.string(),
  }),
  advertiser: refSchema,
  priority: z.number().int(),
  weight: z.number().int(),
  geos: z.array(z.string()),
  caps: z.object({
    daily: z.number().int().nullable(),
    total: z.number().int().nullable(),
    per_geo: z.array(
      z.object({ geo: z.string(), daily: z.number().int().nullable(), total: z.number().int().nullable() }),
    ),
  }),
  working_hours: z
    .object({
      time_zone: z.string(),
      days: z.array(z.object({ day: z.number().int(), from: z.string(), to: z.string() })),
    })
    .nullable(),
  payout_override: z.number().int().nullable(),
});

// ---- What staff read

export const landingRefSchema = z.object({
  uuid: z.uuid(),
  id: z.number().int(),
  name: z.string(),
  type: z.enum(['landing', 'prelanding']),
  status: z.string(),
  url: z.string(),
  preview_url: z.string().nullable(),
  privacy: z.string(),
});
export type LandingRef = z.infer<typeof landingRefSchema>;

export const figuresSchema = z.object({
  clicks: z.number().int(),
  conversions: z.number().int(),
  approved: z.number().int(),
  user_sessions: z.number().int(),
  payout: z.number().int(),
  revenue: z.number().int(),
  /** Payout per click in minor units; ratios in percent. */
  epc: z.number(),
  cr: z.number(),
  cr_customer: z.number(),
  cr_conversion: z.number(),
});
export type Figures = z.infer<typeof figuresSchema>;

export const offerSchema = z.object({
  uuid: z.uuid(),
  /** The short public number used in tracking links and the affiliate portal. */
  id: z.number().int(),
  type: offerTypeSchema,
  status: offerStatusSchema,
  title: z.string(),
  vertical: z.string(),
  privacy: offerPrivacySchema,
  advertiser: refSchema.nullable(),
  currency: currencySchema,
  description: z.string(),
  traffic_sources: z.array(z.string()),
  image_url: z.string().nullable(),
  geos: z.array(z.string()),
  starts_at: z.string().nullable(),
  stops_at: z.string().nullable(),
  tracking_url: z.string().nullable(),
  preview_url: z.string().nullable(),
  trafficback_url: z.string().nullable(),
  goals: z.array(goalSchema),
  hold_days: z.number().int(),
  caps: z.array(capSchema),
  access_requests_pending: z.number().int(),
  created_at: z.string(),
});
export type Offer = z.infer<typeof offerSchema>;

export const offerDetailSchema = offerSchema.extend({
  notes: z.string(),
  devices: z.array(z.string()),
  oss: z.array(z.string()),
  overrides: z.array(payoutOverrideSchema),
  trusted: z.array(refSchema),
  landings: z.array(landingRefSchema),
  products: z.array(offerProductSchema),
  figures: figuresSchema,
  /** Staff only, like the whole detail: the offer's own fraud values, null for the network's. */
  fraud_settings: fraudOfferSettingsSchema.nullable(),
  /** False when the caller may read but not change the offer. */
  editable: z.boolean(),
});
export type OfferDetail = z.infer<typeof offerDetailSchema>;

export const OFFER_SORTS = ['created_at', 'id', 'title', 'status'] as const;
export const offerListQuerySchema = listQuerySchema(OFFER_SORTS).extend({
  status: offerStatusSchema.optional(),
  type: offerTypeSchema.optional(),
  privacy: offerPrivacySchema.optional(),
  vertical: verticalSchema.optional(),
  advertiser_uuid: z.uuid().optional(),
  geo: geoSchema.optional(),
});
export const offerStatusChangeSchema = z.object({ status: offerStatusSchema });
