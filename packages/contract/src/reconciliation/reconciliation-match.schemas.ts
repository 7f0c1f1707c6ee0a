import { z } from 'zod';
import { refSchema } from '../http/list.ts';
import { pageQuerySchema } from '../http/paging.ts';
import { RECON_STATUSES, reconRowDataSchema } from './reconciliation.schemas.ts';

// How an import's rows were matched against our conversions (docs/decisions/057-reconciliation-matching.md).

export const RECON_BUCKETS = [
  'matched',
  'status_differs',
  'amount_differs',
  'currency_differs',
  'missing_here',
  'missing_there',
  'duplicate_in_file',
  'unknown_id',
  'outside_period',
] as const;
export type ReconBucket = (typeof RECON_BUCKETS)[number];

/** Minor units per currency code. */
const amountsSchema = z.record(z.string(), z.number().int());
const bucketSummarySchema = z.object({
  count: z.number().int(),
  theirs: amountsSchema,
  ours: amountsSchema,
  /** theirs − ours. */
  difference: amountsSchema,
});

/** Totals per currency; `difference` (theirs − ours) is always the sum of the buckets' differences. */
export const reconSummarySchema = z.object({
  file_rows: z.number().int(),
  our_conversions: z.number().int(),
  // An object of the nine keys rather than a record: the OpenAPI then names each bucket's properties.
  buckets: z.object(
    Object.fromEntries(RECON_BUCKETS.map((b) => [b, bucketSummarySchema])) as Record<
      ReconBucket,
      typeof bucketSummarySchema
    >,
  ),
  theirs: amountsSchema,
  ours: amountsSchema,
  difference: amountsSchema,
});
export type ReconSummary = z.infer<typeof reconSummarySchema>;

export const reconImportDetailSchema = z.object({
  uuid: z.uuid(),
  advertiser_uuid: z.uuid(),
  /** Named as in the list of imports (the company, else the person). */
  advertiser: refSchema,
  period_from: z.string(),
  period_to: z.string(),
  file_name: z.string(),
  state: z.enum(['parsed', 'classified']),
  created_by: refSchema.nullable(),
  created_at: z.string(),
  /** Null until the rows are classified. */
  summary: reconSummarySchema.nullable(),
  /** Rows applied so far, per bucket (buckets without any are left out). */
  applied: z.partialRecord(z.enum(RECON_BUCKETS), z.number().int()),
});

export const reconRowsQuerySchema = pageQuerySchema.extend({ bucket: z.enum(RECON_BUCKETS).optional() });

/** A file row (`line`, `data`) or one of our conversions missing from the file (`line` and `data` null). */
export const reconClassifiedRowSchema = z.object({
  uuid: z.uuid(),
  line: z.number().int().nullable(),
  bucket: z.enum(RECON_BUCKETS).nullable(),
  data: reconRowDataSchema.nullable(),
  conversion_uuid: z.uuid().nullable(),
  our_status: z.enum(RECON_STATUSES).nullable(),
  /** The conversion's revenue (what the advertiser pays), minor units. */
  our_amount: z.number().int().nullable(),
  our_currency: z.string().nullable(),
  applied_at: z.string().nullable(),
  /**
   * What applying the row did, null until applied: our conversion changed (its status and revenue now), one made
   * from the row, an adjustment for the affiliate's next invoice (the conversion is in a live invoice), or nothing
   * (the conversion already agreed, or keeps a status set for traffic quality).
   */
  applied: z
    .object({
      kind: z.enum(['changed', 'created', 'adjustment', 'unchanged']),
      conversion_uuid: z.uuid().nullable(),
      status: z.enum(RECON_STATUSES).nullable(),
      amount: z.number().int().nullable(),
      /** The payout difference added to the affiliate's next invoice, minor units. */
      adjustment: z.number().int().nullable(),
    })
    .nullable(),
});
