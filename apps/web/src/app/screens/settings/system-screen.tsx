import { SimpleGrid, Stack } from '@mantine/core';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { RecordLoader } from '@/components/ui/record-loader.tsx';
import { useSystemOverview } from '@/features/system/api/get-system-overview.ts';
import { BackupsCard } from '@/features/system/components/backups-card.tsx';
import { DatabaseCard } from '@/features/system/components/database-card.tsx';
import { MailCard, RejectedRowsCard, RetentionCard } from '@/features/system/components/health-cards.tsx';
import { QueuesCard, SchedulesCard } from '@/features/system/components/jobs-card.tsx';
import { ProcessesCard } from '@/features/system/components/processes-card.tsx';
import { SummaryStrip } from '@/features/system/components/summary-strip.tsx';
import { useDisplayTimeZone } from './use-display-time-zone.ts';

/** The operator's first stop (docs/product/system.md); every figure comes from one bounded read. */
export function SystemScreen() {
  const overview = useSystemOverview();
  const { timeZone } = useDisplayTimeZone();
  return (
    <PageFrame>
      <RecordLoader query={overview} noun="system overview">
        {(o) => (
          <Stack gap="md">
            <SummaryStrip overview={o} timeZone={timeZone} />
            <ProcessesCard processes={o.processes} timeZone={timeZone} />
            <BackupsCard timeZone={timeZone} />
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <QueuesCard queues={o.jobs.queues} />
              <SchedulesCard schedules={o.jobs.schedules} timeZone={timeZone} />
              <MailCard mail={o.mail} />
              <Stack gap="md">
                <RetentionCard retention={o.retention} />
                <RejectedRowsCard rejected={o.rejected_rows} timeZone={timeZone} />
              </Stack>
            </SimpleGrid>
            <DatabaseCard totalBytes={o.database.total_bytes} tables={o.database.tables} />
          </Stack>
        )}
      </RecordLoader>
    </PageFrame>
  );
}
