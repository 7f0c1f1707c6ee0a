import type { LogEntry } from '@pxl/contract/log/log.schemas';
import type { DataColumn } from '@/components/data-table/index.ts';
import { CutText } from '@/components/ui/cut-text.tsx';
import { statusLabel } from '@/lib/labels.ts';
import { dateColumn } from '@/components/data-table/index.ts';
import { DASH } from '@/components/ui/dash.tsx';

export const detailsText = (details: LogEntry['details']): string =>
  Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(', ');

export const logColumns = (timeZone: string): DataColumn<LogEntry>[] => [
  dateColumn('created_at', 'Date', timeZone, { width: 110 }),
  { key: 'action', header: 'Action', render: (e) => statusLabel(e.action), exportValue: (e) => e.action },
  { key: 'actor', header: 'By', render: (e) => e.actor?.email ?? DASH, exportValue: (e) => e.actor?.email ?? '' },
  {
    key: 'subject',
    header: 'Subject',
    render: (e) => e.subject?.email ?? DASH,
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
