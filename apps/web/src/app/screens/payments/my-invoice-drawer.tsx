import { Drawer, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { FiveSquareLoader } from '@/components/ui/five-square-loader.tsx';
import { FigureList } from '@/features/billing/components/invoice-figures.tsx';
import { InvoiceHistory } from '@/features/billing/components/invoice-history.tsx';
import { InvoiceStatusBadge, paymentSystemText } from '@/features/billing/components/invoice-labels.tsx';
import { InvoiceLines } from '@/features/billing/components/invoice-lines.tsx';
import { InvoicePayments } from '@/features/billing/components/invoice-payments.tsx';
import { SectionCard } from '@/features/billing/components/section-card.tsx';
import { useMyInvoice } from '@/features/payments/api/my-invoices.ts';

/** One of the affiliate's invoices, read only: the staff detail's figures, lines, payments and history, no actions. */
export function MyInvoiceDrawer({
  uuid,
  timeZone,
  onClose,
}: {
  uuid: string | null;
  timeZone: string;
  onClose: () => void;
}) {
  const invoice = useMyInvoice(uuid);
  const i = invoice.data;
  return (
    <Drawer opened={uuid !== null} onClose={onClose} position="right" size="xl" title="Invoice">
      {invoice.isPending && <FiveSquareLoader />}
      {i && (
        <Stack gap="md" data-testid="my-invoice">
          <Group gap="sm">
            <Title order={3} ff="monospace">
              {i.number}
            </Title>
            <InvoiceStatusBadge status={i.status} />
          </Group>
          <Paper withBorder p="md" radius="md">
            <FigureList invoice={i} timeZone={timeZone} />
          </Paper>
          <SectionCard title="Lines">
            <InvoiceLines lines={i.lines} currency={i.currency} total={i.total} />
          </SectionCard>
          <SectionCard title="Paid to">
            <Text size="sm" fw={500}>
              {paymentSystemText(i.payment_system) || 'No payment system chosen yet'}
            </Text>
            {i.payment_details ? (
              <Text size="sm" ff="monospace" style={{ whiteSpace: 'pre-wrap' }}>
                {i.payment_details}
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                You have no details for this payment system in your payment details.
              </Text>
            )}
          </SectionCard>
          <SectionCard title="Payments">
            <InvoicePayments payments={i.payments} currency={i.currency} timeZone={timeZone} />
          </SectionCard>
          <SectionCard title="History">
            <InvoiceHistory history={i.history} timeZone={timeZone} />
          </SectionCard>
        </Stack>
      )}
    </Drawer>
  );
}
