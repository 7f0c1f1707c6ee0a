import { useMemo } from 'react';
import type { ExportPage } from '@pxl/contract/csv/export-pages';
import type { ExportSource } from './export-button.tsx';
import { CREATED_RANGE, type RangeKeys } from './filters.tsx';

type ListQueryResult<Data> = {
  data: Data | undefined;
  isPending: boolean;
  isError: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
};

/** A DataTable's loading, failure, retry and stale rows, read off the list's query. */
export const queryProps = <Data>(q: ListQueryResult<Data>) => ({
  data: q.data,
  loading: q.isPending,
  failed: q.isError,
  onRetry: () => void q.refetch(),
  stale: q.isPlaceholderData,
});

/** "Export CSV" over every page of the list as filtered now. */
export function useExportSource<Query extends object, Row>(
  filename: string,
  query: Query,
  fetchList: (query: Query & { page: number; count: number }) => Promise<ExportPage<Row>>,
): ExportSource<Row> {
  return useMemo(
    () => ({ filename, fetchPage: (page: number, count: number) => fetchList({ ...query, page, count }) }),
    [filename, query, fetchList],
  );
}

/** How a date range filter reads among the active filters: "Created from 2026-03-01". */
export function rangeFilterLabels(label = 'Registered', keys: RangeKeys = CREATED_RANGE) {
  const [from, to] = label ? [`${label} from`, `${label} to`] : ['From', 'To'];
  return { [keys[0]]: (v: string) => `${from} ${v}`, [keys[1]]: (v: string) => `${to} ${v}` };
}
