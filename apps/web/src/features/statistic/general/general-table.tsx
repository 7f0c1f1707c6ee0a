import { useCallback, useMemo, useRef } from 'react';
import { Table } from '@mantine/core';
import type { GeneralReport, GeneralRow, StatDimension, StatKey } from '@pxl/contract/statistic/index';
import { DataTable, type ListStateApi } from '@/components/data-table/index.ts';
import { getGeneral, type GeneralQuery } from '../api/get-general.ts';
import { generalColumns } from './general-columns.tsx';
import { MetricCell } from './metric-cell.tsx';
import type { MetricDef } from './metrics.ts';

const rowKey = (row: GeneralRow) => row.keys.map((k) => `${k.dimension}:${k.value}`).join('|');

/** The report's rows with a totals row, sortable headers, paging, a column chooser and CSV export of every page. */
export function GeneralTable({
  listId,
  filename,
  query,
  list,
  report,
  loading,
  failed,
  stale,
  onRetry,
  groups,
  metrics,
  onPick,
}: {
  listId: string;
  filename: string;
  query: GeneralQuery;
  list: ListStateApi;
  report: GeneralReport | undefined;
  loading: boolean;
  failed: boolean;
  stale: boolean;
  onRetry: () => void;
  groups: readonly StatDimension[];
  metrics: readonly MetricDef[];
  onPick: (key: StatKey) => void;
}) {
  const columns = useMemo(() => generalColumns(groups, metrics, onPick), [groups, metrics, onPick]);
  // The export ends with the totals its own pages came with, as the screen ends with its totals row.
  const exportTotals = useRef<GeneralReport['totals']>(undefined);
  const fetchPage = useCallback(
    async (page: number, count: number) => {
      const res = await getGeneral({ ...query, page, count });
      exportTotals.current = res.totals;
      return res;
    },
    [query],
  );
  const footerRow = useCallback(
    (): GeneralRow | undefined =>
      exportTotals.current && {
        keys: groups.map((dimension, i) => ({ dimension, value: '', label: i === 0 ? 'Total' : '' })),
        ...exportTotals.current,
      },
    [groups],
  );
  const totals = report?.totals;
  const footer = useCallback(
    (visible: readonly { key: string }[]) =>
      totals && (
        <Table.Tr data-testid="general-totals" style={{ fontWeight: 700, background: 'var(--mantine-color-gray-0)' }}>
          {visible.map((column, i) => {
            const def = metrics.find((m) => m.key === column.key);
            return (
              <Table.Td key={column.key}>
                {def ? <MetricCell metrics={totals} def={def} /> : i === 0 ? 'Total' : ''}
              </Table.Td>
            );
          })}
        </Table.Tr>
      ),
    [totals, metrics],
  );
  return (
    <DataTable<GeneralRow>
      listId={listId}
      columns={columns}
      list={list}
      data={report}
      loading={loading}
      failed={failed}
      onRetry={onRetry}
      stale={stale}
      searchable={false}
      rowKey={rowKey}
      footer={footer}
      exportSource={{ filename, fetchPage, footerRow }}
      minWidth={Math.max(800, 140 * groups.length + 100 * metrics.length)}
    />
  );
}
