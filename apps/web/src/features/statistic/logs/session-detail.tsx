import { Group, Stack, Table, Text } from '@mantine/core';
import type { SessionLogRow } from '@pxl/contract/statistic/statistic.schemas';
import { formatDateLine } from '@pxl/contract/format/date';
import { IdCell } from './cells.tsx';
import { AttemptResultBadge, callStatusText } from './labels.tsx';
import { FraudReleaseButton } from './fraud-release-button.tsx';
import { DASH } from '@/components/ui/dash.tsx';
import { PlainTable } from '@/components/ui/plain-table.tsx';
import { FraudVerdict } from '@/components/ui/fraud-verdict.tsx';

type Attempts = NonNullable<SessionLogRow['attempts']>;
type History = NonNullable<SessionLogRow['history']>;

const when = (at: string, timeZone: string) => formatDateLine(at, timeZone);

/** Each send of the lead down the waterfall, its Cold API re-sends too: which buyer, what it answered, how long it took. */
export function SessionAttempts({ attempts, timeZone }: { attempts: Attempts; timeZone: string }) {
  return (
    <PlainTable
      empty="No send yet."
      withTableBorder
      fz="xs"
      verticalSpacing={4}
      data-testid="session-attempts"
      head={['Step', 'Time', 'Product', 'Lead ID sent', 'Result', 'Duration', 'Message']}
    >
      {attempts.map((a) => (
        <Table.Tr key={a.uuid}>
          {/* Positions count from 0 in the waterfall; people count steps from 1. A Cold API re-send says so. */}
          <Table.Td data-resend={a.resend ? 'true' : undefined}>
            {a.resend ? `Re-send${a.resend.distribution ? `: ${a.resend.distribution.title}` : ''}` : a.position + 1}
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(a.at, timeZone)}</Table.Td>
          <Table.Td>{a.product.name}</Table.Td>
          <Table.Td>
            <IdCell id={a.uuid} />
          </Table.Td>
          <Table.Td>
            <AttemptResultBadge result={a.result} />
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{a.duration_ms} ms</Table.Td>
          <Table.Td style={{ wordBreak: 'break-word' }}>{a.message || DASH}</Table.Td>
        </Table.Tr>
      ))}
    </PlainTable>
  );
}

/** The buyer's call statuses in order; a step back (e.g. FTD undone) is marked, as the buyer reported it. */
export function SessionHistory({ history, timeZone }: { history: History; timeZone: string }) {
  return (
    <PlainTable
      empty="No call status yet."
      withTableBorder
      fz="xs"
      verticalSpacing={4}
      data-testid="session-history"
      head={['Time', 'Status', "Buyer's text", 'Source']}
    >
      {history.map((h, i) => (
        <Table.Tr key={`${h.at}-${i}`}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(h.at, timeZone)}</Table.Td>
          <Table.Td>
            <Group gap={4} wrap="nowrap">
              <Text span size="xs">
                {h.from ? `${callStatusText(h.from)} → ` : ''}
                {callStatusText(h.to)}
              </Text>
              {h.is_ftd && (
                <Text span size="xs" fw={700} c="green.8">
                  FTD
                </Text>
              )}
              {h.backwards && (
                <Text span size="xs" c="orange.8">
                  (backwards)
                </Text>
              )}
            </Group>
          </Table.Td>
          <Table.Td ff="monospace">{h.raw || DASH}</Table.Td>
          <Table.Td>{h.source}</Table.Td>
        </Table.Tr>
      ))}
    </PlainTable>
  );
}

/** The expanded row of a user session: the attempts, then the status history (side by side they would not fit). */
export function SessionDetail({
  session,
  timeZone,
  flagAt,
}: {
  session: SessionLogRow;
  timeZone: string;
  flagAt?: number | null;
}) {
  return (
    <Stack gap="md" maw={1100}>
      <FraudReleaseButton session={session} />
      <Stack gap={4} data-testid="session-fraud">
        <Text size="sm" fw={600}>
          Traffic quality
        </Text>
        <FraudVerdict verdict={session} flagAt={flagAt} />
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          Attempts
        </Text>
        <SessionAttempts attempts={session.attempts ?? []} timeZone={timeZone} />
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          Status history
        </Text>
        <SessionHistory history={session.history ?? []} timeZone={timeZone} />
      </Stack>
    </Stack>
  );
}
