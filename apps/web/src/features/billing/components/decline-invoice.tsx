import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { invoiceStatusChangeSchema, type Invoice } from '@pxl/contract/billing/index';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useDeclineInvoice } from '../api/change-invoice.ts';

/** Decline an invoice without payments, with a reason; its conversions are free for another invoice. */
export function DeclineModal({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const { errors, submit, saving } = useSaveForm(useDeclineInvoice(invoice.uuid));
  const other = Object.entries(errors).filter(([k]) => k !== 'reason');
  const save = () =>
    submit(
      invoiceStatusChangeSchema,
      { status: 'declined', reason },
      { notice: `Invoice ${invoice.number} declined`, onSaved: onClose },
    );
  return (
    <Modal opened onClose={onClose} title={`Decline ${invoice.number}`} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            The invoice stays in the list as declined; its conversions count as approved unpaid again and can go into a
            new invoice.
          </Text>
          <Textarea
            label="Reason"
            name="reason"
            required
            autosize
            minRows={2}
            maxLength={500}
            value={reason}
            error={errors.reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          {other.map(([key, message]) => (
            <Text key={key} size="sm" c="red.7">
              {message}
            </Text>
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={saving}>
              Decline invoice
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
