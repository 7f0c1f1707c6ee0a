import { Text } from '@mantine/core';
import { formatDateLine } from '@pxl/contract/format/date';
import type { LogEntry } from '@pxl/contract/log/log.schemas';
import type { DataColumn } from '@/components/data-table/index.ts';
import { CutText } from '@/components/ui/cut-text.tsx';
import { DateCell } from '@/components/ui/date-cell.tsx';
import { statusLabel } from '@/lib/labels.ts';

export const detailsText = (details: LogEntry['details']): string =>
  Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(', ');

const dash = (
  <Text span c="dimmed">
    —
  </Text>
);

export const logColumns = (timeZone: string): DataColumn<LogEntry>[] => [
  {
    key: 'created_at',
    header: 'Date',
    width: 110,
    render: (e) => <DateCell value={e.created_at} timeZone={timeZone} />,
    exportValue: (e) => formatDateLine(e.created_at, timeZone),
  },
  { key: 'action', header: 'Action', render: (e) => statusLabel(e.action), exportValue: (e) => e.action },
  { key: 'actor', header: 'By', render: (e) => e.actor?.email ?? dash, exportValue: (e) => e.actor?.email ?? '' },
  {
    key: 'subject',
    header: 'Subject',
    render: (e) => e.subject?.email ?? dash,
    exportValue: (e) => e.subject?.email ?? '',
  },
  { key: 'ip', header: 'IP' },
  {
    key: 'details',
    header: 'Details',
    render: (e) => <CutText text={detailsText(e.details)} length={40} />,
    exportValue: (e) => detailsText(e.details),
  },
];
