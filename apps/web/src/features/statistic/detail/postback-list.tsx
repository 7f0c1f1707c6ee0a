import { Accordion, Badge, Group, Stack, Text } from '@mantine/core';
import { formatDateLine } from '@pxl/contract/format/date';
import { POSTBACK_EVENTS, type Attempt, type OutboundPostback } from '@pxl/contract/postbacks/postbacks.schemas';
import { CallAnswer, CodeAndDuration, WrappedCode } from '@/components/ui/wrapped-code.tsx';

const STATUS_COLORS: Record<OutboundPostback['status'], string> = {
  pending: 'yellow',
  delivered: 'green',
  failed: 'red',
  refused: 'gray',
};
const STATUS_LABELS: Record<OutboundPostback['status'], string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
  refused: 'Refused',
};
const when = (at: string, timeZone: string) => formatDateLine(at, timeZone);

function HttpCode({ code }: { code: number | null }) {
  if (code === null)
    return (
      <Text span size="sm" c="dimmed">
        no answer
      </Text>
    );
  return (
    <Text span size="sm" ff="monospace" fw={600} c={code < 300 ? 'green.8' : code < 500 ? 'orange.8' : 'red.8'}>
      {code}
    </Text>
  );
}

/** One delivery attempt: the URL asked, then the answer or the error. */
function AttemptBlock({ attempt, index, timeZone }: { attempt: Attempt; index: number; timeZone: string }) {
  return (
    <Stack gap={4} data-testid="postback-attempt">
      <Group gap="md">
        <Text size="sm" fw={600}>
          Attempt {index + 1}
        </Text>
        <Text size="sm" c="dimmed">
          {when(attempt.at, timeZone)}
        </Text>
        <CodeAndDuration code={<HttpCode code={attempt.status_code} />} ms={attempt.duration_ms} />
      </Group>
      <WrappedCode>{attempt.url}</WrappedCode>
      <CallAnswer error={attempt.error} body={attempt.response} maxHeight={120} />
    </Stack>
  );
}

/** The postbacks this conversion sent to the affiliate, each opening to its attempts. */
export function PostbackList({ postbacks, timeZone }: { postbacks: OutboundPostback[]; timeZone: string }) {
  if (postbacks.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No postback went to the affiliate for this conversion (none set up, or a test conversion).
      </Text>
    );
  return (
    <Accordion variant="separated" multiple data-testid="conversion-postbacks">
      {postbacks.map((p) => (
        <Accordion.Item key={p.uuid} value={p.uuid}>
          <Accordion.Control>
            <Group gap="sm" wrap="wrap">
              <Badge color={STATUS_COLORS[p.status]} variant="light" radius="sm">
                {STATUS_LABELS[p.status]}
              </Badge>
              <Text size="sm" fw={500}>
                {POSTBACK_EVENTS[p.event] ?? p.event}
              </Text>
              <Text size="sm" c="dimmed">
                {when(p.created_at, timeZone)}
              </Text>
              <Text size="sm" c="dimmed">
                {p.attempts_count} {p.attempts_count === 1 ? 'attempt' : 'attempts'}
              </Text>
              <HttpCode code={p.last_status_code} />
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap="md">
              {p.attempts.length === 0 && (
                <Text size="sm" c="dimmed">
                  Not sent yet.
                </Text>
              )}
              {p.attempts.map((a, i) => (
                <AttemptBlock key={`${a.at}-${i}`} attempt={a} index={i} timeZone={timeZone} />
              ))}
              {p.next_attempt_at && (
                <Text size="sm" c="dimmed">
                  Next attempt: {when(p.next_attempt_at, timeZone)}
                </Text>
              )}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
