import { Badge, Stack, Text } from '@mantine/core';
import { formatDate } from '@pxl/contract/format/date';
import type { Domain } from '@pxl/contract/tracking/tracking.schemas';

const checkedAt = (value: string, timeZone?: string) => {
  const { date, time } = formatDate(value, timeZone);
  return `${date} ${time}`.trim();
};

/** The last DNS check: whether the name points at this server, what it resolved to, and when it was checked. */
export function DnsStatus({ dns, timeZone }: { dns: Domain['dns']; timeZone?: string }) {
  const badge =
    dns.ok === null ? (
      <Badge color="gray" variant="light">
        Not checked
      </Badge>
    ) : dns.ok ? (
      <Badge color="teal" variant="light">
        Points here
      </Badge>
    ) : (
      <Badge color="red" variant="light">
        Not pointing here
      </Badge>
    );
  return (
    <Stack gap={2} align="flex-start">
      {badge}
      {dns.detail && (
        <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
          {dns.detail}
        </Text>
      )}
      {dns.checked_at && (
        <Text size="xs" c="dimmed">
          Checked {checkedAt(dns.checked_at, timeZone)}
        </Text>
      )}
    </Stack>
  );
}
