import { z } from 'zod';
import { dateParamSchema, refSchema } from '../http/list.ts';
import { pageQuerySchema } from '../http/paging.ts';

// The advertiser's report against ours (docs/product/reconciliation.md).

export const RECON_ROLES = ['admin', 'head', 'manager'] as const;

/** 20 MB: a 100,000-row report is about 10 MB as CSV, far less as XLSX. */
export const RECON_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const RECON_FILE_MAX_ROWS = 200_000;
export const RECON_PREVIEW_ROWS = 20;

/** What a report's columns may mean; at least one of the three ids must be mapped. */
export const RECON_FIELDS = ['click_id', 'lead_id', 'txid', 'status', 'amount', 'currency', 'date'] as const;
export type ReconField = (typeof RECON_FIELDS)[number];
export const RECON_ID_FIELDS = ['click_id', 'lead_id', 'txid'] as const satisfies readonly ReconField[];
export const RECON_STATUSES = ['pending', 'approved', 'rejected', 'hold'] as const;
export type ReconStatus = (typeof RECON_STATUSES)[number];
export const RECON_DATE_FORMATS = ['auto', 'YYYY-MM-DD', 'DD.MM.YYYY', 'DD/MM/YYYY', 'MM/DD/YYYY'] as const;
export type ReconDateFormat = (typeof RECON_DATE_FORMATS)[number];

const columnName = z.string().trim().min(1).max(200).nullable().default(null);
const statusWords = z.array(z.string().trim().min(1).max(100)).max(50).default([]);

/** Which file column is which field, how dates and amounts are written, and which of their status words mean what. */
export const reconMappingSchema = z.object({
  columns: z.object({
    click_id: columnName,
    lead_id: columnName,
    txid: columnName,
    status: columnName,
    amount: columnName,
    currency: columnName,
    date: columnName,
  }),
  date_format: z.enum(RECON_DATE_FORMATS).default('auto'),
  decimal: z.enum(['point', 'comma']).default('point'),
  statuses: z
    .object({ approved: statusWords, pending: statusWords, rejected: statusWords, hold: statusWords })
    .default({ approved: [], pending: [], rejected: [], hold: [] }),
});
export type ReconMapping = z.output<typeof reconMappingSchema>;

/** One data row of the file, normalised; `line` 1 is the first row under the header. */
export const reconRowDataSchema = z.object({
  line: z.number().int().min(1),
  click_id: z.string().nullable(),
  lead_id: z.string().nullable(),
  txid: z.string().nullable(),
  status: z.enum(RECON_STATUSES).nullable(),
  /** Integer minor units. */
  amount: z.number().int().nullable(),
  /** ISO 4217, upper case. */
  currency: z.string().nullable(),
  /** ISO 8601, UTC. */
  date: z.string().nullable(),
  raw: z.record(z.string(), z.string()),
});
export type ReconRowData = z.infer<typeof reconRowDataSchema>;

export const reconCellErrorSchema = z.object({
  line: z.number().int(),
  column: z.string(),
  field: z.enum(RECON_FIELDS),
  message: z.string(),
});
export type ReconCellError = z.infer<typeof reconCellErrorSchema>;

const formatSchema = z.enum(['csv', 'xlsx']);

export const reconPreviewSchema = z.object({
  file_name: z.string(),
  file_size: z.number().int(),
  format: formatSchema,
  /** The encoding the text was read in (null for XLSX, which is UTF-8 inside). */
  encoding: z.string().nullable(),
  /** The CSV separator found on the header line (null for XLSX). */
  separator: z.string().nullable(),
  header: z.array(z.string()),
  row_count: z.number().int(),
  mapping: reconMappingSchema,
  /** Where the mapping came from: the request, the advertiser's saved one, or a guess from the header. */
  mapping_source: z.enum(['request', 'saved', 'guess']),
  /** What keeps the mapping from being used (a mapped column missing from the header, no id mapped). */
  mapping_errors: z.array(z.string()),
  rows: z.array(z.object({ data: reconRowDataSchema, errors: z.array(reconCellErrorSchema) })),
});

export const reconImportCreatedSchema = z.object({
  uuid: z.uuid(),
  format: formatSchema,
  encoding: z.string().nullable(),
  separator: z.string().nullable(),
  row_count: z.number().int(),
});

export const reconImportRowSchema = z.object({
  uuid: z.uuid(),
  advertiser: refSchema,
  period_from: z.string(),
  period_to: z.string(),
  file_name: z.string(),
  file_size: z.number().int(),
  format: formatSchema,
  row_count: z.number().int(),
  state: z.enum(['parsed', 'classified']),
  created_by: refSchema.nullable(),
  created_at: z.string(),
});

export const reconImportListQuerySchema = pageQuerySchema.extend({ advertiser_uuid: z.uuid().optional() });

export const reconSavedMappingSchema = z.object({
  advertiser_uuid: z.uuid(),
  mapping: reconMappingSchema.nullable(),
  updated_by: refSchema.nullable(),
  updated_at: z.string().nullable(),
});

/** The form fields of an upload besides `file` and `mapping` (multipart/form-data; `mapping` is JSON text). */
export const reconPreviewFieldsSchema = z.object({ advertiser_uuid: z.uuid({ message: 'Choose an advertiser' }) });
export const reconUploadFieldsSchema = reconPreviewFieldsSchema
  .extend({ period_from: dateParamSchema, period_to: dateParamSchema })
  .refine((f) => f.period_from <= f.period_to, {
    path: ['period_to'],
    message: 'The period ends before it starts',
  });
