import { Alert, Code, Text } from '@mantine/core';
import type { ClickDecisionView } from '@pxl/contract/tracking/tracking.schemas';
import { formatMinor } from '@/lib/money.ts';

type Conversion = NonNullable<ClickDecisionView['test_conversion']>;

/** What the test conversion was stored with, so the goal table's payout for this country and affiliate can be checked. */
export function TestConversion({ conversion: c }: { conversion: Conversion }) {
  return (
    <Alert color="blue" variant="light" title="Test conversion stored" data-testid="test-conversion">
      <Text size="sm">
        Goal <b>{c.goal}</b>, {c.status}: payout {formatMinor(c.payout.amount, c.payout.currency)}, revenue{' '}
        {formatMinor(c.revenue.amount, c.revenue.currency)}.
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        Conversion <Code>{c.uuid}</Code> is marked as test: it is left out of money and reports, and no postback was
        sent.
      </Text>
    </Alert>
  );
}
