import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Invoice } from '@pxl/contract/billing/index';
import { isApiError } from '@/lib/http/api-error.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { useDeleteInvoice } from '../api/change-invoice.ts';
import { FigureList } from './invoice-figures.tsx';
import { canDelete } from './invoice-labels.tsx';

/**
 * What deleting an invoice removes (its lines and the hold on its conversions, which become unpaid balance again),
 * a confirm, and the server's refusal when the invoice is paid in part or no longer waiting.
 */
export function InvoiceDelete({
  invoice,
  timeZone,
  onDeleted,
  onCancel,
}: {
  invoice: Invoice;
  timeZone: string;
  onDeleted: () => void;
  onCancel: () => void;
}) {
  const remove = useDeleteInvoice(invoice.uuid);
  const [sure, setSure] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const allowed = canDelete(invoice);
  const conversions = invoice.lines.filter((l) => l.kind === 'offer_goal').reduce((n, l) => n + l.count, 0);
  const run = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        notifySuccess(`Invoice ${invoice.number} deleted`);
        onDeleted();
      },
      onError: (error) =>
        setRefusal(
          isApiError(error) ? (Object.values(error.fields)[0] ?? error.message) : 'The invoice was not deleted',
        ),
    });
  return (
    <Stack gap="md" maw={800}>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={4}>Delete invoice {invoice.number}?</Title>
          <FigureList invoice={invoice} timeZone={timeZone} />
          <Text size="sm">
            The invoice, its {invoice.lines.length} line{invoice.lines.length === 1 ? '' : 's'} and its adjustments are
            deleted. Its {conversions} conversion{conversions === 1 ? '' : 's'} (and referral earnings) are no longer
            held: they count as approved unpaid balance again and can go into a new invoice. The history stays in the
            audit log.
          </Text>
          {!allowed && (
            <Alert color="yellow" title="This invoice cannot be deleted">
              Only a waiting invoice without payments is deleted. Decline it instead when it has no payments.
            </Alert>
          )}
          {refusal && (
            <Alert color="red" title="Not deleted" data-testid="delete-refusal">
              {refusal}
            </Alert>
          )}
          <Checkbox
            label="I understand this cannot be undone"
            checked={sure}
            onChange={(e) => setSure(e.currentTarget.checked)}
          />
          <Group>
            <Button color="red" disabled={!sure} loading={remove.isPending} onClick={run}>
              Delete invoice
            </Button>
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
