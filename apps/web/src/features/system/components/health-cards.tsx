import { Group, Stack, Table, Text } from '@mantine/core';
import { MAIL_STATUS_LABELS } from '@pxl/contract/mail/index';
import type { RawDataRetention } from '@pxl/contract/settings/index';
import type { SystemOverview } from '@pxl/contract/system/index';
import { formatDateLine, formatDateText } from '@pxl/contract/format/date';
import { PlainTable } from '@/components/ui/plain-table.tsx';
import { TitledCard } from '@/components/ui/titled-card.tsx';
import { formatCapped } from './capped-count.ts';
import { CardLink } from './card-extras.tsx';

/** What raw data is kept and from when (docs/product/settings.md, "General"). */
export function RetentionCard({ retention }: { retention: RawDataRetention }) {
  const line = (what: string, days: number, from: string | null) => (
    <Text size="sm">
      <b>{what}</b>: {days} days{from ? `, held from ${formatDateText(from)}` : ', none held yet'}
    </Text>
  );
  return (
    <TitledCard
      title="Retention"
      data-testid="system-retention"
      extra={<CardLink to="/settings/general">Change</CardLink>}
    >
      <Stack gap={4}>
        {line('Raw clicks', retention.raw_clicks_days, retention.clicks_from)}
        {line('Postback logs', retention.logs_days, retention.logs_from)}
        <Text size="sm">
          <b>Statistics</b>: for all time
        </Text>
      </Stack>
    </TitledCard>
  );
}

/** The mail outbox per status; the mail log itself is on the SMTP screen. */
export function MailCard({ mail }: { mail: SystemOverview['mail'] }) {
  return (
    <TitledCard title="Mail outbox" data-testid="system-mail" extra={<CardLink to="/settings/smtp">Mail log</CardLink>}>
      <PlainTable horizontalSpacing="xs" head={['Status', { label: 'Mails', ta: 'right' }]}>
        {mail.map((m) => (
          <Table.Tr key={m.status}>
            <Table.Td>{MAIL_STATUS_LABELS[m.status]}</Table.Td>
            <Table.Td ta="right" c={m.status === 'failed' && m.count > 0 ? 'red' : undefined}>
              {formatCapped(m.count)}
            </Table.Td>
          </Table.Tr>
        ))}
      </PlainTable>
    </TitledCard>
  );
}

/** Rows a batched writer set aside (docs/decisions/013-bad-rows-and-click-loss.md). */
export function RejectedRowsCard({
  rejected,
  timeZone,
}: {
  rejected: SystemOverview['rejected_rows'];
  timeZone: string;
}) {
  return (
    <TitledCard title="Set-aside rows" data-testid="system-rejected">
      <Group gap="xs">
        <Text size="xl" fw={600} c={rejected.count > 0 ? 'orange' : undefined}>
          {formatCapped(rejected.count)}
        </Text>
        <Text size="sm" c="dimmed">
          rows the database refused, kept in rejected_rows
        </Text>
      </Group>
      {rejected.newest && (
        <Text size="sm">
          Newest: {formatDateLine(rejected.newest.created_at, timeZone)}, {rejected.newest.writer}:{' '}
          <Text span size="sm" c="dimmed" style={{ wordBreak: 'break-word' }}>
            {rejected.newest.reason}
          </Text>
        </Text>
      )}
    </TitledCard>
  );
}
