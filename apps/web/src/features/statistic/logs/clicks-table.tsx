import { useMemo } from 'react';
import type { ClickLogRow } from '@pxl/contract/statistic/statistic.schemas';
import { queryProps, DataTable } from '@/components/data-table/index.ts';
import { listClicks, useClickLog } from './api/list-logs.ts';
import { CappedNote } from './capped-note.tsx';
import { clickColumns } from './click-columns.tsx';
import { useLogTable, type LogTableProps } from './log-table-parts.ts';
import { cappedFetch } from './log-query.ts';
import { FRAUD_FILTER_LABELS, FraudScoreFilter } from './fraud-parts.tsx';

/** The click log (GET /api/statistic/v1/clicks), newest first, with every recorded field and the trafficback reason. */
export function ClicksTable(props: LogTableProps) {
  const { list, query, access } = useLogTable(props);
  const log = useClickLog(query);
  const columns = useMemo(() => clickColumns(access, props.timeZone), [access, props.timeZone]);
  const fetchPage = useMemo(
    () => cappedFetch((page: number, count: number) => listClicks({ ...query, page, count })),
    [query],
  );
  return (
    <>
      <DataTable<ClickLogRow>
        listId={`statistic-clicks-${props.kind}`}
        columns={columns}
        list={list}
        {...queryProps(log)}
        rowKey={(r) => r.uuid}
        searchPlaceholder="Click ID, sub or IP"
        filters={<FraudScoreFilter list={list} access={access} />}
        filterLabels={FRAUD_FILTER_LABELS}
        exportSource={{ filename: `clicks-${props.kind === 'api' ? 'api' : 'direct-link'}`, fetchPage }}
        minWidth={1300}
      />
      <CappedNote capped={log.data?.count_capped} />
    </>
  );
}
