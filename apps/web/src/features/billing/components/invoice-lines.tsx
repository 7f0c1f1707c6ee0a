import { Table, Text } from '@mantine/core';
import type { InvoiceLine } from '@pxl/contract/billing/index';
import { lineTitle } from './generate-values.ts';
import { money } from './invoice-labels.tsx';

/** What the invoice pays for: a line per offer and goal, the referral earnings, each adjustment; then the total. */
export function InvoiceLines({
  lines,
  currency,
  total,
}: {
  lines: readonly InvoiceLine[];
  currency: string;
  total: number;
}) {
  return (
    <Table verticalSpacing={6} fz="sm" data-testid="invoice-lines">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Line</Table.Th>
          <Table.Th ta="right">Count</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((l, i) => (
          <Table.Tr key={i} data-kind={l.kind}>
            <Table.Td>{lineTitle(l)}</Table.Td>
            <Table.Td ta="right">{l.kind === 'adjustment' ? '' : l.count}</Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              <Text span size="sm" c={l.amount < 0 ? 'red.7' : undefined}>
                {money(l.amount, currency)}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th>Total</Table.Th>
          <Table.Th />
          <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
            {money(total, currency)}
          </Table.Th>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}
