import '@mantine/charts/styles.css';
import { useState } from 'react';
import { LineChart } from '@mantine/charts';
import { Group, Paper, Select, Text } from '@mantine/core';
import { ChartTable } from '@/components/ui/chart-table.tsx';
import { CHART_FIGURES, chartRows, present, type ChartPoint, type FigureKey } from '../figures.ts';
import { formatCount } from '@/lib/format/numbers.ts';

const COLORS = ['indigo.6', 'teal.6', 'orange.6', 'grape.6'];

/** The last 30 days by day, one figure at a time. */
export function DashboardChart({ points, skip }: { points: ChartPoint[]; skip: readonly FigureKey[] }) {
  const figures = present(CHART_FIGURES, points[0], skip);
  const [key, setKey] = useState<string>('clicks');
  const def = figures.find((f) => f.key === key) ?? figures[0];
  if (!def) return null;
  const data = chartRows(points, def);
  const empty = data.series.length === 0 || data.rows.every((r) => data.series.every((s) => !r[s]));
  return (
    <Paper withBorder radius="md" p="md" data-testid="dashboard-chart">
      <Group justify="space-between" mb="xs">
        <Text fw={700}>Last 30 days</Text>
        <Select
          aria-label="Chart metric"
          size="xs"
          w={170}
          allowDeselect={false}
          value={def.key}
          onChange={(v) => v && setKey(v)}
          data={figures.map((f) => ({ value: f.key, label: f.label }))}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      {empty ? (
        <Text c="dimmed" size="sm" ta="center" py={90}>
          No {def.label.toLowerCase()} in the last 30 days
        </Text>
      ) : (
        <>
          <LineChart
            h={240}
            data={data.rows}
            dataKey="at"
            curveType="monotone"
            withLegend={data.series.length > 1}
            series={data.series.map((name, i) => ({
              name,
              label: def.money ? `${def.label}, ${name}` : name,
              color: COLORS[i % COLORS.length] ?? 'indigo.6',
            }))}
            valueFormatter={(v) => formatCount(v)}
          />
          <ChartTable
            caption={`${def.label}, last 30 days`}
            dataKey="at"
            rows={data.rows}
            series={data.series.map((name) => ({ name, label: def.money ? `${def.label}, ${name}` : name }))}
          />
        </>
      )}
    </Paper>
  );
}
