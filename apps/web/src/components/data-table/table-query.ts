import { useMemo } from 'react';
import type { ExportPage } from '@pxl/contract/csv/export-pages';
import type { ExportSource } from './export-button.tsx';
import { CREATED_RANGE, rangeLabels, type RangeKeys } from './filters.tsx';
import type { ListConfig } from './list-state.ts';

type ListQuery = Record<string, string | number>;
import { useListState } from './use-list-state.ts';

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
  const [from, to] = rangeLabels(label);
  return { [keys[0]]: (v: string) => `${from} ${v}`, [keys[1]]: (v: string) => `${to} ${v}` };
}

/**
 * A list in the URL, its query and its export: `table` is what DataTable takes for them
 * (`<DataTable {...table} columns=… />`); `rows` is the query itself.
 */
export function useDataList<Rows extends ListQueryResult<unknown>, Row>(
  config: ListConfig,
  useRows: (query: ListQuery) => Rows,
  fetchList: (query: ListQuery) => Promise<ExportPage<Row>>,
  filename: string,
) {
  const list = useListState(config);
  const rows = useRows(list.query);
  const exportSource = useExportSource(filename, list.query, fetchList);
  const data: Rows['data'] = rows.data;
  return { list, rows, table: { list, ...queryProps(rows), data, exportSource } };
}
