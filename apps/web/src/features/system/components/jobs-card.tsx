import { Badge, Group, Table, Text } from '@mantine/core';
import type { SystemOverview } from '@pxl/contract/system/index';
import { DASH } from '@/components/ui/dash.tsx';
import { DateCell } from '@/components/ui/date-cell.tsx';
import { PlainTable } from '@/components/ui/plain-table.tsx';
import { TitledCard } from '@/components/ui/titled-card.tsx';
import { formatCapped } from './capped-count.ts';
import { CardNote } from './card-extras.tsx';

type Jobs = SystemOverview['jobs'];

const STATE_COLORS: Record<string, string> = { completed: 'green', failed: 'red', active: 'blue', cancelled: 'gray' };

/** pg-boss's queues: waiting, running and recently failed jobs (docs/product/system.md, "Job queues"). */
export function QueuesCard({ queues }: { queues: Jobs['queues'] }) {
  const count = (n: number, failed = false) => (
    <Table.Td ta="right" c={failed && n > 0 ? 'red' : undefined}>
      {formatCapped(n)}
    </Table.Td>
  );
  return (
    <TitledCard title="Job queues" data-testid="system-queues" extra={<CardNote>failed: last 12 hours</CardNote>}>
      <Table.ScrollContainer minWidth={290}>
        <PlainTable
          horizontalSpacing={6}
          head={[
            'Queue',
            { label: 'Waiting', ta: 'right' },
            { label: 'Running', ta: 'right' },
            { label: 'Failed', ta: 'right' },
          ]}
        >
          {queues.map((q) => (
            <Table.Tr key={q.name} data-testid="system-queue">
              <Table.Td>{q.name}</Table.Td>
              {count(q.waiting)}
              {count(q.active)}
              {count(q.failed, true)}
            </Table.Tr>
          ))}
        </PlainTable>
      </Table.ScrollContainer>
    </TitledCard>
  );
}

/** Each schedule with its cron and the newest run pg-boss still holds. */
export function SchedulesCard({ schedules, timeZone }: { schedules: Jobs['schedules']; timeZone: string }) {
  return (
    <TitledCard title="Schedules" data-testid="system-schedules">
      <Table.ScrollContainer minWidth={290}>
        <PlainTable
          horizontalSpacing={6}
          head={['Schedule', 'Cron', 'Last run']}
          empty="No schedules yet: they start with the server."
        >
          {schedules.map((s) => (
            <Table.Tr key={s.name} data-testid="system-schedule">
              <Table.Td>{s.name}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <code>{s.cron}</code>
              </Table.Td>
              <Table.Td>
                {s.last_run ? (
                  <Group gap={6}>
                    <Badge variant="light" color={STATE_COLORS[s.last_run.state] ?? 'yellow'}>
                      {s.last_run.state}
                    </Badge>
                    <Text size="sm" span>
                      <DateCell value={s.last_run.started_on ?? s.last_run.created_on} timeZone={timeZone} />
                    </Text>
                  </Group>
                ) : (
                  DASH
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </PlainTable>
      </Table.ScrollContainer>
    </TitledCard>
  );
}
