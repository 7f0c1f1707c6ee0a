import { Table, Text, Tooltip } from '@mantine/core';
import type { Balance } from '@pxl/contract/billing/billing.schemas';
import type { Currency } from '@pxl/contract/constants/constants.data';
import { formatMoney } from '@pxl/contract/format/money';
import { BALANCE_BUCKETS } from '@/lib/queries/my-balance.ts';

/** One row per currency, one column per bucket (docs/product/billing.md). */
export function BalanceTable({ balances }: { balances: readonly Balance[] }) {
  if (!balances.length)
    return (
      <Text size="sm" c="dimmed" data-testid="balances-empty">
        No earnings yet: approved conversions show here.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing={8} data-testid="balances">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Currency</Table.Th>
            {BALANCE_BUCKETS.map((b) => (
              <Table.Th key={b.key} ta="right">
                <Tooltip label={b.help} withArrow>
                  <span>{b.label}</span>
                </Tooltip>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {balances.map((row) => (
            <Table.Tr key={row.currency} data-currency={row.currency}>
              <Table.Td fw={600}>{row.currency}</Table.Td>
              {BALANCE_BUCKETS.map((b) => (
                <Table.Td key={b.key} ta="right" data-bucket={b.key} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(row[b.key], row.currency as Currency)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
