import { useCallback, useMemo } from 'react';
import type { LogEntry } from '@pxl/contract/log/log.schemas';
import { DataTable, useListState, type ListConfig } from '@/components/data-table/index.ts';
import { getLogList, useLogList } from '../api/get-log-list.ts';
import { logColumns } from './log-columns.tsx';
import { LogFilters } from './log-filters.tsx';
import { statusLabel } from '@/lib/labels.ts';
import { LOG_FILTERS, logQueryFrom } from './log-query.ts';

const LIST: ListConfig = { filters: LOG_FILTERS };

const FILTER_LABELS: Record<string, (value: string) => string> = {
  date_from: (v) => `From ${v}`,
  date_to: (v) => `To ${v}`,
  action: (v) => `Action: ${statusLabel(v)}`,
  user_uuid: (v) => `User: ${v}`,
};

/** The audit log (GET /api/log/v1/list): own actions; admin and head see everyone's and may filter by user. */
export function LogTable({ timeZone, canFilterUser }: { timeZone: string; canFilterUser: boolean }) {
  const list = useListState(LIST);
  const { page, count, filters } = list.state;
  const query = useMemo(() => logQueryFrom(page, count, filters, canFilterUser), [page, count, filters, canFilterUser]);
  const log = useLogList(query);
  const columns = useMemo(() => logColumns(timeZone), [timeZone]);
  const fetchPage = useCallback((p: number, c: number) => getLogList({ ...query, page: p, count: c }), [query]);

  return (
    <DataTable<LogEntry>
      listId="audit-log"
      failed={log.isError}
      onRetry={() => void log.refetch()}
      searchable={false}
      columns={columns}
      list={list}
      data={log.data}
      loading={log.isPending}
      rowKey={(e) => e.uuid}
      filters={<LogFilters list={list} canFilterUser={canFilterUser} />}
      filterLabels={FILTER_LABELS}
      exportSource={{ filename: 'activity-log', fetchPage }}
      minWidth={900}
    />
  );
}
