import { z } from 'zod';

import { CURRENCIES } from '../constants/constants.data.ts';

export const currencySchema = z.enum(CURRENCIES);

const timeZoneSchema = z.string().refine(
  (tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  },
  { message: 'Unknown time zone' },
);

/** Support contacts shown to partners; each is optional, an empty string means "not given". */
export const supportContactsSchema = z.object({
  support_email: z.union([z.literal(''), z.email({ message: 'Enter an e-mail address' }).max(254)]).default(''),
  support_telegram: z
    .string()
    .trim()
    .regex(/^(@?[A-Za-z][A-Za-z0-9_]{4,31})?$/, { message: 'A Telegram handle: 5–32 letters, digits or _' })
    .default(''),
  support_phone: z
    .string()
    .trim()
    .max(64)
    .regex(/^[\p{L}\p{N} +\-.()_:@]*$/u, { message: 'Letters, digits, spaces and + - . ( ) _ : @ only' })
    .default(''),
});
export type SupportContacts = z.infer<typeof supportContactsSchema>;

/** Days of raw clicks kept (docs/product/settings.md); rollups are kept forever. */
export const RAW_CLICKS_DAYS = { min: 7, max: 3650, default: 90 } as const;
/** The postback logs are kept as long as raw clicks, and never less than this (docs/decisions/030-partitions-and-retention.md). */
export const LOG_MIN_DAYS = 365;

export const generalSettingsSchema = z
  .object({
    partner_title: z.string().trim().min(1, { message: 'Partner title is required' }).max(60),
    time_zone: timeZoneSchema,
    currency: currencySchema,
    raw_clicks_days: z
      .number({ message: 'Enter a number of days' })
      .int({ message: 'Enter a whole number of days' })
      .min(RAW_CLICKS_DAYS.min, { message: `At least ${RAW_CLICKS_DAYS.min} days` })
      .max(RAW_CLICKS_DAYS.max, { message: `At most ${RAW_CLICKS_DAYS.max} days` })
      .default(RAW_CLICKS_DAYS.default),
  })
  .extend(supportContactsSchema.shape);
export type GeneralSettings = z.infer<typeof generalSettingsSchema>;

/** How far back raw data goes: days kept and the first day (UTC, YYYY-MM-DD) still held, for the logs screens. */
export const rawDataRetentionSchema = z.object({
  raw_clicks_days: z.number().int(),
  clicks_from: z.string().nullable(),
  logs_days: z.number().int(),
  logs_from: z.string().nullable(),
});
export type RawDataRetention = z.infer<typeof rawDataRetentionSchema>;

/**
 * What any visitor may know before signing in: the tab title and the logo on /login need it. `logo_version` is the
 * logo's ETag (null without a logo), so the address of the image changes when the logo does.
 */
export const publicSettingsSchema = generalSettingsSchema
  .pick({ partner_title: true, time_zone: true, currency: true })
  .extend({ logo_version: z.string().nullable() });

export const DEFAULT_GENERAL_SETTINGS: GeneralSettings = {
  partner_title: 'PXL Panel',
  time_zone: 'UTC',
  currency: 'USD',
  raw_clicks_days: RAW_CLICKS_DAYS.default,
  support_email: '',
  support_telegram: '',
  support_phone: '',
};

export const LOGO_MAX_BYTES = 512 * 1024;
export const logoInfoSchema = z.object({ mime: z.string(), size: z.number().int(), etag: z.string() });

export const REGISTRATION_MODES = ['open', 'approval', 'closed'] as const;
export const REGISTRATION_FIELDS = ['last_name', 'telegram', 'skype', 'website'] as const;
export const registrationSettingsSchema = z.object({
  /** open: new partners are active at once; approval: on moderation until a manager activates them; closed: no signup. */
  mode: z.enum(REGISTRATION_MODES),
  required_fields: z.array(z.enum(REGISTRATION_FIELDS)).default([]),
  terms_required: z.boolean(),
  allow_advertisers: z.boolean(),
});
export type RegistrationSettings = z.infer<typeof registrationSettingsSchema>;
export const DEFAULT_REGISTRATION_SETTINGS: RegistrationSettings = {
  mode: 'approval',
  required_fields: [],
  terms_required: true,
  allow_advertisers: true,
};

export const affiliateDefaultsSchema = z.object({
  default_manager_uuid: z.uuid().nullable(),
  hold_days: z.number().int().min(0).max(365),
  min_payout: z.object({ amount: z.number().int().min(0).max(1_000_000_000), currency: currencySchema }),
  /** A referrer earns this percent of a referred affiliate's approved payouts, for this many months after the signup. */
  referral_percent: z.number().int().min(0).max(50).default(5),
  referral_months: z.number().int().min(1).max(120).default(12),
});
export type AffiliateDefaults = z.infer<typeof affiliateDefaultsSchema>;
export const DEFAULT_AFFILIATE_DEFAULTS: AffiliateDefaults = {
  default_manager_uuid: null,
  hold_days: 7,
  min_payout: { amount: 10000, currency: 'USD' },
  referral_percent: 5,
  referral_months: 12,
};
