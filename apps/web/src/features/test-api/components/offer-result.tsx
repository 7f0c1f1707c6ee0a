import { Alert, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { LEAD_REFUSALS, type OfferTestResult } from '@pxl/contract/leads/leads.schemas';
import { RoutingSteps } from './routing-steps.tsx';

const reasonText = (reason: string) => LEAD_REFUSALS[reason as keyof typeof LEAD_REFUSALS] ?? reason;

/** How the lead ended (or why it was refused before routing) and each step of the waterfall. */
function Outcome({ result }: { result: OfferTestResult }) {
  if (result.refusal) {
    return (
      <Alert color="red" variant="light" role="status" title={`Refused: ${reasonText(result.refusal.reason)}`}>
        <Text size="sm">{result.refusal.message}</Text>
        <Text size="xs" c="dimmed" mt={4}>
          Reason code <Code>{result.refusal.reason}</Code>
        </Text>
      </Alert>
    );
  }
  const winner = result.steps.find(
    (s) => s.result === 'accepted' || (s.attempt && result.status === 'accepted' && s.result === 'timeout'),
  );
  const outcome = {
    accepted: {
      color: 'green',
      title: `Accepted${winner ? ` by ${winner.product.name}` : ''}`,
      text: winner?.attempt?.autologin_url
        ? `Autologin URL: ${winner.attempt.autologin_url}`
        : 'The first acceptance wins: no other product got the lead.',
    },
    failed: {
      color: 'red',
      title: 'Failed: no product took the lead',
      text: 'It is kept with status failed and the reason, as a real lead would be.',
    },
    unknown: {
      color: 'yellow',
      title: 'Unknown: a buyer timed out',
      text: 'It could not be asked about the lead, so no other product got it; the status pull settles it.',
    },
    processing: {
      color: 'blue',
      title: 'Still processing',
      text: 'The routing had not finished when the answer was given.',
    },
  }[result.status ?? 'failed'];
  return (
    <Alert color={outcome.color} variant="light" role="status" title={outcome.title}>
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        {outcome.text}
      </Text>
    </Alert>
  );
}

export function OfferResult({ result }: { result: OfferTestResult }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="offer-test-result">
      <Stack gap="md">
        <Outcome result={result} />
        {result.lead_id && (
          <Group gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed">
              Lead
            </Text>
            <Code data-testid="test-lead-id">{result.lead_id}</Code>
            {result.status && (
              <Text size="sm" c="dimmed">
                status {result.status}
              </Text>
            )}
          </Group>
        )}
        {(result.steps.length > 0 || !result.refusal) && (
          <div>
            <Title order={5} mb="xs">
              Waterfall
            </Title>
            <RoutingSteps steps={result.steps} />
          </div>
        )}
      </Stack>
    </Paper>
  );
}
