import { ActionIcon, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { GOAL_PAYMENT_TYPES, type GoalPaymentType } from '@pxl/contract/offers/offers.schemas';
import type { FieldErrors } from '@/lib/form-errors.ts';
import type { GeoRateValues, GoalValues } from './goals-values.ts';
import { statusOptions } from '@/lib/labels.ts';
import { GOAL_OPTIONS, PAYMENT_LABELS } from './offer-labels.ts';
import { GEO_OPTIONS } from '@/lib/options.ts';
import { RateInputs } from './rate-inputs.tsx';
import type { Option } from '@pxl/contract/constants/options';

const PAYMENT_OPTIONS = statusOptions(GOAL_PAYMENT_TYPES, (t) => PAYMENT_LABELS[t] ?? t);

/** One goal: its payment type, the default rate and rates per country. */
export function GoalRow({
  index,
  goal,
  onChange,
  onRemove,
  errors,
  currency,
  geoOptions,
}: {
  index: number;
  goal: GoalValues;
  onChange: (patch: Partial<GoalValues>) => void;
  onRemove?: () => void;
  errors: FieldErrors;
  currency: string;
  /** The offer's countries first; any country may still get a rate. */
  geoOptions?: Option[];
}) {
  const path = `goals.${index}`;
  const setRate = (i: number, patch: Partial<GeoRateValues>) =>
    onChange({ geo_rates: goal.geo_rates.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  return (
    <Paper withBorder p="sm" radius="sm" data-testid={`goal-${index}`}>
      <Stack gap="xs">
        <Group gap="sm" align="flex-start" wrap="wrap">
          <Select
            label="Goal"
            required
            placeholder="Choose"
            w={150}
            data={GOAL_OPTIONS}
            value={goal.goal}
            error={errors[`${path}.goal`]}
            allowDeselect={false}
            onChange={(v) => onChange({ goal: v })}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Payment type"
            w={130}
            data={PAYMENT_OPTIONS}
            value={goal.payment_type}
            allowDeselect={false}
            error={errors[`${path}.payment_type`]}
            onChange={(v) => v && onChange({ payment_type: v as GoalPaymentType })}
          />
          <RateInputs
            type={goal.payment_type}
            rate={goal}
            onChange={onChange}
            errors={errors}
            path={path}
            currency={currency}
          />
          {onRemove && (
            <ActionIcon variant="subtle" color="red" mt={28} aria-label={`Remove goal ${index + 1}`} onClick={onRemove}>
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
        {goal.geo_rates.length > 0 && (
          <Text size="xs" c="dimmed">
            Rates per country (the default applies elsewhere)
          </Text>
        )}
        {goal.geo_rates.map((rate, i) => (
          <Group key={i} gap="sm" align="flex-start" wrap="wrap" pl="md">
            <Select
              label="Country"
              required
              placeholder="Country"
              searchable
              w={190}
              data={geoOptions ?? GEO_OPTIONS}
              value={rate.geo}
              error={errors[`${path}.geo_rates.${i}.geo`]}
              onChange={(geo) => setRate(i, { geo })}
              comboboxProps={{ withinPortal: true }}
            />
            <RateInputs
              type={goal.payment_type}
              rate={rate}
              onChange={(patch) => setRate(i, patch)}
              errors={errors}
              path={`${path}.geo_rates.${i}`}
              currency={currency}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={28}
              aria-label="Remove country rate"
              onClick={() => onChange({ geo_rates: goal.geo_rates.filter((_, j) => j !== i) })}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        {errors[`${path}.geo_rates`] && (
          <Text size="xs" c="red">
            {errors[`${path}.geo_rates`]}
          </Text>
        )}
        <Button
          size="xs"
          variant="subtle"
          w="fit-content"
          leftSection={<IconPlus size={14} />}
          // A new country starts from the default rate, which is usually close.
          onClick={() =>
            onChange({
              geo_rates: [
                ...goal.geo_rates,
                { geo: null, revenue: goal.revenue, payout: goal.payout, payout_percent: goal.payout_percent },
              ],
            })
          }
        >
          Add country rate
        </Button>
      </Stack>
    </Paper>
  );
}
