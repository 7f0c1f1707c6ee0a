import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { ChartTable } from '@/components/ui/chart-table.tsx';
import { Group, Paper, Select, Skeleton, Text } from '@mantine/core';
import type { StatChart } from '@pxl/contract/statistic/index';
import { chartData } from './chart-data.ts';
import type { MetricDef } from './metrics.ts';
import { formatCount } from '@/lib/format/numbers.ts';

const COLORS = ['indigo.6', 'teal.6', 'orange.6', 'grape.6'];

/** The chosen metric over the period, per day (per hour for one or two days). */
export function GeneralChart({
  chart,
  loading,
  failed,
  metrics,
  metric,
  onMetric,
}: {
  chart: StatChart | undefined;
  loading: boolean;
  failed: boolean;
  metrics: readonly MetricDef[];
  metric: MetricDef;
  onMetric: (key: string) => void;
}) {
  const data = chart ? chartData(chart, metric) : null;
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" mb="xs">
        <Text fw={600} size="sm">
          {metric.header} by {chart?.step === 'hour' ? 'hour' : 'day'}
        </Text>
        <Select
          aria-label="Chart metric"
          size="xs"
          w={170}
          allowDeselect={false}
          value={metric.key}
          onChange={(v) => v && onMetric(v)}
          data={metrics.map((m) => ({ value: m.key, label: m.header }))}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      {failed && !data ? (
        <Text c="red.7" size="sm" ta="center" py={90}>
          The chart could not be loaded.
        </Text>
      ) : loading || !data ? (
        <Skeleton h={220} />
      ) : data.series.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py={90}>
          No {metric.header.toLowerCase()} in this period
        </Text>
      ) : (
        <>
          <LineChart
            h={220}
            data={data.rows}
            dataKey="at"
            curveType="monotone"
            withDots={data.rows.length <= 31}
            withLegend={data.series.length > 1}
            series={data.series.map((s, i) => ({
              name: s.name,
              label: s.label,
              color: COLORS[i % COLORS.length] ?? 'indigo.6',
            }))}
            valueFormatter={(v) => (metric.type === 'percent' ? `${v.toFixed(2)}%` : formatCount(v))}
            data-testid="general-chart"
          />
          <ChartTable
            caption={`${metric.header} by ${chart?.step === 'hour' ? 'hour' : 'day'}`}
            dataKey="at"
            rows={data.rows}
            series={data.series}
            format={(v) => (metric.type === 'percent' ? `${v.toFixed(2)}%` : formatCount(v))}
          />
        </>
      )}
    </Paper>
  );
}
