import { VisuallyHidden } from '@mantine/core';
import { formatCount } from '@/lib/format/numbers.ts';

/**
 * The figures of a line chart as text only screen readers read (docs/decisions/029-accessibility.md): a chart drawn
 * in SVG says nothing to them. One item per point of `dataKey` with every series' value. A list, not a table: the
 * list screens' data table stays the only table of the main area.
 */
export function ChartTable({
  caption,
  dataKey,
  rows,
  series,
  format = formatCount,
}: {
  caption: string;
  dataKey: string;
  rows: readonly Record<string, unknown>[];
  series: readonly { name: string; label?: string }[];
  format?: (value: number) => string;
}) {
  return (
    <VisuallyHidden>
      <ul aria-label={caption}>
        {rows.map((row, i) => (
          <li key={i}>
            {String(row[dataKey] ?? '')}:{' '}
            {series
              .map((s) => {
                const value = row[s.name];
                return `${s.label ?? s.name} ${typeof value === 'number' ? format(value) : '—'}`;
              })
              .join(', ')}
          </li>
        ))}
      </ul>
    </VisuallyHidden>
  );
}
