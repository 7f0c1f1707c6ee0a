import { z } from 'zod';

import { GOALS } from '../constants/constants.data.ts';

// Traffic quality: the signals, their weights and thresholds, and the actions by score (docs/product/fraud.md).

export const FRAUD_SIGNAL_CODES = [
  'ctit_short',
  'ctit_long',
  'datacenter_ip',
  'bot_agent',
  'ip_velocity',
  'duplicate_contact',
  'geo_mismatch',
  'ip_mismatch',
] as const;
export type FraudSignalCode = (typeof FRAUD_SIGNAL_CODES)[number];
export const fraudSignalCodeSchema = z.enum(FRAUD_SIGNAL_CODES);

/** What each signal means, for the settings screen and the docs. */
export const FRAUD_SIGNAL_LABELS: Record<FraudSignalCode, string> = {
  ctit_short: 'Conversion too soon after the click',
  ctit_long: 'Conversion too long after the click',
  datacenter_ip: 'IP of a hosting or cloud network',
  bot_agent: 'Bot or headless browser',
  ip_velocity: 'Too many or too fast clicks from one IP',
  duplicate_contact: 'E-mail or phone already sent elsewhere',
  geo_mismatch: 'Countries disagree',
  ip_mismatch: "Lead IP differs from the click's",
};

/** A score is an integer 0–100; 0 means no reason was found. */
export const fraudScoreSchema = z.number().int().min(0).max(100);
const weightSchema = z
  .number({ message: 'Enter a weight' })
  .int({ message: 'A whole number' })
  .min(0, { message: 'At least 0' })
  .max(100, { message: 'At most 100' });

export const FRAUD_DETAIL_MAX = 300;
/** One reason of a verdict: which signal, how much it weighs and what was seen, in words. */
export const fraudReasonSchema = z.object({
  code: fraudSignalCodeSchema,
  weight: weightSchema,
  detail: z.string().max(FRAUD_DETAIL_MAX),
});
export type FraudReason = z.infer<typeof fraudReasonSchema>;
export const fraudReasonsSchema = z.array(fraudReasonSchema).max(FRAUD_SIGNAL_CODES.length);

/** Weight of each signal, 0–100; 0 turns the signal off. */
export const FRAUD_DEFAULT_WEIGHTS: Record<FraudSignalCode, number> = {
  ctit_short: 60,
  ctit_long: 25,
  datacenter_ip: 50,
  bot_agent: 80,
  ip_velocity: 50,
  duplicate_contact: 40,
  geo_mismatch: 30,
  ip_mismatch: 20,
};
const weightFields = Object.fromEntries(FRAUD_SIGNAL_CODES.map((c) => [c, weightSchema])) as Record<
  FraudSignalCode,
  typeof weightSchema
>;
export const fraudWeightsSchema = z.object(weightFields);
export type FraudWeights = z.infer<typeof fraudWeightsSchema>;

const count = (what: string, min: number, max: number) =>
  z
    .number({ message: `Enter ${what}` })
    .int({ message: 'A whole number' })
    .min(min, { message: `At least ${min}` })
    .max(max, { message: `At most ${max}` });

const goalKey = z.enum(Object.keys(GOALS) as [keyof typeof GOALS, ...(keyof typeof GOALS)[]]);

// Fields without defaults, so an offer's partial values never pick up a default that would hide the network's.
const thresholdFields = {
  /** A conversion of `ctit_goals` sooner than this after its click is `ctit_short` (injection). */
  ctit_min_seconds: count('a number of seconds', 0, 86_400),
  /** …and later than this is `ctit_long` (flooding). */
  ctit_max_seconds: count('a number of seconds', 60, 365 * 86_400),
  ctit_goals: z.array(goalKey).max(Object.keys(GOALS).length),
  /** Clicks from one IP on one offer in one minute above this are `ip_velocity`. */
  velocity_per_offer_minute: count('a number of clicks', 1, 100_000),
  /** …and on one affiliate (all its offers). */
  velocity_per_affiliate_minute: count('a number of clicks', 1, 100_000),
  /** Two clicks from one IP on one offer closer than this are faster than a person; 0 turns the rule off. */
  velocity_min_gap_ms: count('a number of milliseconds', 0, 60_000),
  /** A lead's e-mail or phone sent to another offer or buyer within these days is `duplicate_contact`. */
  duplicate_contact_days: count('a number of days', 1, 365),
};
export const fraudThresholdsSchema = z.object(thresholdFields).refine((t) => t.ctit_max_seconds > t.ctit_min_seconds, {
  path: ['ctit_max_seconds'],
  message: 'Longer than the minimum',
});
export type FraudThresholds = z.infer<typeof fraudThresholdsSchema>;
export const FRAUD_DEFAULT_THRESHOLDS: FraudThresholds = {
  ctit_min_seconds: 10,
  ctit_max_seconds: 30 * 86_400,
  ctit_goals: ['sale', 'ftd'],
  velocity_per_offer_minute: 30,
  velocity_per_affiliate_minute: 60,
  velocity_min_gap_ms: 300,
  duplicate_contact_days: 30,
};

