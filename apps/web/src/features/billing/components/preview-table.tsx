import { Group, Stack, Table, Text } from '@mantine/core';
import type { InvoicePreview } from '@pxl/contract/billing/index';
import { lineTitle } from './generate-values.ts';
import { money, partyText, paymentSystemText } from './invoice-labels.tsx';
import { PlainTable } from '@/components/ui/plain-table.tsx';

/** The invoices a generation would create: who, what currency, how many conversions, the total and its lines. */
export function PreviewTable({ list }: { list: readonly InvoicePreview[] }) {
  return (
    <PlainTable
      striped
      verticalSpacing={6}
      fz="sm"
      data-testid="invoice-preview"
      head={[
        'Affiliate',
        'Currency',
        { label: 'Conversions', ta: 'right' },
        { label: 'Total', ta: 'right' },
        'Lines',
        'Payment system',
      ]}
    >
      {list.map((p) => (
        <Table.Tr key={`${p.affiliate.uuid}-${p.currency}`}>
          <Table.Td>{partyText(p.affiliate)}</Table.Td>
          <Table.Td>{p.currency}</Table.Td>
          <Table.Td ta="right">{p.conversions}</Table.Td>
          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} fw={600}>
            {money(p.total, p.currency)}
          </Table.Td>
          <Table.Td>
            <Stack gap={0} miw={280}>
              {p.lines.map((l, i) => (
                <Group key={i} justify="space-between" wrap="nowrap" gap="md">
                  <Text size="xs">
                    {lineTitle(l)}
                    {l.count ? ` × ${l.count}` : ''}
                  </Text>
                  <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
                    {money(l.amount, p.currency)}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Table.Td>
          <Table.Td>
            {paymentSystemText(p.payment_system) || (
              <Text span size="sm" c="orange.8">
                None set
              </Text>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </PlainTable>
  );
}
