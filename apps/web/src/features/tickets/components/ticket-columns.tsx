import { Badge, Group, Text } from '@mantine/core';
import type { TicketRow } from '@pxl/contract/tickets/tickets.schemas';
import { dateColumn, RecordLink, type DataColumn } from '@/components/data-table/index.ts';
import { statusLabel } from '@/lib/labels.ts';
import { STATUS_COLORS, TYPE_LABELS, ticketPath } from './ticket-labels.ts';

/** Columns of /tickets; staff see whose ticket it is and their manager. */
export const ticketColumns = (timeZone: string, staff: boolean): DataColumn<TicketRow>[] => [
  {
    key: 'subject',
    header: 'Subject',
    sortable: true,
    render: (t) => (
      <Group gap={6} wrap="nowrap">
        {t.unread && (
          <Badge size="xs" color="red" variant="filled" data-testid="ticket-unread">
            New
          </Badge>
        )}
        <RecordLink to={ticketPath(t.uuid)}>
          <Text span fw={t.unread ? 700 : 500} inherit>
            {t.subject}
          </Text>
        </RecordLink>
      </Group>
    ),
    exportValue: (t) => t.subject,
  },
  { key: 'type', header: 'Type', render: (t) => TYPE_LABELS[t.type], exportValue: (t) => TYPE_LABELS[t.type] },
  {
    key: 'status',
    header: 'Status',
    render: (t) => (
      <Badge color={STATUS_COLORS[t.status]} variant="light">
        {statusLabel(t.status)}
      </Badge>
    ),
    exportValue: (t) => statusLabel(t.status),
  },
  ...(staff
    ? ([
        {
          key: 'partner',
          header: 'Partner',
          render: (t) => (
            <span>
              {t.partner.name}
              <Text size="xs" c="dimmed">
                {t.partner.role === 'advertiser' ? 'Advertiser' : 'Affiliate'}
              </Text>
            </span>
          ),
          exportValue: (t) => t.partner.email,
        },
        {
          key: 'manager',
          header: 'Manager',
          render: (t) => t.manager?.name ?? <Text c="dimmed">—</Text>,
          exportValue: (t) => t.manager?.email ?? '',
        },
      ] satisfies DataColumn<TicketRow>[])
    : []),
  dateColumn('last_message_at', 'Last message', timeZone, { sortable: true }),
  dateColumn('created_at', 'Created', timeZone, { sortable: true, hidden: true }),
];
