import { Badge, Button, Paper, ScrollArea, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { DateCell } from '@/components/ui/date-cell.tsx';
import { shortUserAgent } from '@/lib/user-agent.ts';
import { useSessions } from '../api/list-sessions.ts';
import { useRevokeSession } from '../api/revoke-session.ts';
import { PlainTable } from '@/components/ui/plain-table.tsx';

/** Own active sessions; revoking this browser's one signs it out. */
export function SessionsTable({ timeZone }: { timeZone?: string }) {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  // This browser first, then the most recently used.
  const rows = [...(sessions.data?.list ?? [])].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.last_seen_at.localeCompare(a.last_seen_at),
  );

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={4}>Active sessions</Title>
        <ScrollArea>
          <PlainTable
            verticalSpacing={6}
            fz="sm"
            miw={720}
            aria-label="Active sessions"
            head={['Created', 'Last seen', 'IP', 'Device', {}]}
          >
            {rows.map((s) => (
              <Table.Tr key={s.uuid}>
                <Table.Td>
                  <DateCell value={s.created_at} timeZone={timeZone} />
                </Table.Td>
                <Table.Td>
                  <DateCell value={s.last_seen_at} timeZone={timeZone} />
                </Table.Td>
                <Table.Td>{s.ip ?? '—'}</Table.Td>
                <Table.Td>
                  <Tooltip label={s.user_agent ?? 'Unknown'} multiline maw={420} withinPortal>
                    <Text size="sm" component="span">
                      {shortUserAgent(s.user_agent)}
                    </Text>
                  </Tooltip>
                  {s.current && (
                    <Badge ml="xs" size="sm" color="teal" variant="light">
                      This device
                    </Badge>
                  )}
                  {s.impersonated_by && (
                    <Text size="xs" c="orange">
                      Opened by {s.impersonated_by} (log in as)
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant="default"
                    color="red"
                    loading={revoke.isPending && revoke.variables?.uuid === s.uuid}
                    onClick={() => revoke.mutate({ uuid: s.uuid, current: s.current })}
                  >
                    {s.current ? 'Sign out' : 'Revoke'}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </PlainTable>
        </ScrollArea>
        {!sessions.isPending && rows.length === 0 && (
          <Text c="dimmed" size="sm">
            No active sessions.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
