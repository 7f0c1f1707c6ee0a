import { useState, type ReactNode } from 'react';
import { Checkbox, MultiSelect, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { GOALS } from '@pxl/contract/constants/constants.data';
import { toOptions } from '@pxl/contract/constants/options';
import { FRAUD_ACTION_LABELS, FRAUD_COUNT_THRESHOLDS } from '@pxl/contract/fraud/fraud-labels';
import {
  FRAUD_ACTION_KEYS,
  FRAUD_SIGNAL_CODES,
  FRAUD_SIGNAL_LABELS,
  type FraudSettings,
} from '@pxl/contract/fraud/fraud.schemas';
import { offerFraudInputSchema, type OfferDetail } from '@pxl/contract/offers/offers.schemas';
import { useReadableFraudSettings } from '@/lib/queries/network-fraud-settings.ts';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useSaveOfferFraudSettings } from '../api/save-offer-fraud-settings.ts';
import { SectionCard } from './section-card.tsx';
import { toQualityBody, toQualityValues, type QualityValues } from './traffic-quality-values.ts';

const GOAL_OPTIONS = toOptions(GOALS);
const whole = { allowDecimal: false, allowNegative: false } as const;
type Group = 'weights' | 'thresholds' | 'actions';

/** The network's value as a placeholder, or a plain "Network's" where the role may not read the network's settings. */
const network = (value: number | null | undefined, known: boolean) =>
  !known
    ? "Network's"
    : value === null
      ? 'Network: off'
      : `Network: ${value?.toLocaleString('en').replace(/,/g, ' ') ?? ''}`;

function Part({ title, note, children }: { title: string; note: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <div>
        <Text fw={600} size="sm">
          {title}
        </Text>
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      </div>
      {children}
    </Stack>
  );
}

/**
 * Traffic quality: the offer's own fraud weights, thresholds and actions (docs/product/fraud.md). A field left empty
 * follows the network's value, shown as its placeholder, also after the network's changes.
 */
export function TrafficQualitySection({ offer }: { offer: OfferDetail }) {
  const net: FraudSettings | undefined = useReadableFraudSettings();
  const known = net !== undefined;
  const [values, setValues] = useState<QualityValues>(() => toQualityValues(offer.fraud_settings));
  const { errors, submit: send, saving } = useSaveForm(useSaveOfferFraudSettings(offer.uuid));
  const set = <G extends Group | 'off'>(group: G, patch: Partial<QualityValues[G]>) =>
    setValues((v) => ({ ...v, [group]: { ...v[group], ...patch } }));
  const submit = () =>
    send(
      offerFraudInputSchema,
      { fraud_settings: toQualityBody(values) },
      { notice: 'Traffic quality saved', onSaved: (o) => setValues(toQualityValues(o.fraud_settings)) },
    );
  const error = (path: string) => errors[`fraud_settings.${path}`];
  const goals = net?.thresholds.ctit_goals.map((g) => GOALS[g as keyof typeof GOALS] ?? g).join(', ');
  return (
    <SectionCard
      title="Traffic quality"
      testId="section-traffic-quality"
      onSave={submit}
      saving={saving}
      saveLabel="Save traffic quality"
      description="This offer's own fraud weights, thresholds and actions. Leave a field empty to follow the network's (Settings › Fraud)."
    >
      <Part
        title="Signal weights"
        note="How much each signal adds to the score; 0 turns the signal off for this offer."
      >
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          {FRAUD_SIGNAL_CODES.map((code) => (
            <NumberInput
              key={code}
              label={FRAUD_SIGNAL_LABELS[code]}
              name={`fraud_settings.weights.${code}`}
              placeholder={network(net?.weights[code], known)}
              min={0}
              max={100}
              {...whole}
              value={values.weights[code]}
              error={error(`weights.${code}`)}
              onChange={(v) => set('weights', { [code]: v })}
            />
          ))}
        </SimpleGrid>
      </Part>
      <Part title="Thresholds" note="When a signal is found.">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {FRAUD_COUNT_THRESHOLDS.map(([key, label, description]) => (
            <NumberInput
              key={key}
              label={label}
              description={description}
              name={`fraud_settings.thresholds.${key}`}
              placeholder={network(net?.thresholds[key], known)}
              min={0}
              {...whole}
              thousandSeparator=" "
              value={values.thresholds[key] ?? ''}
              error={error(`thresholds.${key}`)}
              onChange={(v) => set('thresholds', { [key]: v })}
            />
          ))}
        </SimpleGrid>
        <MultiSelect
          label="Goals checked for click-to-conversion time"
          name="fraud_settings.thresholds.ctit_goals"
          placeholder={known ? `Network: ${goals || 'none'}` : "Network's"}
          data={GOAL_OPTIONS}
          clearable
          maw={460}
          value={values.thresholds.ctit_goals}
          error={error('thresholds.ctit_goals')}
          onChange={(v) => set('thresholds', { ctit_goals: v })}
        />
      </Part>
      <Part title="Actions by score" note="From which score each action is taken on this offer's traffic.">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {FRAUD_ACTION_KEYS.map((key) => (
            <Stack key={key} gap={4}>
              <NumberInput
                label={FRAUD_ACTION_LABELS[key][0]}
                description={FRAUD_ACTION_LABELS[key][1]}
                name={`fraud_settings.actions.${key}`}
                placeholder={values.off[key] ? 'Off for this offer' : network(net?.actions[key], known)}
                disabled={values.off[key]}
                min={1}
                max={100}
                {...whole}
                value={values.off[key] ? '' : values.actions[key]}
                error={error(`actions.${key}`)}
                onChange={(v) => set('actions', { [key]: v })}
              />
              <Checkbox
                size="xs"
                label="Off for this offer"
                aria-label={`Off for this offer: ${FRAUD_ACTION_LABELS[key][0]}`}
                name={`fraud_settings.actions.${key}.off`}
                checked={values.off[key]}
                onChange={(e) => set('off', { [key]: e.currentTarget.checked })}
              />
            </Stack>
          ))}
        </SimpleGrid>
      </Part>
    </SectionCard>
  );
}
