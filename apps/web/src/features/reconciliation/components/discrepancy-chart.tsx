import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Paper, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useAdvertiserDiscrepancy } from '../api/advertiser-discrepancy.ts';
import { discrepancyRows, figuresText, type DiscrepancyRow } from './discrepancy-data.ts';

const COLORS = ['indigo.6', 'teal.6', 'orange.6', 'grape.6'];

/** What hovering a period shows: per currency the percent and the amounts behind it. */
function PeriodTooltip({ row }: { row: DiscrepancyRow | undefined }) {
  if (!row) return null;
  return (
    <Paper withBorder shadow="sm" p="xs" radius="sm">
      <Text size="sm" fw={600} mb={4}>
        {row.period}
      </Text>
      {Object.entries(row.figures).map(([currency, f]) => (
        <Text key={currency} size="xs">
          {figuresText(currency, f)}
        </Text>
      ))}
    </Paper>
  );
}

/**
 * The advertiser's discrepancy per imported period, one bar per currency: |theirs − ours| in percent of ours. The
 * figures are also a list screen readers read, since an SVG chart says nothing to them (docs/decisions/029-accessibility.md).
 */
export function DiscrepancyChart({ advertiserUuid, name }: { advertiserUuid: string; name: string | null }) {
  const query = useAdvertiserDiscrepancy(advertiserUuid);
  const { rows, currencies } = discrepancyRows(query.data?.items ?? []);
  const byPeriod = new Map(rows.map((r) => [r.import_uuid, r]));
  const title = `Discrepancy per period${name ? ` · ${name}` : ''}`;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="discrepancy-chart">
      <Text fw={600} size="sm" mb="xs">
        {title}
      </Text>
      {query.isError ? (
        <Text c="red.7" size="sm" ta="center" py={60}>
          The chart could not be loaded.
        </Text>
      ) : query.isPending ? (
        <Skeleton h={200} />
      ) : rows.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py={60}>
          No reports of this advertiser imported yet
        </Text>
      ) : (
        <Stack gap={4}>
          <BarChart
            h={200}
            data={rows.map((r) => ({ period: r.period, import_uuid: r.import_uuid, ...r.percent }))}
            dataKey="period"
            maxBarWidth={56}
            // A period that agrees has a bar of no height: its label still says 0%.
            withBarValueLabel
            withLegend={currencies.length > 1}
            series={currencies.map((c, i) => ({ name: c, color: COLORS[i % COLORS.length] ?? 'indigo.6' }))}
            valueFormatter={(v) => `${v}%`}
            tooltipProps={{
              content: ({ payload }) => (
                <PeriodTooltip row={byPeriod.get(String(payload?.[0]?.payload?.import_uuid ?? ''))} />
              ),
            }}
          />
          <VisuallyHidden>
            <ul aria-label={title}>
              {rows.map((r) => (
                <li key={r.import_uuid}>
                  {r.period}:{' '}
                  {Object.entries(r.figures)
                    .map(([currency, f]) => figuresText(currency, f))
                    .join('; ')}
                </li>
              ))}
            </ul>
          </VisuallyHidden>
        </Stack>
      )}
    </Paper>
  );
}
