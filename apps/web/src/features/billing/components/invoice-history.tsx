import { Table, Text } from '@mantine/core';
import type { Invoice } from '@pxl/contract/billing/index';
import { formatDateLine } from '@pxl/contract/format/date';
import { statusLabel } from '@/lib/labels.ts';
import { partyText } from './invoice-labels.tsx';

/** Who did what to the invoice and when, from the audit log; the system acts without a name. */
export function InvoiceHistory({ history, timeZone }: { history: Invoice['history']; timeZone: string }) {
  if (!history.length)
    return (
      <Text size="sm" c="dimmed">
        Nothing recorded yet.
      </Text>
    );
  return (
    <Table verticalSpacing={6} fz="sm" data-testid="invoice-history">
      <Table.Tbody>
        {history.map((h, i) => (
          <Table.Tr key={i}>
            <Table.Td style={{ whiteSpace: 'nowrap' }} w={150}>
              {formatDateLine(h.at, timeZone)}
            </Table.Td>
            <Table.Td w={180}>{h.actor ? partyText(h.actor) : 'System'}</Table.Td>
            <Table.Td w={120}>{statusLabel(h.action)}</Table.Td>
            <Table.Td style={{ wordBreak: 'break-word' }}>{h.text}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
