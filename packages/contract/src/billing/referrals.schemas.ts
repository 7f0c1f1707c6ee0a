import { z } from 'zod';
import { currencySchema } from '../settings/settings.schemas.ts';

export const referralSummarySchema = z.object({
  code: z.string(),
  /** Relative to the panel: /signup?ref=CODE. */
  link_path: z.string(),
  percent: z.number(),
  months: z.number().int(),
  /** Who signed up with the link: their ID (uuid) and day only, never contact details. */
  referred: z.array(z.object({ uuid: z.uuid(), joined_at: z.string() })),
  /** Per currency: accrued (not reversed) earnings, of which paid through invoices. */
  earnings: z.array(z.object({ currency: currencySchema, earned: z.number().int(), paid: z.number().int() })),
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;
