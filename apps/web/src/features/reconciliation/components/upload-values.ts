import { z } from 'zod';
import type { Option } from '@pxl/contract/constants/options';
import {
  RECON_DATE_FORMATS,
  RECON_FILE_MAX_BYTES,
  reconMappingSchema,
  reconPreviewFieldsSchema,
  reconUploadFieldsSchema,
  type ReconCellError,
  type ReconField,
  type ReconMapping,
  type ReconStatus,
  type reconPreviewSchema,
} from '@pxl/contract/reconciliation/index';

// The upload form's state and the pure rules of its mapping editor and preview (docs/product/reconciliation.md).

export type ReportPreview = z.infer<typeof reconPreviewSchema>;

export type UploadValues = {
  advertiser_uuid: string | null;
  period_from: string;
  period_to: string;
  file: File | null;
  /** The mapping in the editor: null until a preview brings the saved or guessed one. */
  mapping: ReconMapping | null;
};

export const FIELD_LABELS: Record<ReconField, string> = {
  click_id: 'Click ID',
  lead_id: 'Lead ID',
  txid: 'Transaction ID',
  status: 'Status',
  amount: 'Amount',
  currency: 'Currency',
  date: 'Date',
};

/** The order the editor asks for their status words in. */
export const STATUS_WORDS_ORDER = ['approved', 'pending', 'rejected', 'hold'] as const satisfies readonly ReconStatus[];
export const STATUS_LABELS: Record<ReconStatus, string> = {
  approved: 'Approved',
  pending: 'Pending',
  rejected: 'Rejected',
  hold: 'Hold',
};

/** The select's value for a field the file does not have (a Select cannot hold null as an option). */
export const NOT_IN_FILE = '__none__';

export const DATE_FORMAT_OPTIONS: Option[] = RECON_DATE_FORMATS.map((f) => ({
  value: f,
  label: f === 'auto' ? 'Auto: YYYY-MM-DD or DD.MM.YYYY' : f,
}));
export const DECIMAL_OPTIONS: Option[] = [
  { value: 'point', label: 'Point: 1,234.56' },
  { value: 'comma', label: 'Comma: 1.234,56' },
];

export const MAPPING_SOURCE_TEXT: Record<ReportPreview['mapping_source'], string> = {
  request: 'your mapping',
  saved: "the advertiser's saved mapping",
  guess: 'guessed from the column names: check it',
};

export const MAX_MB = RECON_FILE_MAX_BYTES / 1024 / 1024;
export const TOO_BIG = `The file is larger than ${MAX_MB} MB, the upload limit: split it by period`;

/**
 * The choices for one field: "Not in the file", then the file's header columns. A mapped column the file lacks
 * (a saved mapping from another file) stays listed, marked, so the select shows what the mapping says.
 */
export function columnOptions(header: readonly string[], current: string | null): Option[] {
  const options: Option[] = [{ value: NOT_IN_FILE, label: 'Not in the file' }];
  for (const name of new Set(header)) options.push({ value: name, label: name });
  if (current !== null && !header.includes(current)) {
    options.push({ value: current, label: `${current} (not in this file)` });
  }
  return options;
}

export const columnValue = (mapping: ReconMapping, field: ReconField): string => mapping.columns[field] ?? NOT_IN_FILE;

export const setColumn = (mapping: ReconMapping, field: ReconField, value: string | null): ReconMapping => ({
  ...mapping,
  columns: { ...mapping.columns, [field]: !value || value === NOT_IN_FILE ? null : value },
});

/** Their words for one of our statuses; blanks and repeats (compared without case, as the server does) dropped. */
export function setStatusWords(mapping: ReconMapping, status: ReconStatus, words: readonly string[]): ReconMapping {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const word of words.map((w) => w.trim())) {
    if (!word || seen.has(word.toLowerCase())) continue;
    seen.add(word.toLowerCase());
    kept.push(word);
  }
  return { ...mapping, statuses: { ...mapping.statuses, [status]: kept } };
}

/** An error as its cell shows it: without the "Row 3, column Amount: " the cell's place already says. */
export const cellMessage = (e: ReconCellError): string => {
  const at = e.column ? `Row ${e.line}, column ${e.column}: ` : `Row ${e.line}: `;
  return e.message.startsWith(at) ? e.message.slice(at.length) : e.message;
};

/**
 * Each shown field's error in one preview row, for its cell (the first if several); an error of a field not shown
 * (a row with no id at all is laid on the click id) goes to the row's own cell.
 */
export function cellErrors(
  errors: readonly ReconCellError[],
  shownFields: readonly ReconField[],
): { cells: Partial<Record<ReconField, string>>; row: string[] } {
  const cells: Partial<Record<ReconField, string>> = {};
  const row: string[] = [];
  for (const e of errors) {
    if (!shownFields.includes(e.field)) row.push(e.message);
    else cells[e.field] ??= cellMessage(e);
  }
  return { cells, row };
}

/** The fields the preview shows: the mapped ones, in the editor's order. */
export const mappedFields = (mapping: ReconMapping): ReconField[] =>
  (Object.keys(FIELD_LABELS) as ReconField[]).filter((f) => mapping.columns[f] !== null);

/** "CSV · UTF-8 · separator ;" and the like: how the server read the file. */
export function readAs(p: Pick<ReportPreview, 'format' | 'encoding' | 'separator'>): string {
  const separator = p.separator === '\t' ? 'tab' : p.separator;
  return [p.format.toUpperCase(), p.encoding, separator && `separator ${separator}`].filter(Boolean).join(' · ');
}

const fileSchema = z
  .custom<File>((v) => typeof File !== 'undefined' && v instanceof File, { message: 'Choose a CSV or XLSX file' })
  .refine((f) => f.size <= RECON_FILE_MAX_BYTES, { message: TOO_BIG });
const withFile = z.object({ file: fileSchema, mapping: reconMappingSchema.nullable() });

/** What a preview checks before it is sent: the advertiser and the file (the period is the upload's). */
export const previewFormSchema = withFile.and(reconPreviewFieldsSchema);
/** What an upload checks before it is sent: the preview's fields and a period that does not end before it starts. */
export const uploadFormSchema = withFile.and(reconUploadFieldsSchema);
