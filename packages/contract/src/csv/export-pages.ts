import { EXPORT_PAGE_SIZE } from '../http/messages.ts';

// The export loop over pages (docs/product/api-and-errors.md) and its messages (docs/product/screens-and-lists.md).

export const EXPORT_FAILED = 'Export failed. Please try again.';
export const EXPORT_LEAVE_PROMPT = 'Export is in progress. Are you sure you want to leave?';
export const EXPORT_COMPLETE_TITLE = '✅ Export Complete!';
/** Consecutive failed page requests after which the loop gives up. */
export const EXPORT_MAX_CONSECUTIVE_FAILURES = 3;

export interface ExportPage<Row> {
  list: Row[];
  total?: Record<string, number> | null;
}

export interface ExportAllPagesInput<Row> {
  fetchPage: (page: number, count: number) => Promise<ExportPage<Row>>;
  pageSize?: number;
  /** Upper bound on page requests (failed ones included). */
  maxPages?: number;
  signal?: AbortSignal;
}

export interface ExportAllPagesResult<Row> {
  rows: Row[];
  /** `total` objects summed key by key; {} when no page had totals. */
  totals: Record<string, number>;
  /** Number of failed page requests. */
  failed: number;
  /** The loop stopped at maxPages while pages were still full: the list holds more rows than were fetched. */
  truncated: boolean;
}

/**
 * Fetches pages 1, 2, … one after another until a page returns fewer rows than asked.
 * A failed request (or a page whose list is not an array) is counted and skipped; the loop
 * stops after EXPORT_MAX_CONSECUTIVE_FAILURES failures in a row so it cannot run forever.
 */
export async function exportAllPages<Row>({
  fetchPage,
  pageSize = EXPORT_PAGE_SIZE,
  maxPages = Number.POSITIVE_INFINITY,
  signal,
}: ExportAllPagesInput<Row>): Promise<ExportAllPagesResult<Row>> {
  const rows: Row[] = [];
  const totals: Record<string, number> = {};
  let failed = 0;
  let failedInRow = 0;
  let truncated = false;

  for (let page = 1; page <= maxPages && !signal?.aborted; page++) {
    let result: ExportPage<Row>;
    try {
      result = await fetchPage(page, pageSize);
      if (!Array.isArray(result?.list)) throw new TypeError('page list is not an array');
    } catch {
      failed++;
      failedInRow++;
      if (failedInRow >= EXPORT_MAX_CONSECUTIVE_FAILURES) break;
      continue;
    }
    failedInRow = 0;
    rows.push(...result.list);
    addTotals(totals, result.total);
    if (result.list.length < pageSize) break;
    truncated = page === maxPages;
  }
  return { rows, totals, failed, truncated };
}

function addTotals(into: Record<string, number>, total: Record<string, unknown> | null | undefined): void {
  if (!total || typeof total !== 'object') return;
  for (const [key, value] of Object.entries(total)) {
    const number = typeof value === 'number' ? value : Number(value);
    if (value === null || value === '' || !Number.isFinite(number)) continue;
    into[key] = (into[key] ?? 0) + number;
  }
}

/** What an export says when it stopped at the deepest page a list serves. */
export const exportTruncatedMessage = (rows: number) =>
  `Exported the first ${rows} rows, as many as a list pages through. Narrow the filters or the period to export the rest.`;

/** "Completed with N failed requests, you can try again." when pages failed, else null. */
export function exportResultMessage(failed: number): string | null {
  return failed > 0 ? `Completed with ${failed} failed requests, you can try again.` : null;
}