const scoreAt = z
  .number({ message: 'Enter a score' })
  .int({ message: 'A whole number' })
  .min(1, { message: 'At least 1' })
  .max(100, { message: 'At most 100' })
  .nullable();

/** From which score each action is taken; null turns the action off. Below all of them nothing happens. */
const actionFields = {
  /** Marked as suspicious in the logs and statistics (the fraud % counts these). */
  flag_at: scoreAt,
  hold_conversion_at: scoreAt,
  reject_conversion_at: scoreAt,
  trafficback_click_at: scoreAt,
  refuse_lead_at: scoreAt,
};
export const fraudActionsSchema = z.object(actionFields);
/** The actions in the order the settings screen and an offer's Traffic quality section list them. */
export const FRAUD_ACTION_KEYS = Object.keys(actionFields) as (keyof typeof actionFields)[];
export type FraudActions = z.infer<typeof fraudActionsSchema>;
export const FRAUD_DEFAULT_ACTIONS: FraudActions = {
  flag_at: 50,
  hold_conversion_at: null,
  reject_conversion_at: null,
  trafficback_click_at: null,
  refuse_lead_at: null,
};

/** The network defaults of `/settings/fraud`. */
export const fraudSettingsSchema = z.object({
  weights: fraudWeightsSchema,
  thresholds: fraudThresholdsSchema,
  actions: fraudActionsSchema,
  /** Affiliates never acted on automatically (their traffic is still scored and shown). */
  allowed_affiliate_ids: z.array(z.uuid()).max(1000),
  /** Whether affiliates see the reasons of a held or rejected conversion, or only that it was for traffic quality. */
  affiliates_see_reasons: z.boolean(),
});
export type FraudSettings = z.infer<typeof fraudSettingsSchema>;

export const DEFAULT_FRAUD_SETTINGS: FraudSettings = {
  weights: FRAUD_DEFAULT_WEIGHTS,
  thresholds: FRAUD_DEFAULT_THRESHOLDS,
  actions: FRAUD_DEFAULT_ACTIONS,
  allowed_affiliate_ids: [],
  affiliates_see_reasons: false,
};

/** An offer's own values: any weight, threshold or action left out takes the network's. */
export const fraudOfferSettingsSchema = z.object({
  weights: fraudWeightsSchema.partial().optional(),
  thresholds: z.object(thresholdFields).partial().optional(),
  actions: fraudActionsSchema.partial().optional(),
});
export type FraudOfferSettings = z.infer<typeof fraudOfferSettingsSchema>;

/** Any part of the settings, down to one weight, threshold or action (a stored value, a PUT, an offer's own). */
export type FraudSettingsPatch = FraudOfferSettings & {
  allowed_affiliate_ids?: string[];
  affiliates_see_reasons?: boolean;
};

/**
 * `patch` over `base`, one level down too: a field, weight, threshold or action left out, or present as undefined,
 * keeps the value of `base`. The one overlay of the network's values, the stored ones and an offer's own.
 */
export function overlayFraudSettings(base: FraudSettings, patch: FraudSettingsPatch | null | undefined): FraudSettings {
  if (!patch) return base;
  return {
    ...base,
    ...given(patch),
    weights: { ...base.weights, ...given(patch.weights) },
    thresholds: { ...base.thresholds, ...given(patch.thresholds) },
    actions: { ...base.actions, ...given(patch.actions) },
  };
}

const given = <T extends object>(o: T | undefined) =>
  Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;

/** Network defaults overlaid with an offer's own values. */
export const resolveFraudSettings = (network: FraudSettings, offer?: FraudOfferSettings | null): FraudSettings =>
  overlayFraudSettings(network, offer);
