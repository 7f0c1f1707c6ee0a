import { Group, Paper, Stack, Text } from '@mantine/core';
import type { GeneralReport, StatMetrics } from '@pxl/contract/statistic/index';
import { formatMinor } from '@/lib/money.ts';
import { changeText, moneyChanges, percentChange } from '@/lib/change.ts';
import { formatCount } from '@/lib/format/numbers.ts';
import { formatPercent, type MetricDef } from './metrics.ts';

const SUMMARY: readonly string[] = [
  'clicks',
  'unique_clicks',
  'leads',
  'accepted',
  'ftd',
  'conversions',
  'approved',
  'cr',
  'revenue',
  'payout',
  'profit',
];

function Change({ change }: { change: number | null }) {
  const color = change === null || change === 0 ? 'dimmed' : change > 0 ? 'teal.7' : 'red.7';
  return (
    <Text span size="xs" fw={600} c={color}>
      {changeText(change)}
    </Text>
  );
}

const plain = (def: MetricDef, value: unknown): string =>
  def.type === 'percent' ? formatPercent(value as number | null) : formatCount((value as number | undefined) ?? 0);

/** One figure of the period, with the previous period's and the change when comparing. */
function Figure({ def, totals, previous }: { def: MetricDef; totals: StatMetrics; previous?: StatMetrics }) {
  if (def.type === 'money') {
    const changes = moneyChanges(
      totals[def.key] as Record<string, number>,
      previous?.[def.key] as Record<string, number> | undefined,
    );
    return (
      <Stack gap={2}>
        {changes.length === 0 && <Text fw={700}>—</Text>}
        {changes.map((c) => (
          <div key={c.currency}>
            <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatMinor(c.current, c.currency)}
            </Text>
            {previous && (
              <Text size="xs" c="dimmed">
                was {formatMinor(c.previous, c.currency)} <Change change={c.change} />
              </Text>
            )}
          </div>
        ))}
      </Stack>
    );
  }
  const now = totals[def.key] as number | null;
  const before = previous?.[def.key] as number | null | undefined;
  return (
    <div>
      <Text fw={700}>{plain(def, now)}</Text>
      {previous && (
        <Text size="xs" c="dimmed">
          was {plain(def, before)} <Change change={percentChange(now, before)} />
        </Text>
      )}
    </div>
  );
}

/** The period's main totals as cards; with "compare", the previous period of the same length under each. */
export function TotalsSummary({ report, metrics }: { report: GeneralReport; metrics: readonly MetricDef[] }) {
  const shown = metrics.filter((m) => SUMMARY.includes(m.key));
  const previous = report.previous ?? undefined;
  return (
    <Stack gap={6}>
      {previous && (
        <Text size="xs" c="dimmed" data-testid="compare-period">
          Compared with {previous.date_from} – {previous.date_to}
        </Text>
      )}
      <Group gap="xs" align="stretch">
        {shown.map((def) => (
          <Paper
            key={def.key}
            withBorder
            radius="md"
            p="xs"
            data-testid={`total-${def.key}`}
            style={{ flex: '1 1 0', minWidth: 'max-content' }}
          >
            <Text size="xs" c="dimmed">
              {def.header}
            </Text>
            <Figure def={def} totals={report.totals} previous={previous?.totals} />
          </Paper>
        ))}
      </Group>
    </Stack>
  );
}
