import { ActionIcon, Badge, Group, Select, TextInput, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import type { Option } from '@pxl/contract/constants/options';
import type { PaymentRow, RowErrors } from '@/lib/payment-methods.ts';

type Props = {
  row: PaymentRow;
  index: number;
  count: number;
  systems: Option[];
  errors?: RowErrors;
  onChange: (row: PaymentRow) => void;
  onMove: (delta: number) => void;
  onRemove: () => void;
};

/** One payment system: priority badge (1 = paid first), system, account details, reorder and remove. */
export function PaymentMethodRow({ row, index, count, systems, errors, onChange, onMove, onRemove }: Props) {
  return (
    <Group gap="sm" align="flex-start" wrap="nowrap" data-testid="payment-method-row">
      <Tooltip label="Priority: 1 is paid first">
        <Badge size="lg" variant="light" mt={4} w={40} aria-label={`Priority ${index + 1}`}>
          {index + 1}
        </Badge>
      </Tooltip>
      <Select
        aria-label="Payment system"
        placeholder="Payment system"
        data={systems}
        value={row.system}
        w={200}
        allowDeselect={false}
        error={errors?.system}
        onChange={(v) => onChange({ ...row, system: v })}
      />
      <TextInput
        aria-label="Account details"
        placeholder="Wallet address, IBAN, email…"
        style={{ flex: 1 }}
        miw={180}
        value={row.details}
        error={errors?.details}
        maxLength={500}
        onChange={(e) => onChange({ ...row, details: e.currentTarget.value })}
      />
      <Group gap={4} wrap="nowrap" mt={4}>
        <ActionIcon variant="default" aria-label="Move up" disabled={index === 0} onClick={() => onMove(-1)}>
          <IconArrowUp size={16} />
        </ActionIcon>
        <ActionIcon variant="default" aria-label="Move down" disabled={index === count - 1} onClick={() => onMove(1)}>
          <IconArrowDown size={16} />
        </ActionIcon>
        <ActionIcon variant="default" color="red" aria-label="Remove" onClick={onRemove}>
          <IconTrash size={16} />
        </ActionIcon>
      </Group>
    </Group>
  );
}
