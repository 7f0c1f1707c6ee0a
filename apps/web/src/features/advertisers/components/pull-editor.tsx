import { NumberInput, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { LEAD_HISTORY_STATUSES } from '@pxl/contract/constants/constants.data';
import type { FieldErrors } from '@/lib/form-errors.ts';
import { CallEditor } from './call-editor.tsx';
import type { IntegrationValues } from './integration-values.ts';
import { KeyValueRows } from './key-value-rows.tsx';

type Pull = IntegrationValues['pull'];
const P = 'integration.pull';
const mono = { input: { fontFamily: 'monospace', fontSize: 13 } };
const STATUSES = Object.entries(LEAD_HISTORY_STATUSES).map(([value, label]) => ({ value, label }));
const MATCH = [
  { value: 'lead_id', label: 'Our Lead Id (sent as {lead_id})' },
  { value: 'external_id', label: "The buyer's id (from the push answer)" },
];

/** The status pull: the call, paging, where each lead's status, FTD and deposit are, and the buyer's statuses → ours. */
export function PullEditor({
  value,
  onChange,
  errors,
  macros,
}: {
  value: Pull;
  onChange: (patch: Partial<Pull>) => void;
  errors: FieldErrors;
  macros: readonly string[];
}) {
  const num = (key: 'interval_minutes' | 'page_size' | 'max_pages', label: string, max: number) => (
    <NumberInput
      label={label}
      min={1}
      max={max}
      allowDecimal={false}
      value={value[key]}
      error={errors[`${P}.${key}`]}
      onChange={(v) => onChange({ [key]: v })}
    />
  );
  const path = (
    key: 'items_path' | 'id_path' | 'status_path' | 'ftd_path' | 'amount_path',
    label: string,
    placeholder: string,
    description?: string,
  ) => (
    <TextInput
      label={label}
      description={description}
      placeholder={placeholder}
      styles={mono}
      value={value[key]}
      error={errors[`${P}.${key}`]}
      onChange={(e) => onChange({ [key]: e.currentTarget.value })}
    />
  );
  return (
    <Stack gap="sm">
      <Switch
        label="Pull statuses from the buyer"
        checked={value.enabled}
        onChange={(e) => onChange({ enabled: e.currentTarget.checked })}
        description="Call statuses and deposits become the leads' status history; a deposit makes an FTD conversion."
      />
      <CallEditor
        label="Status pull"
        value={value.call}
        onChange={(patch) => onChange({ call: { ...value.call, ...patch } })}
        path={`${P}.call`}
        errors={errors}
        methods={['GET', 'POST']}
        macros={macros}
        when="on each pull ({since} is the start of the window)"
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        {num('interval_minutes', 'Every (minutes)', 1440)}
        {num('page_size', 'Page size', 1000)}
        {num('max_pages', 'Pages per pull', 100)}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {path('items_path', 'Items path', 'items', 'Empty when the answer is the list')}
        <Select
          label="Match items by"
          description="How an item finds our lead"
          data={MATCH}
          allowDeselect={false}
          value={value.match_by}
          error={errors[`${P}.match_by`]}
          onChange={(v) => v && onChange({ match_by: v as Pull['match_by'] })}
          comboboxProps={{ withinPortal: true }}
        />
        {path('id_path', 'Id path', 'aff_lead_id')}
        {path('status_path', 'Status path', 'status')}
        {path('ftd_path', 'FTD flag path', 'ftd', 'true, 1 or yes marks a first deposit')}
        {path('amount_path', 'Deposit amount path', 'deposit', 'In major units, e.g. 250.00')}
      </SimpleGrid>
      <KeyValueRows
        label="Status map"
        rows={value.status_map}
        path={`${P}.status_map`}
        errors={errors}
        keyPlaceholder="buyer status"
        addLabel="Add status"
        onChange={(rows) => onChange({ status_map: rows.map((r) => ({ ...r, key: r.key.toLowerCase() })) })}
        renderValue={(row, index, error) => (
          <Select
            aria-label={`Our status for ${row.key || `row ${index + 1}`}`}
            placeholder="Our status"
            data={STATUSES}
            value={row.value || null}
            error={error}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            onChange={(v) =>
              onChange({ status_map: value.status_map.map((r, i) => (i === index ? { ...r, value: v ?? '' } : r)) })
            }
          />
        )}
      />
      <Text size="xs" c="dimmed">
        Buyer statuses are compared in lower case; an unmapped status is kept as raw text and changes nothing.
      </Text>
    </Stack>
  );
}
