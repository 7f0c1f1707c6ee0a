import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { z } from 'zod';
import type { integrationTestResultSchema } from '@pxl/contract/leads/leads.schemas';
import { formatDateLine } from '@pxl/contract/format/date';
import { RESULTS } from './attempt-results.ts';
import { ExchangeView } from './exchange-view.tsx';
import { ParsedAnswer } from './parsed-answer.tsx';

type Result = z.infer<typeof integrationTestResultSchema>;

/** The test send: how it ended, whether the product is now tested, what was read, and the exchange itself. */
export function IntegrationResult({ result, timeZone }: { result: Result; timeZone: string }) {
  const { attempt } = result;
  const look = RESULTS[attempt.result];
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="integration-result">
      <Stack gap="md">
        <Alert
          color={result.ok ? 'green' : look.color}
          variant="light"
          role="status"
          title={result.ok ? 'Accepted: the integration works' : `${look.label}: the buyer did not take the test lead`}
        >
          <Text size="sm">
            {attempt.message || (result.ok ? 'The answer matched the success rules.' : 'See the answer below.')}
          </Text>
        </Alert>
        {result.tested_at ? (
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} data-testid="marked-tested">
            <Text size="sm" fw={600}>
              Product marked as tested
            </Text>
            <Text size="sm">At {formatDateLine(result.tested_at, timeZone)}: it may now be used for routing.</Text>
          </Alert>
        ) : (
          <Text size="sm" c="dimmed">
            Only a successful test marks the product tested; untested products are never used for routing.
          </Text>
        )}
        <div>
          <Title order={5} mb={6}>
            What was read
          </Title>
          <ParsedAnswer attempt={attempt} />
        </div>
        <ExchangeView exchange={attempt} />
      </Stack>
    </Paper>
  );
}
