import { Paper, Text } from '@mantine/core';

/** docs/product/statistics.md asks for the affiliate's balance; billing (docs/product/billing.md) is not built yet, so no amount is made up. */
export function BalanceCard() {
  return (
    <Paper withBorder radius="md" p="md" data-testid="balance-card">
      <Text size="xs" tt="uppercase" fw={700} c="dimmed">
        Balance
      </Text>
      <Text mt={6}>Billing is not built yet, so there is no balance to show.</Text>
      <Text size="sm" c="dimmed" mt={4}>
        Your payouts for each period are in the figures below and in Statistics.
      </Text>
    </Paper>
  );
}
