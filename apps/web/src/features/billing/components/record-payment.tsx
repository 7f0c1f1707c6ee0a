import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { invoicePaymentInputSchema, type Invoice } from '@pxl/contract/billing/index';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useAddInvoicePayment } from '../api/change-invoice.ts';
import { money, PAYMENT_SYSTEM_OPTIONS } from './invoice-labels.tsx';
import { initialPaymentValues, paymentAmountError, paymentBody, type PaymentValues } from './payment-values.ts';
import { useFormValues } from '@/components/forms/use-form-values.ts';

/**
 * Record a payment: amount, day, reference, method. More than the open amount is refused by the server; its message
 * shows under the amount.
 */
export function RecordPaymentModal({
  invoice,
  today,
  onClose,
}: {
  invoice: Invoice;
  today: string;
  onClose: () => void;
}) {
  const { errors, setErrors, submit, saving } = useSaveForm(useAddInvoicePayment(invoice.uuid));
  const { values, text, option } = useFormValues<PaymentValues>(() => initialPaymentValues(invoice, today), errors);
  const save = () => {
    const bad = paymentAmountError(values);
    if (bad) return setErrors(bad);
    submit(invoicePaymentInputSchema, paymentBody(values), {
      notice: (saved) => (saved.status === 'approved' ? `Invoice ${saved.number} is paid in full` : 'Payment recorded'),
      onSaved: onClose,
    });
  };
  const other = Object.entries(errors).filter(([k]) => !['amount', 'paid_on', 'reference', 'method'].includes(k));
  return (
    <Modal opened onClose={onClose} title={`Record a payment of ${invoice.number}`} centered size="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            Open: <b>{money(invoice.total - invoice.paid, invoice.currency)}</b> of{' '}
            {money(invoice.total, invoice.currency)}. Paying it in full approves the invoice and marks its conversions
            paid.
          </Text>
          <SimpleGrid cols={2} spacing="sm">
            <TextInput label={`Amount (${invoice.currency})`} required inputMode="decimal" {...text('amount')} />
            <TextInput type="date" label="Paid on" required {...text('paid_on')} />
            <Select
              label="Method"
              required
              data={PAYMENT_SYSTEM_OPTIONS}
              comboboxProps={{ withinPortal: true }}
              {...option('method')}
            />
            <TextInput
              label="Reference"
              placeholder="Transaction ID, wire reference…"
              maxLength={200}
              {...text('reference')}
            />
          </SimpleGrid>
          {other.map(([key, message]) => (
            <Text key={key} size="sm" c="red.7">
              {message}
            </Text>
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Record payment
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
