import { Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { RULE_CONDITIONS, RULE_METRICS } from '@pxl/contract/automation/automation.schemas';
import type { FormState } from '@/components/forms/use-form-values.ts';
import { CONDITIONS, METRICS, toOptionList } from './rule-labels.ts';
import type { RuleValues } from './rule-values.ts';

const METRIC_OPTIONS = RULE_METRICS.map((m) => ({ value: m, label: METRICS[m].label }));
const CONDITION_OPTIONS = toOptionList(CONDITIONS, RULE_CONDITIONS);
const OP_OPTIONS = [
  { value: 'above', label: 'Above' },
  { value: 'below', label: 'Below' },
];
const UNIT_OPTIONS = [
  { value: 'minutes', label: 'Minutes' },
  { value: 'hours', label: 'Hours' },
  { value: 'days', label: 'Days' },
];

/** The condition's unit: the metric's for a threshold, percent for a change. */
function valueUnit(v: RuleValues): string {
  if (v.condition_kind !== 'threshold') return '% change';
  const unit = METRICS[v.metric].unit;
  return unit === 'percent' ? '%' : unit === 'money' ? 'currency' : 'count';
}

const portal = { comboboxProps: { withinPortal: true } } as const;

/** The metric over a sliding window, the condition on it, the least volume to judge on and the cooldown. */
export function ConditionFields({ form }: { form: FormState<RuleValues> }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Select label="Metric" data={METRIC_OPTIONS} searchable {...portal} {...form.choice('metric')} />
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput label="Window" inputMode="numeric" style={{ flex: 1 }} {...form.text('window_amount')} />
        <Select label="Window unit" data={UNIT_OPTIONS} w={120} {...portal} {...form.choice('window_unit')} />
      </Group>
      <Select label="Condition" data={CONDITION_OPTIONS} {...portal} {...form.choice('condition_kind')} />
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <Select label="Direction" data={OP_OPTIONS} w={120} {...portal} {...form.choice('condition_op')} />
        <TextInput
          label={`Threshold, ${valueUnit(form.values)}`}
          inputMode="decimal"
          style={{ flex: 1 }}
          {...form.text('condition_value')}
        />
      </Group>
      <TextInput
        label="Minimum volume"
        inputMode="numeric"
        description="Fewer events in the window and the rule stays quiet"
        {...form.text('min_volume')}
      />
      <TextInput
        label="Cooldown, minutes"
        inputMode="numeric"
        description="Quiet this long for one scope after firing"
        {...form.text('cooldown_minutes')}
      />
    </SimpleGrid>
  );
}
