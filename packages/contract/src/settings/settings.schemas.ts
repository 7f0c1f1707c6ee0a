import { z } from 'zod';

import { CURRENCIES } from '../constants/constants.data.ts';

export const currencySchema = z.enum(CURRENCIES);

const timeZoneSchema = z.string().refine((tz) => {
  try { new Intl.DateTimeFormat('en', { timeZone: tz }); return true; } catch { return false; }
}, { message: 'Unknown time zone' });

export const generalSettingsSchema = z.object({
  partner_title: z.string().trim().min(1, { message: 'Partner title is required' }).max(60),
  time_zone: timeZoneSchema,
  currency: currencySchema,
});
export type GeneralSettings = z.infer<typeof generalSettingsSchema>;

/** What any visitor may know before signing in: the tab title needs it on /login. */
export const publicSettingsSchema = generalSettingsSchema.pick({ partner_title: true, time_zone: true, currency: true });

export const DEFAULT_GENERAL_SETTINGS: GeneralSettings = { partner_title: 'PXL Panel', time_zone: 'UTC', currency: 'USD' };
