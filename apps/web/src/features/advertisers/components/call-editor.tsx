import { useState } from 'react';
import { Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { MacroHint } from '@/components/ui/macro-hint.tsx';
import type { FieldErrors } from '@/lib/form-errors.ts';
import type { CallValues } from './integration-values.ts';
import { KeyValueRows } from './key-value-rows.tsx';

type Target = { field: 'url' } | { field: 'headers' | 'body'; index: number };

const FORMATS = [
  { value: 'json', label: 'JSON' },
  { value: 'form', label: 'Form' },
  { value: 'none', label: 'No body' },
];

/**
 * One HTTP call of a template: method, URL, headers and body rows. A macro click goes into the field focused last
 * (the URL until another is focused), read at click time so typing in between is kept.
 */
export function CallEditor({
  value,
  onChange,
  path,
  errors,
  methods,
  macros,
  when,
  label,
}: {
  value: CallValues;
  onChange: (patch: Partial<CallValues>) => void;
  path: string;
  errors: FieldErrors;
  methods: readonly string[];
  macros: readonly string[];
  /** When the macros are filled, for the hint. */
  when: string;
  label: string;
}) {
  const [target, setTarget] = useState<Target>({ field: 'url' });
  const rows = target.field === 'url' ? [] : value[target.field];
  const row = target.field === 'url' ? undefined : rows[target.index];
  const targetName =
    target.field === 'url' || !row
      ? 'the URL'
      : `${target.field === 'headers' ? 'header' : 'body field'} ${row.key || `row ${target.index + 1}`}`;

  const insert = (macro: string) => {
    if (target.field === 'url' || !row) return onChange({ url: value.url + macro });
    onChange({ [target.field]: rows.map((r, i) => (i === target.index ? { ...r, value: r.value + macro } : r)) });
  };

  return (
    <Stack gap="xs">
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <Select
          aria-label={`${label} method`}
          w={96}
          data={[...methods]}
          allowDeselect={false}
          value={value.method}
          error={errors[`${path}.method`]}
          onChange={(method) => method && onChange({ method })}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          aria-label={`${label} URL`}
          placeholder="https://crm.buyer.example/api/leads"
          style={{ flex: 1, minWidth: 0 }}
          value={value.url}
          error={errors[`${path}.url`]}
          onFocus={() => setTarget({ field: 'url' })}
          onChange={(e) => onChange({ url: e.currentTarget.value })}
          styles={{ input: { fontFamily: 'monospace', fontSize: 13 } }}
        />
      </Group>
      <KeyValueRows
        label="Headers"
        rows={value.headers}
        path={`${path}.headers`}
        errors={errors}
        keyPlaceholder="Authorization"
        valuePlaceholder="Bearer {credentials.api_key}"
        addLabel="Add header"
        onChange={(headers) => onChange({ headers })}
        onFocusValue={(index) => setTarget({ field: 'headers', index })}
      />
      <Group gap="sm" align="center">
        <Text size="sm" fw={500}>
          Body format
        </Text>
        <SegmentedControl
          size="xs"
          data={FORMATS}
          value={value.body_format}
          aria-label={`${label} body format`}
          onChange={(body_format) => onChange({ body_format })}
        />
      </Group>
      {value.body_format !== 'none' && (
        <KeyValueRows
          label="Body fields"
          rows={value.body}
          path={`${path}.body`}
          errors={errors}
          keyPlaceholder="first_name"
          valuePlaceholder="{first_name}"
          addLabel="Add field"
          onChange={(body) => onChange({ body })}
          onFocusValue={(index) => setTarget({ field: 'body', index })}
        />
      )}
      {value.body_format === 'json' && (
        <Text size="xs" c="dimmed">
          Dotted names (lead.email) build nested JSON objects.
        </Text>
      )}
      <MacroHint macros={macros} onInsert={insert} target={targetName} when={when} />
    </Stack>
  );
}
