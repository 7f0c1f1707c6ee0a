import { Anchor, Text } from '@mantine/core';
import type { GeneralRow, StatDimension, StatKey } from '@pxl/contract/statistic/index';
import type { DataColumn } from '@/components/data-table/index.ts';
import { CutText } from '@/components/ui/cut-text.tsx';
import { DIMENSION_LABELS, FILTER_OF_DIMENSION } from './dimensions.ts';
import { MetricCell } from './metric-cell.tsx';
import { metricText, type MetricDef } from './metrics.ts';

/** A group value: a link that narrows the report to it, when the value can be a filter. */
function KeyCell({ k, onPick }: { k: StatKey | undefined; onPick?: (key: StatKey) => void }) {
  if (!k || k.value === '')
    return (
      <Text span c="dimmed">
        {k?.label || '—'}
      </Text>
    );
  const text = <CutText text={k.label || k.value} length={48} />;
  if (!onPick || !(k.dimension in FILTER_OF_DIMENSION || k.dimension === 'day')) return text;
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      title={`Filter by this ${DIMENSION_LABELS[k.dimension].toLowerCase()}`}
      onClick={() => onPick(k)}
      style={{ textAlign: 'left', whiteSpace: 'nowrap' }}
    >
      {text}
    </Anchor>
  );
}

/** Columns of the general report: the group values, then the metrics the role gets. */
export function generalColumns(
  groups: readonly StatDimension[],
  metrics: readonly MetricDef[],
  onPick?: (key: StatKey) => void,
): DataColumn<GeneralRow>[] {
  const keyColumns = groups.map((dimension, i): DataColumn<GeneralRow> => ({
    key: `key_${dimension}`,
    header: DIMENSION_LABELS[dimension],
    // The server sorts by the group values together; the first column carries the sort.
    sortable: i === 0 ? 'key' : undefined,
    render: (row) => <KeyCell k={row.keys[i]} onPick={onPick} />,
    exportValue: (row) => row.keys[i]?.label ?? '',
  }));
  const metricColumns = metrics.map((def): DataColumn<GeneralRow> => ({
    key: def.key,
    header: def.header,
    sortable: def.sortable,
    render: (row) => <MetricCell metrics={row} def={def} />,
    exportValue: (row) => metricText(row, def),
  }));
  return [...keyColumns, ...metricColumns];
}
