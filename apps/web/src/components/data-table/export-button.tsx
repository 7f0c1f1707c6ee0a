import { Button } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import type { ExportPage } from '@pxl/contract/csv/export-pages';
import { useExport } from '@/lib/export/use-export.ts';
import type { DataColumn } from './types.ts';

export type ExportSource<Row> = {
  filename: string;
  /** A page of the list with the current search and filters. */
  fetchPage: (page: number, count: number) => Promise<ExportPage<Row>>;
  /** A last row, such as the totals row under a report. */
  footerRow?: () => Row | undefined;
};

/** "Export CSV": every page of the current view, only the visible columns. */
export function ExportButton<Row>({
  source,
  columns,
}: {
  source: ExportSource<Row>;
  columns: readonly DataColumn<Row>[];
}) {
  const exportable = columns.filter((c) => c.exportable !== false);
  const { run, running } = useExport({
    filename: source.filename,
    fetchPage: source.fetchPage,
    footerRow: source.footerRow,
    columns: exportable,
  });
  return (
    <Button variant="default" leftSection={<IconFileDownload size={16} />} loading={running} onClick={() => void run()}>
      Export CSV
    </Button>
  );
}
