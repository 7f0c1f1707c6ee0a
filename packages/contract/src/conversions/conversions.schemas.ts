import { z } from 'zod';
import { refSchema } from '../http/list.ts';

export const CONVERSION_STATUSES = ['pending', 'approved', 'rejected', 'hold'] as const;
export const conversionStatusSchema = z.enum(CONVERSION_STATUSES);
export type ConversionStatusValue = z.infer<typeof conversionStatusSchema>;

/** What an automatic fraud action did to a conversion (docs/product/fraud.md). */
export const conversionFraudActionSchema = z.enum(['hold', 'reject']);

export const conversionHistoryEntrySchema = z.object({
  from: conversionStatusSchema.nullable(),
  to: conversionStatusSchema,
  /**
   * postback (the advertiser or, for a deposit, the buyer), staff, hold (automatic approval after the hold days), or
   * fraud (held or rejected by score on arrival, docs/product/fraud.md), or automation (held on arrival by a rule's
   * hold action, docs/product/automation.md).
   */
  source: z.enum(['postback', 'staff', 'hold', 'fraud', 'reconciliation', 'automation']),
  actor: refSchema.nullable(),
  reason: z.string(),
  at: z.string(),
});

export const conversionSchema = z.object({
  uuid: z.uuid(),
  click_id: z.string().nullable(),
  offer: z.object({ uuid: z.uuid(), id: z.number().int(), title: z.string() }),
  affiliate: refSchema,
  goal: z.string(),
  status: conversionStatusSchema,
  flow: z.enum(['accepted', 'trafficback']),
  paid: z.boolean(),
  payout: z.number().int(),
  revenue: z.number().int(),
  currency: z.string(),
  country: z.string().nullable(),
  txid: z.string(),
  hold_until: z.string().nullable(),
  created_at: z.string(),
  /** Set while the status is the one an automatic fraud action gave it; staff may release it (fraud-override). */
  fraud_action: conversionFraudActionSchema.nullable(),
  history: z.array(conversionHistoryEntrySchema),
});
export type Conversion = z.infer<typeof conversionSchema>;

/** Staff actions approve, reject and hold carry a reason (docs/product/tracking.md); approving may leave it empty. */
export const conversionStatusChangeSchema = z
  .object({
    status: z.enum(['approved', 'rejected', 'hold', 'pending']),
    reason: z.string().trim().max(500, { message: 'At most 500 characters' }).default(''),
  })
  .refine((v) => v.status === 'approved' || v.reason.length > 0, { message: 'Give a reason', path: ['reason'] });

/** Staff release a conversion held or rejected by a fraud action: to pending (hold days apply) or approved. */
export const conversionFraudOverrideSchema = z.object({
  status: z.enum(['pending', 'approved']),
  note: z.string().trim().max(500, { message: 'At most 500 characters' }).default(''),
});

/** What an affiliate sees of a fraud action: the fact, never the score (docs/product/fraud.md). */
export const CONVERSION_QUALITY_TEXT = {
  held: 'Held for traffic quality',
  rejected: 'Rejected for traffic quality',
} as const;
export const conversionQualitySchema = z.enum(['held', 'rejected']);
export type ConversionQuality = z.infer<typeof conversionQualitySchema>;
