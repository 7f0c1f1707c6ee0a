import { Badge, Group, Table } from '@mantine/core';
import type { ServerProcess } from '@pxl/contract/system/index';
import { formatDateLine } from '@pxl/contract/format/date';
import { PlainTable } from '@/components/ui/plain-table.tsx';
import { TitledCard } from '@/components/ui/titled-card.tsx';
import { CardNote } from './card-extras.tsx';

/** Each server process from its heartbeat row; one silent for two minutes is gone (docs/product/system.md). */
export function ProcessesCard({ processes, timeZone }: { processes: ServerProcess[]; timeZone: string }) {
  const running = processes.filter((p) => p.running).length;
  return (
    <TitledCard title="Processes" data-testid="system-processes" extra={<CardNote>{running} running</CardNote>}>
      <Table.ScrollContainer minWidth={640}>
        <PlainTable
          horizontalSpacing="xs"
          head={['Host', 'Status', 'Version', 'PID', 'Started', 'Last seen']}
          empty="No process has reported yet."
        >
          {processes.map((p) => (
            <Table.Tr key={p.id} data-testid="system-process">
              <Table.Td>{p.host}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Badge color={p.running ? 'green' : 'gray'} variant="light">
                    {p.running ? 'Running' : 'Gone'}
                  </Badge>
                  {p.current && (
                    <Badge color="blue" variant="outline">
                      This one
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{p.version}</Table.Td>
              <Table.Td>{p.pid}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateLine(p.started_at, timeZone)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateLine(p.last_seen, timeZone)}</Table.Td>
            </Table.Tr>
          ))}
        </PlainTable>
      </Table.ScrollContainer>
    </TitledCard>
  );
}
