import { ActionIcon, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { GoalPaymentType } from '@pxl/contract/offers/offers.schemas';
import type { FieldErrors } from '@/lib/form-errors.ts';
import { AffiliateSelect } from '@/components/pickers/affiliate-picker.tsx';
import { emptyOverride, type GoalValues, type OverrideValues } from './goals-values.ts';
import { goalLabel } from './offer-labels.ts';
import { GEO_OPTIONS } from '@/lib/options.ts';
import { RateInputs } from './rate-inputs.tsx';
import type { Option } from '@pxl/contract/constants/options';

/** Per-affiliate payouts that replace the goal's (optionally for one country). */
export function OverridesInput({
  rows,
  goals,
  onChange,
  errors,
  currency,
  knownAffiliates,
}: {
  rows: OverrideValues[];
  goals: GoalValues[];
  onChange: (rows: OverrideValues[]) => void;
  errors: FieldErrors;
  currency: string;
  knownAffiliates: Option[];
}) {
  const goalOptions = goals.filter((g) => g.goal).map((g) => ({ value: g.goal!, label: goalLabel(g.goal!) }));
  const typeOf = (goal: string | null): GoalPaymentType => goals.find((g) => g.goal === goal)?.payment_type ?? 'cpa';
  const set = (i: number, patch: Partial<OverrideValues>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Stack gap="xs">
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          No overrides: every affiliate earns the goal's payout.
        </Text>
      )}
      {rows.map((row, i) => (
        <Group key={i} gap="sm" align="flex-start" wrap="wrap" data-testid={`override-${i}`}>
          <AffiliateSelect
            value={row.affiliate_uuid}
            known={knownAffiliates}
            w={260}
            required
            error={errors[`overrides.${i}.affiliate_uuid`]}
            onChange={(affiliate_uuid) => set(i, { affiliate_uuid })}
          />
          <Select
            label="Goal"
            required
            w={140}
            data={goalOptions}
            value={row.goal}
            error={errors[`overrides.${i}.goal`]}
            onChange={(goal) => set(i, { goal })}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Country"
            placeholder="Any"
            clearable
            searchable
            w={170}
            data={GEO_OPTIONS}
            value={row.geo}
            error={errors[`overrides.${i}.geo`]}
            onChange={(geo) => set(i, { geo })}
            comboboxProps={{ withinPortal: true }}
          />
          <RateInputs
            type={typeOf(row.goal)}
            rate={row}
            withRevenue={false}
            onChange={(patch) => set(i, patch)}
            errors={errors}
            path={`overrides.${i}`}
            currency={currency}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={28}
            aria-label="Remove override"
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Button
        size="xs"
        variant="light"
        w="fit-content"
        leftSection={<IconPlus size={14} />}
        onClick={() => onChange([...rows, emptyOverride()])}
      >
        Add override
      </Button>
    </Stack>
  );
}
