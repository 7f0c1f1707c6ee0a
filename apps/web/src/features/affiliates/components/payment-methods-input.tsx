import { ActionIcon, Button, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { PAYMENT_SYSTEMS } from '@pxl/contract/constants/constants.data';
import type { PaymentRow } from './affiliate-form-values.ts';

const SYSTEMS = Object.entries(PAYMENT_SYSTEMS).map(([value, label]) => ({ value, label }));

/** Payment method rows: system, account details, priority (1 = first); add and remove. */
export function PaymentMethodsInput({
  value,
  onChange,
  errors,
}: {
  value: PaymentRow[];
  onChange: (next: PaymentRow[]) => void;
  errors: Record<string, string>;
}) {
  const set = (index: number, patch: Partial<PaymentRow>) =>
    onChange(value.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const nextPriority = Math.max(0, ...value.map((r) => r.priority)) + 1;
  return (
    <Stack gap="xs">
      {value.length === 0 && (
        <Text size="sm" c="dimmed">
          No payment methods yet.
        </Text>
      )}
      {value.map((row, index) => (
        <Group key={index} align="flex-start" gap="sm" wrap="nowrap">
          <Select
            aria-label="Payment system"
            placeholder="System"
            data={SYSTEMS}
            w={180}
            value={row.system || null}
            error={errors[`payment_methods.${index}.system`]}
            onChange={(v) => set(index, { system: v ?? '' })}
          />
          <TextInput
            aria-label="Account details"
            placeholder="Wallet, IBAN, account…"
            style={{ flex: 1 }}
            value={row.details}
            error={errors[`payment_methods.${index}.details`]}
            onChange={(e) => set(index, { details: e.currentTarget.value })}
          />
          <NumberInput
            aria-label="Priority"
            w={90}
            min={1}
            max={100}
            allowDecimal={false}
            value={row.priority}
            error={errors[`payment_methods.${index}.priority`]}
            onChange={(v) => set(index, { priority: Number(v) || 1 })}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={6}
            aria-label="Remove payment method"
            onClick={() => onChange(value.filter((_, i) => i !== index))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      {errors.payment_methods && (
        <Text size="xs" c="red">
          {errors.payment_methods}
        </Text>
      )}
      <Button
        variant="light"
        size="xs"
        w="fit-content"
        leftSection={<IconPlus size={14} />}
        disabled={value.length >= 10}
        onClick={() => onChange([...value, { system: '', details: '', priority: nextPriority }])}
      >
        Add payment method
      </Button>
    </Stack>
  );
}
