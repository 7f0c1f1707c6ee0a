import { z } from 'zod';
import { fraudOfferSettingsSchema, fraudSettingsSchema } from './fraud.schemas.ts';

/**
 * The body of `PUT /api/fraud/v1/settings`: every field may be left out and keeps its stored value, down to one weight,
 * threshold or action (docs/product/fraud.md). The merged whole is checked against fraudSettingsSchema, so a minimum
 * above a stored maximum is refused as well as one above a maximum sent with it.
 */
export const fraudSettingsUpdateSchema = fraudOfferSettingsSchema.extend({
  // Each affiliate once; the server checks each is an affiliate. Not on the stored value, so a list stored with a
  // repeat before this check still reads instead of failing the whole section back to the defaults.
  allowed_affiliate_ids: fraudSettingsSchema.shape.allowed_affiliate_ids
    .superRefine((ids, ctx) => {
      const i = ids.findIndex((id, n) => ids.indexOf(id) !== n);
      if (i >= 0) ctx.addIssue({ code: 'custom', path: [i], message: 'This affiliate is already in the list' });
    })
    .optional(),
  affiliates_see_reasons: fraudSettingsSchema.shape.affiliates_see_reasons.optional(),
});
export type FraudSettingsUpdate = z.infer<typeof fraudSettingsUpdateSchema>;
