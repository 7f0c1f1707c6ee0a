import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconCash, IconPencil, IconPrinter, IconTrash, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Invoice } from '@pxl/contract/billing/index';
import { DeclineModal } from './decline-invoice.tsx';
import { canDecline, canDelete, deletePath, editPath, isOpen } from './invoice-labels.tsx';
import { RecordPaymentModal } from './record-payment.tsx';

/** What can be done to the invoice now: payments and edits while open, decline and delete before anything is paid. */
export function InvoiceActions({ invoice, today }: { invoice: Invoice; today: string }) {
  const [dialog, setDialog] = useState<'payment' | 'decline' | null>(null);
  const open = isOpen(invoice.status);
  return (
    <Group gap="xs">
      {open && (
        <Button leftSection={<IconCash size={16} />} onClick={() => setDialog('payment')}>
          Record payment
        </Button>
      )}
      {open && (
        <Button component={Link} to={editPath(invoice.uuid)} variant="default" leftSection={<IconPencil size={16} />}>
          Edit
        </Button>
      )}
      {canDecline(invoice) && (
        <Button variant="default" color="red" leftSection={<IconX size={16} />} onClick={() => setDialog('decline')}>
          Decline
        </Button>
      )}
      {canDelete(invoice) && (
        <Button
          component={Link}
          to={deletePath(invoice.uuid)}
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={16} />}
        >
          Delete
        </Button>
      )}
      <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
        Print
      </Button>
      {dialog === 'payment' && <RecordPaymentModal invoice={invoice} today={today} onClose={() => setDialog(null)} />}
      {dialog === 'decline' && <DeclineModal invoice={invoice} onClose={() => setDialog(null)} />}
    </Group>
  );
}
