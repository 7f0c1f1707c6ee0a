import { z } from 'zod';
import { fraudOfferSettingsSchema, fraudSettingsSchema } from './fraud.schemas.ts';

/**
 * The body of `PUT /api/fraud/v1/settings`: every field may be left out and keeps its stored value, down to one weight,
 * threshold or action (docs/product/fraud.md). The merged whole is checked against fraudSettingsSchema, so a minimum
 * above a stored maximum is refused as well as one above a maximum sent with it.
 */
export const fraudSettingsUpdateSchema = fraudOfferSettingsSchema.extend({
  allowed_affiliate_ids: fraudSettingsSchema.shape.allowed_affiliate_ids.optional(),
  affiliates_see_reasons: fraudSettingsSchema.shape.affiliates_see_reasons.optional(),
});
export type FraudSettingsUpdate = z.infer<typeof fraudSettingsUpdateSchema>;
