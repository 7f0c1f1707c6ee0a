import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { SystemOverview } from '@pxl/contract/system/index';
import { formatDateLine } from '@pxl/contract/format/date';
import { formatBytes } from '@/lib/format/numbers.ts';
import { formatCapped } from './capped-count.ts';

function Stat({ label, value, alert, testId }: { label: string; value: string; alert?: boolean; testId: string }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600} size="lg" c={alert ? 'red' : undefined}>
        {value}
      </Text>
    </Paper>
  );
}

/** The four figures an operator reads first: processes, database size, last backup, failed jobs. */
export function SummaryStrip({ overview, timeZone }: { overview: SystemOverview; timeZone: string }) {
  const running = overview.processes.filter((p) => p.running).length;
  const failed = overview.jobs.queues.reduce((sum, q) => sum + q.failed, 0);
  const backup = overview.last_backup;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      <Stat testId="system-stat-processes" label="Processes running" value={String(running)} alert={running === 0} />
      <Stat testId="system-stat-database" label="Database" value={formatBytes(overview.database.total_bytes)} />
      <Stat
        testId="system-stat-backup"
        label="Last backup"
        value={backup?.finished_at ? formatDateLine(backup.finished_at, timeZone) : 'None yet'}
        alert={!backup}
      />
      <Stat testId="system-stat-failed" label="Failed jobs (12 h)" value={formatCapped(failed)} alert={failed > 0} />
    </SimpleGrid>
  );
}
