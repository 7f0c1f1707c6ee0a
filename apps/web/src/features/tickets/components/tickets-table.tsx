import { useMemo } from 'react';
import { TICKET_SORTS, type TicketRow } from '@pxl/contract/tickets/tickets.schemas';
import {
  DataTable,
  DateRangeFilter,
  FilterSelect,
  rangeFilterLabels,
  RemoteFilter,
  useDataList,
  type ListConfig,
} from '@/components/data-table/index.ts';
import { statusLabel } from '@/lib/labels.ts';
import { useManagerOptions, usePartnerOptions } from '../api/filter-options.ts';
import { listTickets, useTicketList } from '../api/tickets.ts';
import { ticketColumns } from './ticket-columns.tsx';
import { STATUS_OPTIONS, TYPE_LABELS, TYPE_OPTIONS } from './ticket-labels.ts';

const LIST: ListConfig = {
  filters: ['type', 'status', 'partner_uuid', 'manager_uuid', 'created_from', 'created_to'],
  sorts: TICKET_SORTS,
  defaultSort: 'last_message_at',
};

type Props = { timeZone: string; staff: boolean; canFilterManager: boolean };

/** Tickets in the caller's scope, newest message first; unread ones are marked. */
export function TicketsTable({ timeZone, staff, canFilterManager }: Props) {
  const { list, table } = useDataList(LIST, useTicketList, listTickets, 'tickets');
  const columns = useMemo(() => ticketColumns(timeZone, staff), [timeZone, staff]);
  const labels = {
    type: (v: string) => `Type: ${TYPE_LABELS[v as TicketRow['type']] ?? v}`,
    status: (v: string) => `Status: ${statusLabel(v)}`,
    partner_uuid: () => 'Partner picked',
    manager_uuid: () => 'Manager picked',
    ...rangeFilterLabels('Created'),
  };
  return (
    <DataTable<TicketRow>
      listId="tickets"
      {...table}
      columns={columns}
      rowKey={(t) => t.uuid}
      searchPlaceholder={staff ? 'Subject, partner name or email' : 'Subject'}
      filters={
        <>
          <FilterSelect list={list} name="type" label="Type" data={TYPE_OPTIONS} w={150} />
          <FilterSelect list={list} name="status" label="Status" data={STATUS_OPTIONS} w={130} />
          {staff && (
            <RemoteFilter
              list={list}
              name="partner_uuid"
              label="Partner"
              placeholder="Any partner"
              useOptions={usePartnerOptions}
            />
          )}
          {canFilterManager && (
            <RemoteFilter
              list={list}
              name="manager_uuid"
              label="Manager"
              placeholder="Any manager"
              useOptions={useManagerOptions}
              w={200}
            />
          )}
          <DateRangeFilter list={list} label="Created" />
        </>
      }
      filterLabels={labels}
      minWidth={800}
    />
  );
}
