import { MultiSelect, NumberInput, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import type { FieldErrors } from '@/lib/form-errors.ts';
import { errorUnder } from './integration-errors.ts';
import type { SandboxValues } from './product-form-values.ts';

const P = 'sandbox_rules';

/** How the built-in sandbox buyer behaves for this product (it is a real endpoint of this server). */
export function SandboxRulesEditor({
  value,
  onChange,
  errors,
  geoOptions,
}: {
  value: SandboxValues;
  onChange: (patch: Partial<SandboxValues>) => void;
  errors: FieldErrors;
  geoOptions: { value: string; label: string }[];
}) {
  const num = (
    key: 'delay_ms' | 'ftd_percent' | 'status_step_seconds',
    label: string,
    max: number,
    description: string,
  ) => (
    <NumberInput
      label={label}
      description={description}
      min={key === 'status_step_seconds' ? 1 : 0}
      max={max}
      allowDecimal={false}
      value={value[key]}
      error={errors[`${P}.${key}`]}
      onChange={(v) => onChange({ [key]: v })}
    />
  );
  return (
    <Stack gap="sm">
      <MultiSelect
        label="Accepts countries"
        description="Empty: every country"
        placeholder="Every country"
        searchable
        clearable
        data={geoOptions}
        value={value.accept_countries}
        error={errorUnder(errors, `${P}.accept_countries`)}
        onChange={(accept_countries) => onChange({ accept_countries })}
        comboboxProps={{ withinPortal: true }}
      />
      <TextInput
        label="Rejects emails containing"
        description="Empty rejects none"
        placeholder="reject"
        value={value.reject_email_contains}
        error={errors[`${P}.reject_email_contains`]}
        onChange={(e) => onChange({ reject_email_contains: e.currentTarget.value })}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {num('delay_ms', 'Answer delay (ms)', 60_000, 'To try timeouts')}
        {num('ftd_percent', 'FTD share (%)', 100, 'Of accepted leads')}
        {num('status_step_seconds', 'Status step (s)', 86_400, 'How often a status moves on')}
      </SimpleGrid>
      <Switch
        label="Refuse the same email twice as a duplicate"
        checked={value.duplicate_check}
        onChange={(e) => onChange({ duplicate_check: e.currentTarget.checked })}
      />
      <Switch
        label="Answer refusals with HTTP 200 and an error in the body"
        checked={value.errors_as_200}
        description="As some real buyers do: the answer rules must read them as errors."
        onChange={(e) => onChange({ errors_as_200: e.currentTarget.checked })}
      />
    </Stack>
  );
}
