import { Alert, CloseButton, Group, Paper, Text } from '@mantine/core';
import type { Attempt } from '@pxl/contract/postbacks/postbacks.schemas';
import { AttemptView } from './attempt-view.tsx';

export type TestOutcome = { attempt: Attempt } | { failure: string };

/** What a "Send test" did: the attempt as sent and answered, or why it could not be sent. */
export function TestResult({ outcome, onClose }: { outcome: TestOutcome; onClose: () => void }) {
  if ('failure' in outcome) {
    return (
      <Alert color="red" variant="light" title="Test not sent" withCloseButton onClose={onClose}>
        {outcome.failure}
      </Alert>
    );
  }
  const { attempt } = outcome;
  const ok = attempt.error === null && attempt.status_code !== null && attempt.status_code < 300;
  return (
    <Paper
      withBorder
      radius="sm"
      p="sm"
      bg={ok ? 'var(--mantine-color-green-0)' : 'var(--mantine-color-red-0)'}
      aria-label="Test result"
    >
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={600}>
          {ok ? 'Test delivered' : 'Test failed'}
        </Text>
        <CloseButton size="sm" aria-label="Close the test result" onClick={onClose} />
      </Group>
      <AttemptView attempt={attempt} />
    </Paper>
  );
}
