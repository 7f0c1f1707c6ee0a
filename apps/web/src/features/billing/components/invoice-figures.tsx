import type { ReactNode } from 'react';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { InvoiceListItem } from '@pxl/contract/billing/index';
import { formatDateLine } from '@pxl/contract/format/date';
import { InvoiceStatusBadge, money, partyText, paymentSystemText, periodText } from './invoice-labels.tsx';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} data-field={label} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" fw={500} style={{ wordBreak: 'break-word' }}>
        {children === '' || children === null ? '—' : children}
      </Text>
    </Stack>
  );
}

/** The figures of an invoice's header: who, which period, how much, how much is paid and open, status. */
export function FigureList({ invoice: i, timeZone = 'UTC' }: { invoice: InvoiceListItem; timeZone?: string }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="md" verticalSpacing="sm" data-testid="invoice-figures">
      <Figure label="Affiliate">{partyText(i.affiliate)}</Figure>
      <Figure label="Period">{periodText(i.period_from, i.period_to)}</Figure>
      <Figure label="Status">
        <InvoiceStatusBadge status={i.status} />
      </Figure>
      <Figure label="Payment system">{paymentSystemText(i.payment_system)}</Figure>
      <Figure label="Created">{formatDateLine(i.created_at, timeZone)}</Figure>
      <Figure label="Total">{money(i.total, i.currency)}</Figure>
      <Figure label="Paid so far">{money(i.paid, i.currency)}</Figure>
      <Figure label="Open">{money(i.status === 'declined' ? 0 : i.total - i.paid, i.currency)}</Figure>
      <Figure label="Currency">{i.currency}</Figure>
    </SimpleGrid>
  );
}
