import { Alert, Select, SimpleGrid, Stack, TagsInput, Text } from '@mantine/core';
import type { ReconField, ReconMapping } from '@pxl/contract/reconciliation/index';
import {
  columnOptions,
  columnValue,
  DATE_FORMAT_OPTIONS,
  DECIMAL_OPTIONS,
  FIELD_LABELS,
  setColumn,
  setStatusWords,
  STATUS_LABELS,
  STATUS_WORDS_ORDER,
} from './upload-values.ts';

const select = { allowDeselect: false, comboboxProps: { withinPortal: true } } as const;

/**
 * Which column of the file is which field, how its dates and amounts are written, and which of their status words
 * mean ours. `problems` are what keeps the server from reading the file with this mapping; `error` is an upload's
 * refusal of it.
 */
export function MappingEditor({
  header,
  mapping,
  statusSuggestions = [],
  problems = [],
  error,
  onChange,
}: {
  header: readonly string[];
  mapping: ReconMapping;
  /** The words found in the file's status column, offered in the status inputs. */
  statusSuggestions?: readonly string[];
  problems?: readonly string[];
  error?: string;
  onChange: (mapping: ReconMapping) => void;
}) {
  const messages = [...problems, ...(error ? [error] : [])];
  return (
    <Stack gap="sm" data-testid="mapping-editor">
      {messages.length > 0 && (
        <Alert color="red" data-testid="mapping-error" title="The mapping cannot read this file">
          {messages.map((m) => (
            <Text key={m} size="sm">
              {m}
            </Text>
          ))}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        {(Object.keys(FIELD_LABELS) as ReconField[]).map((field) => (
          <Select
            key={field}
            label={FIELD_LABELS[field]}
            name={`columns.${field}`}
            data={columnOptions(header, mapping.columns[field])}
            value={columnValue(mapping, field)}
            error={
              mapping.columns[field] !== null && !header.includes(mapping.columns[field]!)
                ? 'Not in this file'
                : undefined
            }
            onChange={(v) => onChange(setColumn(mapping, field, v))}
            {...select}
          />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <Select
          label="Date format"
          name="date_format"
          data={DATE_FORMAT_OPTIONS}
          value={mapping.date_format}
          onChange={(v) => v && onChange({ ...mapping, date_format: v as ReconMapping['date_format'] })}
          {...select}
        />
        <Select
          label="Decimal mark"
          name="decimal"
          data={DECIMAL_OPTIONS}
          value={mapping.decimal}
          onChange={(v) => v && onChange({ ...mapping, decimal: v as ReconMapping['decimal'] })}
          {...select}
        />
      </SimpleGrid>
      <Text size="sm" fw={500}>
        Their status words (compared without case; press Enter after each)
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        {STATUS_WORDS_ORDER.map((status) => (
          <TagsInput
            key={status}
            label={STATUS_LABELS[status]}
            name={`statuses.${status}`}
            data={statusSuggestions.filter((w) => !mapping.statuses[status].includes(w))}
            value={mapping.statuses[status]}
            onChange={(words) => onChange(setStatusWords(mapping, status, words))}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
