import { Stack, Text } from '@mantine/core';
import type { StatMetrics } from '@pxl/contract/statistic/index';
import { formatCount } from '@/lib/format/numbers.ts';
import { formatPercent, moneyLines, type MetricDef } from './metrics.ts';
import { DASH } from '@/components/ui/dash.tsx';

/** One figure of a row: counts grouped by thousands, percentages, money one line per currency. */
export function MetricCell({ metrics, def }: { metrics: StatMetrics; def: MetricDef }) {
  const value = metrics[def.key];
  if (def.type === 'money' || def.type === 'rate') {
    const lines = moneyLines(value as Record<string, number> | undefined, def.type);
    if (lines.length === 0) return DASH;
    return (
      <Stack gap={0}>
        {lines.map((line) => (
          <Text key={line} span size="sm" style={{ whiteSpace: 'nowrap' }}>
            {line}
          </Text>
        ))}
      </Stack>
    );
  }
  if (value === null || value === undefined) return DASH;
  return <>{def.type === 'percent' ? formatPercent(value as number) : formatCount(value as number)}</>;
}
