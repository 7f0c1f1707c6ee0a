// CSV export rules of docs/product/screens-and-lists.md. Browser-safe: no Node APIs.
// Choices docs/product/screens-and-lists.md leaves open:
// - customMapper is an ordered map { columnKey: 'Header label' }; its key order is the column order.
// - Lines are joined with "\n" and no UTF-8 BOM is added.
// - Values starting with = + - @ tab or CR get a leading ' so spreadsheets do not run them as
//   formulas; plain numbers ("-12.5", or number values) are left alone since they cannot be formulas.
// - null/undefined → empty; Date → ISO string; objects → JSON.

export const CSV_ERROR_TEXT = {
  mapperRequired: 'customMapper is required and cannot be empty',
  filenameRequired: 'filename is required',
  noData: 'No data to export',
} as const;

export class CsvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CsvError';
  }
}

export type CsvRow = Record<string, unknown>;

export interface BuildCsvInput {
  rows: readonly CsvRow[] | null | undefined;
  /** Ordered map column key → header label. */
  customMapper: Readonly<Record<string, string>> | null | undefined;
  filename: string | null | undefined;
  /** When given, only these columns are exported, in customMapper order. */
  activeColumns?: readonly string[] | null;
}

export interface CsvFile {
  filename: string;
  content: string;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\n\r]/;

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) return `'${text}`;
  return text;
}

/** One CSV field: quoted, with inner quotes doubled, when it holds a comma, quote or newline. */
export function csvCell(value: unknown): string {
  const text = cellText(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvFilename(filename: string): string {
  const name = filename.trim();
  return /\.csv$/i.test(name) ? name : `${name}.csv`;
}

export function buildCsv({ rows, customMapper, filename, activeColumns }: BuildCsvInput): CsvFile {
  let columns = Object.keys(customMapper ?? {});
  if (activeColumns) columns = columns.filter((key) => activeColumns.includes(key));
  if (columns.length === 0) throw new CsvError(CSV_ERROR_TEXT.mapperRequired);
  if (!filename || !filename.trim()) throw new CsvError(CSV_ERROR_TEXT.filenameRequired);
  if (!rows || rows.length === 0) throw new CsvError(CSV_ERROR_TEXT.noData);

  const mapper = customMapper as Record<string, string>;
  const lines = [columns.map((key) => csvCell(mapper[key])).join(',')];
  for (const row of rows) lines.push(columns.map((key) => csvCell(row?.[key])).join(','));
  return { filename: csvFilename(filename), content: lines.join('\n') };
}
