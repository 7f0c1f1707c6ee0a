import { useCallback, useMemo } from 'react';
import { OUTBOUND_STATUSES, type OutboundPostback } from '@pxl/contract/postbacks/postbacks.schemas';
import {
  queryProps,
  DataTable,
  DATE_RANGE,
  DateRangeFilter,
  FilterSelect,
  useListState,
  type ListConfig,
  type ListStateApi,
} from '@/components/data-table/index.ts';
import { listOutbound, useOutbound } from '../api/list-outbound.ts';
import { AttemptList } from './attempt-view.tsx';
import { PostbackLogFilters } from './log-filters.tsx';
import { FILTER_LABELS } from './filter-labels.ts';
import { POSTBACK_LOG_FILTERS, postbackLogQuery } from './log-query.ts';
import { outboundColumns } from './outbound-columns.tsx';
import { STATUS_LABELS } from './postback-labels.tsx';
import { ResendAction } from './resend-action.tsx';

const LIST: ListConfig = { filters: POSTBACK_LOG_FILTERS };
const STATUS_OPTIONS = OUTBOUND_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));

/** An affiliate filters their own log by delivery status and date only. */
function AffiliateFilters({ list }: { list: ListStateApi }) {
  return (
    <>
      <FilterSelect list={list} name="status" label="Status" data={STATUS_OPTIONS} w={140} />
      <DateRangeFilter list={list} keys={DATE_RANGE} label="" />
    </>
  );
}

/**
 * Outbound postbacks (GET /api/postbacks/v1/outbound); each row expands to its attempts. Staff get every filter
 * and "send again"; an affiliate sees their own.
 */
export function OutboundTable({
  timeZone,
  staff,
  canFilterOffer = false,
}: {
  timeZone: string;
  staff: boolean;
  canFilterOffer?: boolean;
}) {
  const list = useListState(LIST);
  const { page, count, filters } = list.state;
  const query = useMemo(
    () => postbackLogQuery(page, count, staff ? filters : { ...filters, affiliate_uuid: '', offer_uuid: '' }, true),
    [page, count, filters, staff],
  );
  const log = useOutbound(query);
  const columns = useMemo(() => outboundColumns(timeZone, staff), [timeZone, staff]);
  const fetchPage = useCallback((p: number, c: number) => listOutbound({ ...query, page: p, count: c }), [query]);
  return (
    <DataTable<OutboundPostback>
      listId={staff ? 'postbacks-outbound' : 'my-postbacks'}
      columns={columns}
      list={list}
      {...queryProps(log)}
      searchable={false}
      rowKey={(p) => p.uuid}
      filterLabels={FILTER_LABELS}
      filters={
        staff ? (
          <PostbackLogFilters list={list} outbound canFilterOffer={canFilterOffer} />
        ) : (
          <AffiliateFilters list={list} />
        )
      }
      renderExpanded={(p) => <AttemptList attempts={p.attempts} timeZone={timeZone} nextAt={p.next_attempt_at} />}
      rowActions={staff ? (p) => <ResendAction postback={p} /> : undefined}
      exportSource={{ filename: staff ? 'outbound-postbacks' : 'my-postbacks', fetchPage }}
      minWidth={staff ? 1000 : 860}
    />
  );
}
