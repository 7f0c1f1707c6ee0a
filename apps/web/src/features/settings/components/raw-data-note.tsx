import { Text } from '@mantine/core';
import { formatDateText } from '@pxl/contract/format/date';
import { useRawDataRetention } from '../api/get-raw-data-retention.ts';

/** One line over a log: how many days of raw rows are kept and the first day still held (docs/product/settings.md). */
export function RawDataNote({ log }: { log: 'clicks' | 'postbacks' }) {
  const retention = useRawDataRetention().data;
  if (!retention) return null;
  const [what, days, from] =
    log === 'clicks'
      ? ['Raw clicks are', retention.raw_clicks_days, retention.clicks_from]
      : ['Postback logs are', retention.logs_days, retention.logs_from];
  return (
    <Text size="xs" c="dimmed" data-testid="raw-data-note">
      {what} kept {days} days{from ? `; the oldest held are from ${formatDateText(from)}` : ''}. Statistics are kept for
      all time.
    </Text>
  );
}
