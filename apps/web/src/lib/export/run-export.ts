import { buildCsv, CsvError, type CsvFile } from '@pxl/contract/csv/build-csv';
import {
  EXPORT_FAILED,
  exportAllPages,
  exportResultMessage,
  exportTruncatedMessage,
  type ExportPage,
} from '@pxl/contract/csv/export-pages';
import { MAX_PAGE } from '@pxl/contract/http/paging';

/** What an export needs of a column: its key, CSV header and value. */
export type ExportColumn<Row> = { key: string; header: string; exportValue?: (row: Row) => unknown };

export type ExportInput<Row> = {
  filename: string;
  /** One page of the list with the current filters; called with pages of 100 (docs/product/api-and-errors.md). */
  fetchPage: (page: number, count: number) => Promise<ExportPage<Row>>;
  /** The visible (active) columns, in display order. */
  columns: readonly ExportColumn<Row>[];
  /** A last row after every page, as the screen shows one (a report's totals); read once the pages are in. */
  footerRow?: () => Row | undefined;
};

export type ExportOutcome =
  { ok: true; file: CsvFile; rows: number; failed: number; message: string | null } | { ok: false; message: string };

const defaultValue = (row: unknown, key: string): unknown => {
  const value = (row as Record<string, unknown> | null)?.[key];
  return Array.isArray(value) ? value.join(', ') : value;
};

/** customMapper of the active columns: column key → header, in display order. */
export const columnMapper = (columns: readonly ExportColumn<never>[]): Record<string, string> =>
  Object.fromEntries(columns.map((c) => [c.key, c.header]));

/** A row as the CSV sees it: each active column's export value under its key. */
export function exportRow<Row>(row: Row, columns: readonly ExportColumn<Row>[]): Record<string, unknown> {
  return Object.fromEntries(columns.map((c) => [c.key, c.exportValue ? c.exportValue(row) : defaultValue(row, c.key)]));
}

/**
 * The export (docs/product/screens-and-lists.md, docs/product/api-and-errors.md): pages of 100 one after another until a short page, only the
 * active columns, then the CSV. Never throws; the outcome carries the message to show.
 */
export async function runExport<Row>({
  filename,
  fetchPage,
  columns,
  footerRow,
}: ExportInput<Row>): Promise<ExportOutcome> {
  const customMapper = columnMapper(columns as readonly ExportColumn<never>[]);
  try {
    // The mapper and filename are checked before any request (same texts and order as buildCsv).
    buildCsv({ rows: [{}], customMapper, filename });
    // The server refuses pages past MAX_PAGE; asking for them would only count as failed requests.
    const { rows, failed, truncated } = await exportAllPages({ fetchPage, maxPages: MAX_PAGE });
    if (rows.length === 0 && failed > 0) return { ok: false, message: exportResultMessage(failed)! };
    const footer = rows.length ? footerRow?.() : undefined;
    const file = buildCsv({
      rows: [...rows, ...(footer ? [footer] : [])].map((row) => exportRow(row, columns)),
      customMapper,
      filename,
    });
    return {
      ok: true,
      file,
      rows: rows.length,
      failed,
      message: exportResultMessage(failed) ?? (truncated ? exportTruncatedMessage(rows.length) : null),
    };
  } catch (error) {
    return { ok: false, message: error instanceof CsvError ? error.message : EXPORT_FAILED };
  }
}
