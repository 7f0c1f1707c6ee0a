import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Invoice } from '@pxl/contract/billing/index';
import { InvoiceActions } from './invoice-actions.tsx';
import { ConversionsCsvButton, InvoiceConversions } from './invoice-conversions.tsx';
import { FigureList } from './invoice-figures.tsx';
import { InvoiceHistory } from './invoice-history.tsx';
import { InvoiceStatusBadge, isOpen, paymentSystemText } from './invoice-labels.tsx';
import { InvoiceLines } from './invoice-lines.tsx';
import { InvoicePayments } from './invoice-payments.tsx';
import { PrintableInvoice } from './printable-invoice.tsx';
import { RefreshPaymentDetailsButton } from './refresh-payment-details.tsx';
import { SectionCard } from './section-card.tsx';

type Props = { invoice: Invoice; timeZone: string; today: string; issuer: string };

/** One invoice (docs/product/billing.md): figures, lines, conversions, payments, history and what can be done now. */
export function InvoiceDetail({ invoice: i, timeZone, today, issuer }: Props) {
  return (
    <Stack gap="md" data-testid="invoice-detail">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Title order={3} ff="monospace" data-testid="invoice-number">
            {i.number}
          </Title>
          <InvoiceStatusBadge status={i.status} />
        </Group>
        <InvoiceActions invoice={i} today={today} />
      </Group>
      <Paper withBorder p="md" radius="md">
        <FigureList invoice={i} timeZone={timeZone} />
      </Paper>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <SectionCard title="Lines">
          <InvoiceLines lines={i.lines} currency={i.currency} total={i.total} />
        </SectionCard>
        <Stack gap="md">
          <SectionCard title="Payment details" extra={isOpen(i.status) && <RefreshPaymentDetailsButton invoice={i} />}>
            <Text size="sm" fw={500}>
              {paymentSystemText(i.payment_system) || 'No payment system chosen'}
            </Text>
            <Text size="sm" ff="monospace" style={{ whiteSpace: 'pre-wrap' }} data-testid="payment-details">
              {i.payment_details ?? 'The invoice holds no account details for this payment system.'}
            </Text>
            <Text size="xs" c="dimmed">
              As when the invoice was made; later changes of the affiliate&apos;s details do not apply to it.
            </Text>
          </SectionCard>
          {i.comment && (
            <SectionCard title="Comment">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {i.comment}
              </Text>
            </SectionCard>
          )}
        </Stack>
      </SimpleGrid>
      <SectionCard title="Payments">
        <InvoicePayments payments={i.payments} currency={i.currency} timeZone={timeZone} />
      </SectionCard>
      <SectionCard
        title="Conversions"
        extra={<ConversionsCsvButton uuid={i.uuid} number={i.number} timeZone={timeZone} />}
      >
        <InvoiceConversions uuid={i.uuid} timeZone={timeZone} />
      </SectionCard>
      <SectionCard title="History">
        <InvoiceHistory history={i.history} timeZone={timeZone} />
      </SectionCard>
      <PrintableInvoice invoice={i} issuer={issuer} timeZone={timeZone} />
    </Stack>
  );
}
