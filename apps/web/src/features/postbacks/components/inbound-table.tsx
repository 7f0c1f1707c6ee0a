import { useCallback, useMemo } from 'react';
import type { InboundPostback } from '@pxl/contract/postbacks/postbacks.schemas';
import { queryProps, DataTable, useListState, type ListConfig } from '@/components/data-table/index.ts';
import { listInbound, useInbound } from '../api/list-inbound.ts';
import { FILTER_LABELS } from './filter-labels.ts';
import { inboundColumns } from './inbound-columns.tsx';
import { InboundDetail } from './inbound-detail.tsx';
import { PostbackLogFilters } from './log-filters.tsx';
import { POSTBACK_LOG_FILTERS, postbackLogQuery } from './log-query.ts';

const LIST: ListConfig = { filters: POSTBACK_LOG_FILTERS };

/** Inbound postbacks from advertisers (GET /api/postbacks/v1/inbound), staff only; rows expand to request and answer. */
export function InboundTable({ timeZone, canFilterOffer }: { timeZone: string; canFilterOffer: boolean }) {
  const list = useListState(LIST);
  const { page, count, filters } = list.state;
  const query = useMemo(() => postbackLogQuery(page, count, filters, false), [page, count, filters]);
  const log = useInbound(query);
  const columns = useMemo(() => inboundColumns(timeZone), [timeZone]);
  const fetchPage = useCallback((p: number, c: number) => listInbound({ ...query, page: p, count: c }), [query]);
  return (
    <DataTable<InboundPostback>
      listId="postbacks-inbound"
      columns={columns}
      list={list}
      {...queryProps(log)}
      searchable={false}
      rowKey={(p) => p.uuid}
      filterLabels={FILTER_LABELS}
      filters={<PostbackLogFilters list={list} outbound={false} canFilterOffer={canFilterOffer} />}
      renderExpanded={(p) => <InboundDetail postback={p} />}
      exportSource={{ filename: 'inbound-postbacks', fetchPage }}
      minWidth={1100}
    />
  );
}
