import { Table, Text } from '@mantine/core';
import type { ReferralSummary } from '@pxl/contract/billing/referrals.schemas';
import type { Currency } from '@pxl/contract/constants/constants.data';
import { formatMoney } from '@pxl/contract/format/money';
import { PlainTable } from '@/components/ui/plain-table.tsx';

/** Per currency: earned (accrued, not reversed), of which paid through approved invoices, and what is still to come. */
export function ReferralEarnings({ earnings }: { earnings: ReferralSummary['earnings'] }) {
  if (!earnings.length)
    return (
      <Text size="sm" c="dimmed">
        No earnings yet: they accrue when the affiliates you referred have conversions approved.
      </Text>
    );
  return (
    <PlainTable
      verticalSpacing={8}
      data-testid="referral-earnings"
      head={[
        'Currency',
        { label: 'Earned', ta: 'right' },
        { label: 'Paid', ta: 'right' },
        { label: 'Not paid yet', ta: 'right' },
      ]}
    >
      {earnings.map((e) => {
        const money = (n: number) => formatMoney(n, e.currency as Currency);
        return (
          <Table.Tr key={e.currency} data-currency={e.currency}>
            <Table.Td fw={600}>{e.currency}</Table.Td>
            <Table.Td ta="right" data-field="earned">
              {money(e.earned)}
            </Table.Td>
            <Table.Td ta="right" data-field="paid">
              {money(e.paid)}
            </Table.Td>
            <Table.Td ta="right">{money(Math.max(e.earned - e.paid, 0))}</Table.Td>
          </Table.Tr>
        );
      })}
    </PlainTable>
  );
}
