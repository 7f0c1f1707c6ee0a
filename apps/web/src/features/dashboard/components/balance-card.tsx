import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Currency } from '@pxl/contract/constants/constants.data';
import { formatMoney } from '@pxl/contract/format/money';
import { BALANCE_BUCKETS, useMyBalance } from '@/lib/queries/my-balance.ts';

/** The affiliate's balances per currency (docs/product/billing.md): approved and unpaid first, the other buckets below. */
export function BalanceCard() {
  const balance = useMyBalance();
  const rows = balance.data?.balances ?? [];
  return (
    <Paper withBorder radius="md" p="md" data-testid="balance-card">
      <Group justify="space-between">
        <Text size="xs" tt="uppercase" fw={700} c="dimmed">
          Balance
        </Text>
        <Anchor component={Link} to="/payments" size="sm">
          Payments
        </Anchor>
      </Group>
      {balance.data && !rows.length && <Text mt={6}>No earnings yet.</Text>}
      <Stack gap="sm" mt={6}>
        {rows.map((row) => {
          const money = (n: number) => formatMoney(n, row.currency as Currency);
          return (
            <Stack key={row.currency} gap={0} data-currency={row.currency}>
              <Text size="xs" c="dimmed">
                Approved, unpaid
              </Text>
              <Text size="xl" fw={700} data-bucket="approved_unpaid">
                {money(row.approved_unpaid)}
              </Text>
              <Text size="xs" c="dimmed">
                {BALANCE_BUCKETS.filter((b) => b.key !== 'approved_unpaid')
                  .map((b) => `${b.label} ${money(row[b.key])}`)
                  .join(' · ')}
              </Text>
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
