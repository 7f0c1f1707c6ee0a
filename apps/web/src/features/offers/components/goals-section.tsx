import { useState } from 'react';
import { Alert, Button, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { GOALS } from '@pxl/contract/constants/constants.data';
import { PAYOUT_OVER_REVENUE, offerGoalsInputSchema, type OfferDetail } from '@pxl/contract/offers/offers.schemas';
import type { FieldErrors } from '@/lib/form-errors.ts';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useSaveOfferGoals } from '../api/save-offer-goals.ts';
import { GoalRow } from './goal-row.tsx';
import { emptyGoal, goalsBody, goalsToValues, type GoalsValues, type GoalValues } from './goals-values.ts';
import { readableErrors } from './money-values.ts';
import { refOption } from './offer-labels.ts';
import { GEO_OPTIONS } from '@/lib/options.ts';
import { OverridesInput } from './overrides-input.tsx';
import { SectionCard } from './section-card.tsx';

const MAX_GOALS = 10;
/** Beside a narrow input the contract's sentence wraps four times; the alert below says the rest. */
const ABOVE_REVENUE = 'Higher than revenue';
const fieldErrors = (errors: FieldErrors): FieldErrors =>
  Object.fromEntries(
    Object.entries(readableErrors(errors)).map(([k, m]) => [k, m === PAYOUT_OVER_REVENUE ? ABOVE_REVENUE : m]),
  );

/** Goals with revenue and payout (default and per country), per-affiliate overrides and hold days. */
export function GoalsSection({ offer }: { offer: OfferDetail }) {
  const [values, setValues] = useState<GoalsValues>(() => goalsToValues(offer));
  const { errors, submit: send, saving } = useSaveForm(useSaveOfferGoals(offer.uuid), fieldErrors);
  const set = (patch: Partial<GoalsValues>) => setValues((v) => ({ ...v, ...patch }));
  const setGoal = (i: number, patch: Partial<GoalValues>) =>
    set({ goals: values.goals.map((g, j) => (j === i ? { ...g, ...patch } : g)) });
  const overRevenue = Object.values(errors).includes(ABOVE_REVENUE);
  // The offer's own countries come first in the per-country pickers.
  const geoOptions = [
    ...GEO_OPTIONS.filter((o) => offer.geos.includes(o.value)),
    ...GEO_OPTIONS.filter((o) => !offer.geos.includes(o.value)),
  ];
  const unused = Object.keys(GOALS).find((g) => !values.goals.some((x) => x.goal === g)) ?? null;

  const submit = (confirm: boolean) =>
    send(offerGoalsInputSchema, goalsBody(values, confirm), {
      notice: 'Goals and payouts saved',
      onSaved: (saved) => setValues(goalsToValues(saved)),
    });

  return (
    <SectionCard
      title="Goals & payouts"
      testId="section-goals"
      onSave={() => submit(false)}
      saving={saving}
      saveLabel="Save goals"
      description={`Revenue is what the advertiser pays, payout what the affiliate earns (${offer.currency}).`}
      footer={
        overRevenue && (
          <Alert color="orange" title="Payout is higher than revenue">
            <Group justify="space-between" gap="sm">
              <Text size="sm">The network would lose money on these conversions. Save only if that is intended.</Text>
              <Button color="orange" size="xs" loading={saving} onClick={() => submit(true)}>
                Save anyway
              </Button>
            </Group>
          </Alert>
        )
      }
    >
      <NumberInput
        label="Hold days"
        description="Days before a conversion can be approved automatically"
        min={0}
        max={365}
        w={220}
        name="hold_days"
        value={values.hold_days}
        error={errors.hold_days}
        onChange={(hold_days) => set({ hold_days })}
      />
      {values.goals.map((goal, i) => (
        <GoalRow
          key={i}
          index={i}
          goal={goal}
          currency={offer.currency}
          errors={errors}
          geoOptions={geoOptions}
          onChange={(patch) => setGoal(i, patch)}
          onRemove={values.goals.length > 1 ? () => set({ goals: values.goals.filter((_, j) => j !== i) }) : undefined}
        />
      ))}
      {errors.goals && (
        <Text size="xs" c="red">
          {errors.goals}
        </Text>
      )}
      {values.goals.length < MAX_GOALS && (
        <Button
          size="xs"
          variant="light"
          w="fit-content"
          leftSection={<IconPlus size={14} />}
          onClick={() => set({ goals: [...values.goals, emptyGoal(unused)] })}
        >
          Add goal
        </Button>
      )}
      <Stack gap={4} mt="xs">
        <Title order={5}>Payout overrides</Title>
        <OverridesInput
          rows={values.overrides}
          goals={values.goals}
          errors={errors}
          currency={offer.currency}
          knownAffiliates={offer.overrides.map((o) => refOption(o.affiliate))}
          onChange={(overrides) => set({ overrides })}
        />
      </Stack>
    </SectionCard>
  );
}
