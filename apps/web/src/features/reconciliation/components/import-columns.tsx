import { Badge, Text } from '@mantine/core';
import type { z } from 'zod';
import type { reconImportRowSchema } from '@pxl/contract/reconciliation/index';
import { dateColumn, RecordLink, type DataColumn } from '@/components/data-table/index.ts';
import { DASH } from '@/components/ui/dash.tsx';
import { formatBytes, formatCount } from '@/lib/format/numbers.ts';
import { importPath, periodText, STATE_TEXT } from './import-labels.ts';

export type ImportRow = z.infer<typeof reconImportRowSchema>;

/** Columns of the imports list; the period opens the import. Times in the zone the screen was given. */
export function importColumns(timeZone: string): DataColumn<ImportRow>[] {
  return [
    {
      key: 'period',
      header: 'Period',
      render: (r) => (
        <RecordLink to={importPath(r.uuid)}>
          <span style={{ whiteSpace: 'nowrap' }}>{periodText(r.period_from, r.period_to)}</span>
        </RecordLink>
      ),
      exportValue: (r) => periodText(r.period_from, r.period_to),
    },
    {
      key: 'advertiser',
      header: 'Advertiser',
      render: (r) => r.advertiser.name || r.advertiser.email,
      exportValue: (r) => r.advertiser.name || r.advertiser.email,
    },
    {
      key: 'file_name',
      header: 'File',
      render: (r) => (
        <>
          <Text span size="sm" style={{ wordBreak: 'break-all' }}>
            {r.file_name}
          </Text>
          <Text size="xs" c="dimmed">
            {r.format.toUpperCase()} · {formatBytes(r.file_size)}
          </Text>
        </>
      ),
    },
    { key: 'row_count', header: 'Rows', render: (r) => formatCount(r.row_count) },
    {
      key: 'state',
      header: 'State',
      render: (r) => (
        <Badge variant="light" radius="sm" color={r.state === 'classified' ? 'green' : 'gray'} data-state={r.state}>
          {STATE_TEXT[r.state]}
        </Badge>
      ),
      exportValue: (r) => STATE_TEXT[r.state],
    },
    {
      key: 'created_by',
      header: 'Uploaded by',
      render: (r) => r.created_by?.name || r.created_by?.email || DASH,
      exportValue: (r) => r.created_by?.name || r.created_by?.email || '',
    },
    dateColumn('created_at', 'Uploaded at', timeZone),
  ];
}
