import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { invoiceUpdateSchema, type Invoice } from '@pxl/contract/billing/index';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useUpdateInvoice } from '../api/change-invoice.ts';
import {
  adjustmentAmountErrors,
  blankAdjustment,
  invoiceEditBody,
  invoiceToValues,
  totalAfterEdit,
  type AdjustmentRow,
  type InvoiceEditValues,
} from './invoice-edit-values.ts';
import { isOpen, money, PAYMENT_SYSTEM_OPTIONS } from './invoice-labels.tsx';

/** Edit an open invoice: its payment system, its manual adjustments (+/− with a reason) and a comment. */
export function InvoiceEditForm({ invoice, onDone }: { invoice: Invoice; onDone: () => void }) {
  const [values, setValues] = useState<InvoiceEditValues>(() => invoiceToValues(invoice));
  const { errors, setErrors, submit, saving } = useSaveForm(useUpdateInvoice(invoice.uuid));
  const open = isOpen(invoice.status);
  const setRow = (key: string, patch: Partial<AdjustmentRow>) =>
    setValues((v) => ({ ...v, adjustments: v.adjustments.map((r) => (r.key === key ? { ...r, ...patch } : r)) }));
  const save = () => {
    const bad = adjustmentAmountErrors(values);
    if (bad) return setErrors(bad);
    submit(invoiceUpdateSchema, invoiceEditBody(values), {
      notice: `Invoice ${invoice.number} saved`,
      onSaved: onDone,
    });
  };
  const loose = Object.entries(errors).filter(([k]) => !/^(payment_system|comment|adjustments\.\d+\.)/.test(k));
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Stack gap="md" maw={900}>
        {!open && (
          <Alert color="gray" title="This invoice is closed">
            Only waiting and partly paid invoices can be changed.
          </Alert>
        )}
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={4}>Invoice {invoice.number}</Title>
            <Select
              label="Payment system"
              name="payment_system"
              placeholder="None"
              clearable
              maw={320}
              data={PAYMENT_SYSTEM_OPTIONS}
              value={values.payment_system}
              error={errors.payment_system}
              onChange={(payment_system) => setValues((v) => ({ ...v, payment_system }))}
            />
            <Textarea
              label="Comment"
              name="comment"
              autosize
              minRows={2}
              maxLength={1000}
              value={values.comment}
              error={errors.comment}
              onChange={(e) => setValues((v) => ({ ...v, comment: e.currentTarget.value }))}
            />
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={4}>Adjustments</Title>
              <Text size="sm" data-testid="total-after-edit">
                Total after saving: <b>{money(totalAfterEdit(invoice, values), invoice.currency)}</b>
                {invoice.paid > 0 && ` (paid so far ${money(invoice.paid, invoice.currency)})`}
              </Text>
            </Group>
            {values.adjustments.length === 0 && (
              <Text size="sm" c="dimmed">
                No adjustments: the total is what the conversions earned.
              </Text>
            )}
            {values.adjustments.map((row, i) => (
              <Group key={row.key} align="flex-start" gap="sm" wrap="nowrap" data-testid="adjustment-row">
                <SegmentedControl
                  mt={4}
                  data={[
                    { value: '+', label: '+' },
                    { value: '-', label: '−' },
                  ]}
                  value={row.sign}
                  onChange={(sign) => setRow(row.key, { sign: sign as '+' | '-' })}
                  aria-label="Add or take off"
                />
                <TextInput
                  aria-label="Amount"
                  placeholder="0.00"
                  inputMode="decimal"
                  w={130}
                  rightSection={<Text size="xs">{invoice.currency}</Text>}
                  rightSectionWidth={42}
                  value={row.amount}
                  error={errors[`adjustments.${i}.amount`]}
                  onChange={(e) => setRow(row.key, { amount: e.currentTarget.value })}
                />
                <TextInput
                  aria-label="Why"
                  placeholder="Why (the affiliate sees it on the invoice)"
                  style={{ flex: 1 }}
                  maxLength={500}
                  value={row.comment}
                  error={errors[`adjustments.${i}.comment`]}
                  onChange={(e) => setRow(row.key, { comment: e.currentTarget.value })}
                />
                <ActionIcon
                  mt={4}
                  variant="subtle"
                  color="red"
                  aria-label="Remove adjustment"
                  onClick={() =>
                    setValues((v) => ({ ...v, adjustments: v.adjustments.filter((r) => r.key !== row.key) }))
                  }
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                variant="default"
                size="xs"
                leftSection={<IconPlus size={14} />}
                disabled={values.adjustments.length >= 50}
                onClick={() => setValues((v) => ({ ...v, adjustments: [...v.adjustments, blankAdjustment()] }))}
              >
                Add adjustment
              </Button>
            </Group>
          </Stack>
        </Paper>
        {loose.length > 0 && (
          <Alert color="red">
            {loose.map(([key, message]) => (
              <Text key={key} size="sm">
                {message}
              </Text>
            ))}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={saving} disabled={!open}>
            Save
          </Button>
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
