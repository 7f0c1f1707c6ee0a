import { ActionIcon, Button, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { Currency } from '@pxl/contract/constants/constants.data';
import { CURRENCY_OPTIONS } from '@/lib/options.ts';
import type { RevenueRow } from './product-form-values.ts';

/** Revenue per geo: country, amount (major units), currency. */
export function RevenueInput({
  rows,
  geoOptions,
  onChange,
  errors,
}: {
  rows: RevenueRow[];
  geoOptions: { value: string; label: string }[];
  onChange: (rows: RevenueRow[]) => void;
  errors: Record<string, string>;
}) {
  const set = (index: number, patch: Partial<RevenueRow>) =>
    onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  return (
    <Stack gap="xs">
      {rows.map((row, index) => (
        <Group key={index} gap="sm" align="flex-start" wrap="nowrap">
          <Select
            aria-label="Revenue geo"
            placeholder="Geo"
            searchable
            w={200}
            data={geoOptions}
            value={row.geo || null}
            error={errors[`revenue.${index}.geo`]}
            onChange={(v) => set(index, { geo: v ?? '' })}
          />
          <NumberInput
            aria-label="Revenue amount"
            placeholder="0.00"
            min={0}
            decimalScale={2}
            w={130}
            value={row.amount}
            error={errors[`revenue.${index}.amount`]}
            onChange={(amount) => set(index, { amount })}
          />
          <Select
            aria-label="Revenue currency"
            w={100}
            data={CURRENCY_OPTIONS}
            allowDeselect={false}
            value={row.currency}
            onChange={(v) => v && set(index, { currency: v as Currency })}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={6}
            aria-label="Remove revenue row"
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      {errors.revenue && (
        <Text size="xs" c="red">
          {errors.revenue}
        </Text>
      )}
      <Button
        size="xs"
        variant="light"
        w="fit-content"
        leftSection={<IconPlus size={14} />}
        onClick={() => onChange([...rows, { geo: '', amount: '', currency: 'USD' }])}
      >
        Add revenue
      </Button>
    </Stack>
  );
}
