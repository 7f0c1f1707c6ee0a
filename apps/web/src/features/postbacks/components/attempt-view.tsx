import { Group, Stack, Text } from '@mantine/core';
import type { Attempt } from '@pxl/contract/postbacks/postbacks.schemas';
import { formatDateLine } from '@pxl/contract/format/date';
import { StatusCode } from './postback-labels.tsx';
import { CallAnswer, CodeAndDuration, WrappedCode } from '@/components/ui/wrapped-code.tsx';

const when = (value: string, timeZone: string) => formatDateLine(value, timeZone);

/** One delivery attempt: the URL requested, then the answer (code, response excerpt, duration) or the error. */
export function AttemptView({ attempt, timeZone }: { attempt: Attempt; timeZone?: string }) {
  return (
    <Stack gap={4} data-testid="postback-attempt">
      <Group gap="md" wrap="wrap" align="flex-start">
        {timeZone !== undefined && (
          <Text size="sm" c="dimmed">
            {when(attempt.at, timeZone)}
          </Text>
        )}
        <CodeAndDuration code={<StatusCode code={attempt.status_code} />} ms={attempt.duration_ms} />
      </Group>
      <Text size="xs" c="dimmed">
        Request
      </Text>
      <WrappedCode>{attempt.url}</WrappedCode>
      <CallAnswer error={attempt.error} body={attempt.response} maxHeight={160} label="Response" />
    </Stack>
  );
}

/** Every attempt of an outbound postback, newest last as they happened. */
export function AttemptList({
  attempts,
  timeZone,
  nextAt,
}: {
  attempts: Attempt[];
  timeZone: string;
  nextAt: string | null;
}) {
  return (
    <Stack gap="md" maw={900}>
      {attempts.length === 0 && (
        <Text size="sm" c="dimmed">
          No attempt yet.
        </Text>
      )}
      {attempts.map((a, i) => (
        <Stack key={`${a.at}-${i}`} gap={4}>
          <Text size="sm" fw={600}>
            Attempt {i + 1}
          </Text>
          <AttemptView attempt={a} timeZone={timeZone} />
        </Stack>
      ))}
      {nextAt && (
        <Text size="sm" c="dimmed">
          Next attempt: {when(nextAt, timeZone)}
        </Text>
      )}
    </Stack>
  );
}
