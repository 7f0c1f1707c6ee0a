import type { ExportPage } from '@pxl/contract/csv/export-pages';
import { LOG_COUNT_LIMIT, type StatKind } from '@pxl/contract/statistic/statistic.schemas';
import type { ListState } from '@/components/data-table/index.ts';
import { formatCount } from '@/lib/format/numbers.ts';

/** A log request as the query string sees it: filters of the bar, the search box and the page. */
export type LogQuery = Record<string, string | number>;

/** The log request: the filter bar's query (kind, dates, zone, filters) with the list's page, size and search. */
export function logQuery(
  filters: Readonly<Record<string, string>>,
  list: Pick<ListState, 'page' | 'count' | 'search'>,
): LogQuery {
  const query: LogQuery = {};
  for (const [key, value] of Object.entries(filters)) if (value !== '') query[key] = value;
  query.page = list.page;
  query.count = list.count;
  if (list.search) query.search = list.search;
  return query;
}

/** "10,000+" when the server stopped counting, else the count with separators. */
export const countText = (count: number, capped: boolean): string => `${formatCount(count)}${capped ? '+' : ''}`;

/**
 * The export walks pages until a short one; a log of ten million rows would never end. It stops where the
 * count stops (LOG_COUNT_LIMIT rows): past that the pages answer empty without asking the server.
 */
export function cappedFetch<Row>(
  fetchPage: (page: number, count: number) => Promise<ExportPage<Row>>,
  limit = LOG_COUNT_LIMIT,
) {
  return async (page: number, count: number): Promise<ExportPage<Row>> => {
    const skip = (page - 1) * count;
    if (skip >= limit) return { list: [] };
    const result = await fetchPage(page, count);
    const room = limit - skip;
    return result.list.length > room ? { ...result, list: result.list.slice(0, room) } : result;
  };
}

/** /statistic/api/… screens ask for API offers, every other statistics screen for direct-link ones. */
export const kindOfPath = (pathname: string): StatKind =>
  pathname.startsWith('/statistic/api') ? 'api' : 'direct_link';

/** The one conversion detail screen, under the tab of the offer's kind. */
export const conversionDetailPath = (kind: StatKind, uuid: string): string =>
  `/statistic/${kind === 'api' ? 'api' : 'direct-link'}/conversion/detail/${uuid}`;
