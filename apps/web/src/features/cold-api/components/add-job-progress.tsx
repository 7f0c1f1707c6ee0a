import { Alert, Group, Progress, Text } from '@mantine/core';
import type { AddJob } from '@pxl/contract/cold-api/cold.schemas';
import { formatCount } from '@/lib/format/numbers.ts';

/** The background addition of a filter: how far it is, then how many leads it added. */
export function AddJobProgress({ job }: { job: AddJob }) {
  if (job.state === 'failed')
    return (
      <Alert color="red" title="Adding the leads of the filter failed" data-testid="add-job">
        {job.error ?? 'Try again.'} {formatCount(job.added)} of {formatCount(job.total)} were added.
      </Alert>
    );
  const share = job.total > 0 ? Math.round((job.done / job.total) * 100) : 100;
  return (
    <Alert
      color={job.state === 'done' ? 'green' : 'blue'}
      title={job.state === 'done' ? 'Leads of the filter added' : 'Adding the leads of the filter…'}
      data-testid="add-job"
      data-state={job.state}
    >
      <Group justify="space-between" mb={6}>
        <Text size="sm">
          {job.state === 'done'
            ? `${formatCount(job.added)} added (${formatCount(job.total - job.added)} were in the list already).`
            : `${formatCount(job.done)} of ${formatCount(job.total)} checked, ${formatCount(job.added)} added`}
        </Text>
        <Text size="sm" fw={600}>
          {share}%
        </Text>
      </Group>
      <Progress value={share} animated={job.state === 'running'} aria-label="Progress" />
    </Alert>
  );
}
