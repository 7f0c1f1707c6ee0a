import { Alert, Anchor, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCopy, IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { TRAFFICBACK_REASONS, type ClickDecisionView } from '@pxl/contract/tracking/tracking.schemas';
import { copyToClipboard } from '@/lib/clipboard.ts';
import { CheckList } from './check-list.tsx';
import { TestConversion } from './test-conversion.tsx';

const OUTCOMES = {
  offer: {
    title: 'Goes to the offer',
    color: 'green',
    text: 'Every check passed: the visitor is redirected (302) to the URL below.',
  },
  trafficback: {
    title: 'Goes to trafficback',
    color: 'orange',
    text: 'The click is refused and redirected to the trafficback URL below.',
  },
  unavailable: {
    title: 'Offer not available',
    color: 'red',
    text: 'The click is refused and no trafficback URL takes this reason: the visitor sees the plain “offer not available” page.',
  },
} as const;

/** The decision: outcome and reason, the final URL to copy or open, and every check in the order it ran. */
export function DecisionResult({ decision }: { decision: ClickDecisionView }) {
  const outcome = OUTCOMES[decision.outcome];
  return (
    <Paper withBorder radius="md" p="lg" data-testid="simulation-result">
      <Stack gap="md">
        <Alert color={outcome.color} variant="light" title={outcome.title} role="status">
          {decision.reason && (
            <Text size="sm" fw={600}>
              Reason: {TRAFFICBACK_REASONS[decision.reason]}
            </Text>
          )}
          <Text size="sm">{outcome.text}</Text>
        </Alert>
        {decision.url ? (
          <Stack gap={6}>
            <Textarea
              label="Final URL"
              readOnly
              autosize
              minRows={1}
              value={decision.url}
              data-testid="final-url"
              styles={{ input: { wordBreak: 'break-all', fontFamily: 'monospace', fontSize: 13 } }}
              onFocus={(e) => e.currentTarget.select()}
            />
            <Group gap="xs">
              <Button
                variant="light"
                size="xs"
                leftSection={<IconCopy size={14} />}
                onClick={() => void copyToClipboard(decision.url ?? '')}
              >
                Copy
              </Button>
              <Button
                component="a"
                href={decision.url}
                target="_blank"
                rel="noopener noreferrer"
                variant="subtle"
                size="xs"
                leftSection={<IconExternalLink size={14} />}
              >
                Open
              </Button>
            </Group>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            No URL: nothing to redirect to.
          </Text>
        )}
        {decision.test_conversion && <TestConversion conversion={decision.test_conversion} />}
        <div>
          <Title order={4} size="h5" mb={6}>
            Checks
          </Title>
          <CheckList checks={decision.checks} />
          <Text size="xs" c="dimmed" mt={6}>
            They run in this order and stop at the first that fails. The click ID in the URL is made up for the test;
            see also{' '}
            <Anchor component={Link} to="/settings/trafficback" size="xs">
              Settings › Trafficback
            </Anchor>
            .
          </Text>
        </div>
      </Stack>
    </Paper>
  );
}
