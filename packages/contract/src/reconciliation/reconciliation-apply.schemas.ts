import { z } from 'zod';
import { RECON_BUCKETS } from './reconciliation-match.schemas.ts';

// Applying what an import found to our conversions and invoices (docs/product/reconciliation.md, "Apply").

/**
 * The buckets whose rows can be applied: their status or amount onto our conversion, a conversion made from their
 * row (its click is ours), or ours rejected because their report does not have it. The others have nothing to apply.
 */
export const RECON_APPLICABLE_BUCKETS = [
  'status_differs',
  'amount_differs',
  'missing_here',
  'missing_there',
] as const satisfies readonly (typeof RECON_BUCKETS)[number][];
export type ReconApplicableBucket = (typeof RECON_APPLICABLE_BUCKETS)[number];

/** Rows picked one by one, whole buckets, or both; at least one of them. */
export const reconApplyBodySchema = z
  .object({
    row_uuids: z.array(z.uuid()).max(200_000).default([]),
    buckets: z.array(z.enum(RECON_APPLICABLE_BUCKETS)).default([]),
  })
  .refine((b) => b.row_uuids.length > 0 || b.buckets.length > 0, {
    message: 'Pick rows or buckets to apply',
    path: ['row_uuids'],
  });

export const reconApplyResultSchema = z.object({
  /** The uuid of this apply, or null when every picked row had been applied before (nothing changed). */
  apply_uuid: z.uuid().nullable(),
  /** Rows applied by this request. */
  applied: z.number().int(),
  /** Picked rows an earlier apply had already applied: left as they are. */
  already_applied: z.number().int(),
  /** Conversions whose status or amount changed. */
  conversions_changed: z.number().int(),
  /** Conversions made from rows missing here. */
  conversions_created: z.number().int(),
  /** Rows whose conversion is in a live invoice: an adjustment for the affiliate's next invoice instead. */
  adjustments: z.number().int(),
});
export type ReconApplyResult = z.infer<typeof reconApplyResultSchema>;

/** One apply of an import: who, when, what it did. */
export const reconApplySchema = reconApplyResultSchema.omit({ apply_uuid: true, already_applied: true }).extend({
  uuid: z.uuid(),
  created_at: z.string(),
  by: z.object({ uuid: z.uuid(), name: z.string() }).nullable(),
});

/**
 * Per import of the advertiser and currency: our total, theirs, the difference (theirs − ours) and the discrepancy
 * in percent of ours (|difference| ÷ ours × 100, one decimal; null when ours is 0).
 */
export const reconDiscrepancyPointSchema = z.object({
  import_uuid: z.uuid(),
  period_from: z.string(),
  period_to: z.string(),
  currency: z.string(),
  ours: z.number().int(),
  theirs: z.number().int(),
  difference: z.number().int(),
  discrepancy_percent: z.number().nullable(),
});
export const reconDiscrepancySchema = z.object({ items: z.array(reconDiscrepancyPointSchema) });
