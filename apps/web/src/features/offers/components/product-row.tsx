import { ActionIcon, Badge, Group, NumberInput, Paper, Select, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { FieldErrors } from '@/lib/form-errors.ts';
import { ProductCapsInput } from './product-caps-input.tsx';
import type { ProductValues } from './products-values.ts';
import { StatusBadge } from './status-badge.tsx';
import { WorkingHoursInput } from './working-hours-input.tsx';
import type { Option } from '@pxl/contract/constants/options';

export type ProductChoice = {
  uuid: string;
  name: string;
  status: string;
  tested_at: string | null;
  advertiser: { name: string };
};

/** One product of an API offer: routing (priority, weight), payout override, then its countries, caps and hours. */
export function ProductRow({
  index,
  value,
  onChange,
  onRemove,
  errors,
  choices,
  timeZones,
  currency,
}: {
  index: number;
  value: ProductValues;
  onChange: (patch: Partial<ProductValues>) => void;
  onRemove: () => void;
  errors: FieldErrors;
  choices: Map<string, ProductChoice>;
  timeZones: Option[];
  currency: string;
}) {
  const path = `products.${index}`;
  const chosen = value.product_uuid ? choices.get(value.product_uuid) : undefined;
  const data = [...choices.values()].map((p) => ({
    value: p.uuid,
    label: `${p.name} — ${p.advertiser.name}${p.tested_at ? '' : ' (not tested)'}`,
  }));
  return (
    <Paper withBorder p="sm" radius="sm" data-testid={`product-${index}`}>
      <Stack gap="xs">
        <Group gap="sm" align="flex-start" wrap="wrap">
          <Select
            label="Product"
            required
            searchable
            placeholder="Choose a product"
            w={340}
            data={data}
            value={value.product_uuid}
            error={errors[`${path}.product_uuid`]}
            onChange={(product_uuid) => onChange({ product_uuid })}
            comboboxProps={{ withinPortal: true }}
          />
          <NumberInput
            label="Priority"
            description="Lower goes first"
            min={0}
            max={1000}
            allowDecimal={false}
            w={150}
            value={value.priority}
            error={errors[`${path}.priority`]}
            onChange={(priority) => onChange({ priority })}
          />
          <NumberInput
            label="Weight"
            description="Share among equals"
            min={1}
            max={1000}
            allowDecimal={false}
            w={150}
            value={value.weight}
            error={errors[`${path}.weight`]}
            onChange={(weight) => onChange({ weight })}
          />
          <NumberInput
            label="Payout override"
            description="Empty: the goal's payout"
            min={0}
            decimalScale={2}
            w={160}
            rightSection={currency}
            rightSectionWidth={44}
            value={value.payout_override}
            error={errors[`${path}.payout_override`]}
            onChange={(payout_override) => onChange({ payout_override })}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={46}
            aria-label={`Remove product ${index + 1}`}
            onClick={onRemove}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
        {chosen && (
          <Group gap={6}>
            <StatusBadge status={chosen.status} size="xs" />
            {!chosen.tested_at && (
              <Badge size="xs" color="orange" variant="light" radius="sm">
                Not tested
              </Badge>
            )}
            <Text size="xs" c="dimmed">
              {chosen.advertiser.name}
            </Text>
          </Group>
        )}
        <ProductCapsInput value={value} onChange={onChange} errors={errors} path={path} />
        <WorkingHoursInput
          value={value}
          onChange={onChange}
          errors={errors}
          path={`${path}.working_hours`}
          timeZones={timeZones}
        />
      </Stack>
    </Paper>
  );
}
