import { z } from 'zod';
import { refSchema } from '../http/list.ts';

export const CONVERSION_STATUSES = ['pending', 'approved', 'rejected', 'hold'] as const;
export const conversionStatusSchema = z.enum(CONVERSION_STATUSES);
export type ConversionStatusValue = z.infer<typeof conversionStatusSchema>;

export const conversionHistoryEntrySchema = z.object({
  from: conversionStatusSchema.nullable(),
  to: conversionStatusSchema,
  /** postback (the advertiser), staff, or hold (automatic approval after the hold days). */
  source: z.enum(['postback', 'staff', 'hold']),
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
