import { Text } from '@mantine/core';
import { LOG_COUNT_LIMIT } from '@pxl/contract/statistic/statistic.schemas';
import { countText } from './log-query.ts';

/** Past the count limit the pager stops at "10,000+" and the export at that many rows: say so, and how to see the rest. */
export function CappedNote({ capped }: { capped: boolean | undefined }) {
  if (!capped) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="log-capped">
      More than {countText(LOG_COUNT_LIMIT, false)} rows match: pages and the CSV export reach the first{' '}
      {countText(LOG_COUNT_LIMIT, false)}. Narrow the dates or filters to reach the others.
    </Text>
  );
}
