import { Table, Text } from '@mantine/core';
import type { InvoicePayment } from '@pxl/contract/billing/index';
import { formatDate, formatDateLine } from '@pxl/contract/format/date';
import { money, partyText, paymentSystemText } from './invoice-labels.tsx';
import { PlainTable } from '@/components/ui/plain-table.tsx';

/** Payments recorded on the invoice: day, amount, method, reference, who recorded it and when. */
export function InvoicePayments({
  payments,
  currency,
  timeZone,
}: {
  payments: readonly InvoicePayment[];
  currency: string;
  timeZone: string;
}) {
  if (!payments.length)
    return (
      <Text size="sm" c="dimmed">
        No payments yet.
      </Text>
    );
  return (
    <PlainTable
      verticalSpacing={6}
      fz="sm"
      data-testid="invoice-payments"
      head={['Paid on', { label: 'Amount', ta: 'right' }, 'Method', 'Reference', 'Recorded']}
    >
      {payments.map((p) => (
        <Table.Tr key={p.uuid}>
          <Table.Td>{formatDate(p.paid_on).date}</Table.Td>
          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
            {money(p.amount, currency)}
          </Table.Td>
          <Table.Td>{paymentSystemText(p.method)}</Table.Td>
          <Table.Td style={{ wordBreak: 'break-word' }}>{p.reference || '—'}</Table.Td>
          <Table.Td>
            <Text size="xs">
              {formatDateLine(p.created_at, timeZone)}
              {p.created_by ? ` · ${partyText(p.created_by)}` : ''}
            </Text>
          </Table.Td>
        </Table.Tr>
      ))}
    </PlainTable>
  );
}
