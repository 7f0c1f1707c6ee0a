import { useMemo } from 'react';
import type { SessionLogRow } from '@pxl/contract/statistic/statistic.schemas';
import { queryProps, DataTable, FilterSelect, type ListConfig } from '@/components/data-table/index.ts';
import { listSessions, useSessionLog } from './api/list-logs.ts';
import { CappedNote } from './capped-note.tsx';
import { useLogTable, type LogTableProps } from './log-table-parts.ts';
import { cappedFetch } from './log-query.ts';
import { sessionColumns } from './session-columns.tsx';
import { SessionDetail } from './session-detail.tsx';
import { LEAD_STATUS_LABELS } from './labels.tsx';
import { FRAUD_FILTER, FRAUD_FILTER_LABELS, FraudScoreFilter } from './fraud-parts.tsx';

const LIST: ListConfig = { filters: ['lead_status', FRAUD_FILTER] };
const LEAD_STATUS_OPTIONS = Object.entries(LEAD_STATUS_LABELS).map(([value, label]) => ({ value, label }));
const FILTER_LABELS = {
  ...FRAUD_FILTER_LABELS,
  lead_status: (v: string) => `Lead status: ${LEAD_STATUS_LABELS[v as keyof typeof LEAD_STATUS_LABELS] ?? v}`,
};

/**
 * User sessions of API offers (GET /api/statistic/v1/user-sessions). Staff rows carry the attempts and the call
 * statuses and expand to them; partners' rows do not, so theirs do not expand.
 */
export function SessionsTable(props: Omit<LogTableProps, 'kind'>) {
  const { list, query, access } = useLogTable({ ...props, kind: 'api' }, LIST);
  const log = useSessionLog(query);
  const columns = useMemo(() => sessionColumns(access, props.timeZone), [access, props.timeZone]);
  const fetchPage = useMemo(
    () => cappedFetch((page: number, count: number) => listSessions({ ...query, page, count })),
    [query],
  );
  return (
    <>
      <DataTable<SessionLogRow>
        listId="statistic-user-sessions"
        columns={columns}
        list={list}
        {...queryProps(log)}
        rowKey={(r) => r.uuid}
        searchPlaceholder="Click ID, lead ID, email, sub or IP"
        filterLabels={FILTER_LABELS}
        filters={
          <>
            <FilterSelect list={list} name="lead_status" label="Lead status" data={LEAD_STATUS_OPTIONS} w={150} />
            <FraudScoreFilter list={list} access={access} />
          </>
        }
        renderExpanded={
          access.staff
            ? (r) => <SessionDetail session={r} timeZone={props.timeZone} flagAt={access.flagAt} />
            : undefined
        }
        exportSource={{ filename: 'user-sessions', fetchPage }}
        minWidth={1300}
      />
      <CappedNote capped={log.data?.count_capped} />
    </>
  );
}
