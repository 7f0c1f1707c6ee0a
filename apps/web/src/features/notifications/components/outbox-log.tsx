import { useMemo } from 'react';
import { Badge, Text } from '@mantine/core';
import { OUTBOX_STATUSES, type OutboxItem } from '@pxl/contract/notifications/notifications.schemas';
import {
  DataTable,
  dateColumn,
  FilterSelect,
  useDataList,
  type DataColumn,
  type ListConfig,
} from '@/components/data-table/index.ts';
import { DASH } from '@/components/ui/dash.tsx';
import { DateCell } from '@/components/ui/date-cell.tsx';
import { useChannels } from '../api/list-channels.ts';
import { listOutbox, useOutbox } from '../api/list-outbox.ts';
import { EVENT_LABELS, KIND_LABELS, OUTBOX_STATUS_COLORS, OUTBOX_STATUS_TEXT } from './channel-labels.ts';

export const OUTBOX_LIST: ListConfig = { filters: ['status', 'channel_uuid'] };
const STATUS_OPTIONS = OUTBOX_STATUSES.map((s) => ({ value: s, label: OUTBOX_STATUS_TEXT[s] }));

const columns = (timeZone: string): DataColumn<OutboxItem>[] => [
  dateColumn('created_at', 'Queued', timeZone),
  {
    key: 'channel',
    header: 'Channel',
    render: (r) => `${r.channel.name} (${KIND_LABELS[r.channel.kind]})`,
    exportValue: (r) => r.channel.name,
  },
  { key: 'event', header: 'Event', render: (r) => EVENT_LABELS[r.event], exportValue: (r) => EVENT_LABELS[r.event] },
  {
    key: 'title',
    header: 'Alert',
    render: (r) => (
      <>
        <Text size="sm" fw={500}>
          {r.title}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={2}>
          {r.text}
        </Text>
      </>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    render: (r) => (
      <>
        <Badge variant="light" radius="sm" color={OUTBOX_STATUS_COLORS[r.status]} data-status={r.status}>
          {OUTBOX_STATUS_TEXT[r.status]}
        </Badge>
        {r.last_error && (
          <Text size="xs" c="red">
            {r.last_error}
          </Text>
        )}
      </>
    ),
    exportValue: (r) => OUTBOX_STATUS_TEXT[r.status],
  },
  { key: 'attempts', header: 'Attempts' },
  {
    ...dateColumn('next_attempt_at', 'Next attempt', timeZone),
    // Only a queued alert waits for an attempt.
    render: (r) => (r.status === 'pending' ? <DateCell value={r.next_attempt_at} timeZone={timeZone} /> : DASH),
  },
  dateColumn('sent_at', 'Sent', timeZone),
];

/** Every alert the user's channels were given: queued, sent, or given up after its retries. */
export function OutboxLog({ timeZone }: { timeZone: string }) {
  const { list, table } = useDataList(OUTBOX_LIST, useOutbox, listOutbox, 'notifications-outbox');
  const cols = useMemo(() => columns(timeZone), [timeZone]);
  const channels = useChannels();
  const channelOptions = (channels.data?.list ?? []).map((c) => ({ value: c.uuid, label: c.name }));
  const channelName = (uuid: string) => channelOptions.find((c) => c.value === uuid)?.label ?? uuid.slice(0, 8);
  return (
    <DataTable<OutboxItem>
      listId="notifications-outbox"
      columns={cols}
      {...table}
      rowKey={(r) => r.uuid}
      searchable={false}
      filters={
        <>
          <FilterSelect list={list} name="status" label="Status" data={STATUS_OPTIONS} />
          <FilterSelect list={list} name="channel_uuid" label="Channel" data={channelOptions} w={220} />
        </>
      }
      filterLabels={{
        status: (v) => `Status: ${OUTBOX_STATUS_TEXT[v as keyof typeof OUTBOX_STATUS_TEXT] ?? v}`,
        channel_uuid: (v) => `Channel: ${channelName(v)}`,
      }}
      minWidth={1000}
    />
  );
}
