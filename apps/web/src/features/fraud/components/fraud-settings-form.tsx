import { useState, type FormEvent, type ReactNode } from 'react';
import { MultiSelect, NumberInput, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { GOALS } from '@pxl/contract/constants/constants.data';
import { toOptions } from '@pxl/contract/constants/options';
import {
  FRAUD_ACTION_KEYS,
  FRAUD_SIGNAL_LABELS,
  fraudSettingsSchema,
  type FraudSettings,
} from '@pxl/contract/fraud/fraud.schemas';
import { FRAUD_ACTION_LABELS, FRAUD_COUNT_THRESHOLDS } from '@pxl/contract/fraud/fraud-labels';
import { AffiliateMultiSelect } from '@/components/pickers/affiliate-picker.tsx';
import { SettingsForm } from '@/components/forms/settings-form.tsx';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useFraudSettings } from '../api/get-fraud-settings.ts';
import { useUpdateFraudSettings } from '../api/update-fraud-settings.ts';
import { SIGNALS, shapeErrors, toBody, toValues, type Values } from './fraud-settings-values.ts';

const GOAL_OPTIONS = toOptions(GOALS);

const ACTIONS = FRAUD_ACTION_LABELS;
const THRESHOLDS = FRAUD_COUNT_THRESHOLDS;

/**
 * The network's defaults of traffic quality (docs/product/fraud.md): what each signal weighs, the thresholds of the
 * signals, and from which score each action is taken. An offer may set its own values over these.
 */
export function FraudSettingsForm() {
  const settings = useFraudSettings();
  // The form starts from the values as first loaded; a later refetch does not overwrite what is being edited.
  return settings.data ? <FraudSettingsEditor initial={settings.data} /> : null;
}

function Section({ title, note, children }: { title: string; note: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={4}>{title}</Title>
      <Text size="sm" c="dimmed">
        {note}
      </Text>
      {children}
    </Stack>
  );
}

function FraudSettingsEditor({ initial }: { initial: FraudSettings }) {
  const update = useUpdateFraudSettings();
  const [values, setValues] = useState<Values>(() => toValues(initial));
  const { errors, submit: send } = useSaveForm(update, shapeErrors);
  const set = <G extends 'weights' | 'thresholds' | 'actions'>(group: G, patch: Partial<Values[G]>) =>
    setValues((v) => ({ ...v, [group]: { ...v[group], ...patch } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(fraudSettingsSchema, toBody(values), { onSaved: (data) => setValues(toValues(data)) });
  };

  const whole = { allowDecimal: false, allowNegative: false } as const;
  return (
    <SettingsForm label="Fraud settings" maw={960} gap="lg" saving={update.isPending} onSubmit={submit}>
      <Text size="sm" c="dimmed">
        Every click, lead and conversion gets a score from 0 to 100 from the weights of the signals found: one signal
        scores its weight, more add up towards 100 (two of 50 make 75). These are the network’s defaults; an offer may
        set its own.
      </Text>
      <Section title="Signal weights" note="How much each signal adds to the score; 0 turns the signal off.">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          {SIGNALS.map((code) => (
            <NumberInput
              key={code}
              label={FRAUD_SIGNAL_LABELS[code]}
              name={`weights.${code}`}
              min={0}
              max={100}
              {...whole}
              value={values.weights[code]}
              error={errors[`weights.${code}`]}
              onChange={(v) => set('weights', { [code]: v })}
            />
          ))}
        </SimpleGrid>
      </Section>
      <Section title="Thresholds" note="When a signal is found.">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {THRESHOLDS.map(([key, label, description]) => (
            <NumberInput
              key={key}
              label={label}
              description={description}
              name={`thresholds.${key}`}
              min={0}
              {...whole}
              thousandSeparator=" "
              value={values.thresholds[key]}
              error={errors[`thresholds.${key}`]}
              onChange={(v) => set('thresholds', { [key]: v })}
            />
          ))}
        </SimpleGrid>
        <MultiSelect
          label="Goals checked for click-to-conversion time"
          name="thresholds.ctit_goals"
          data={GOAL_OPTIONS}
          clearable
          maw={460}
          value={values.thresholds.ctit_goals}
          error={errors['thresholds.ctit_goals']}
          onChange={(v) => set('thresholds', { ctit_goals: v })}
        />
      </Section>
      <Section title="Actions by score" note="From which score each action is taken; leave empty to turn it off.">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {FRAUD_ACTION_KEYS.map((key) => (
            <NumberInput
              key={key}
              label={ACTIONS[key][0]}
              description={ACTIONS[key][1]}
              name={`actions.${key}`}
              placeholder="Off"
              min={1}
              max={100}
              {...whole}
              value={values.actions[key]}
              error={errors[`actions.${key}`]}
              onChange={(v) => set('actions', { [key]: v })}
            />
          ))}
        </SimpleGrid>
      </Section>
      <Section title="Affiliates" note="Allowed affiliates are scored and shown, but never acted on automatically.">
        <AffiliateMultiSelect
          label="Allowed affiliates"
          name="allowed_affiliate_ids"
          fallback={(uuid) => uuid.slice(0, 8)}
          value={values.allowed_affiliate_ids}
          // The server names the one ID it refuses (`allowed_affiliate_ids.2`): shown on the picker.
          error={
            errors.allowed_affiliate_ids ??
            Object.entries(errors).find(([k]) => k.startsWith('allowed_affiliate_ids.'))?.[1]
          }
          onChange={(ids) => setValues((v) => ({ ...v, allowed_affiliate_ids: ids }))}
        />
        <Switch
          label="Affiliates see the reasons of a held or rejected conversion"
          description="Otherwise they see only that it was for traffic quality"
          name="affiliates_see_reasons"
          checked={values.affiliates_see_reasons}
          onChange={(e) => {
            const checked = e.currentTarget.checked;
            setValues((v) => ({ ...v, affiliates_see_reasons: checked }));
          }}
        />
      </Section>
    </SettingsForm>
  );
}
