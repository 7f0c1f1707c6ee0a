import { Code, Group, Stack, Text } from '@mantine/core';
import type { Attempt } from '@pxl/contract/postbacks/postbacks.schemas';
import { formatDateLine } from '@pxl/contract/format/date';
import { StatusCode } from './postback-labels.tsx';

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
        <Text size="sm">
          Code: <StatusCode code={attempt.status_code} />
        </Text>
        <Text size="sm" c="dimmed">
          {attempt.duration_ms} ms
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        Request
      </Text>
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {attempt.url}
      </Code>
      {attempt.error ? (
        <Text size="sm" c="red.7">
          Error: {attempt.error}
        </Text>
      ) : (
        <>
          <Text size="xs" c="dimmed">
            Response
          </Text>
          <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 160, overflow: 'auto' }}>
            {attempt.response || '(empty body)'}
          </Code>
        </>
      )}
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
