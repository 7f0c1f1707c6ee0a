import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { Row } from './integration-values.ts';

/**
 * Name/value rows of a record (headers, body fields, a status map). `path` is the record's address in the body
 * (`integration.push.headers`): the server names a bad value by its key, the form a bad row by `#index`.
 * `renderValue` replaces the value input (the status map picks from a list).
 */
export function KeyValueRows({
  label,
  rows,
  path,
  errors,
  onChange,
  onFocusValue,
  keyPlaceholder,
  valuePlaceholder,
  renderValue,
  addLabel,
}: {
  label: string;
  rows: Row[];
  path: string;
  errors: Record<string, string>;
  onChange: (rows: Row[]) => void;
  onFocusValue?: (index: number) => void;
  keyPlaceholder: string;
  valuePlaceholder?: string;
  renderValue?: (row: Row, index: number, error: string | undefined) => ReactNode;
  addLabel: string;
}) {
  const set = (index: number, patch: Partial<Row>) =>
    onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {rows.length === 0 && (
        <Text size="xs" c="dimmed">
          None.
        </Text>
      )}
      {rows.map((row, index) => {
        const error = errors[`${path}.#${index}`] ?? (row.key.trim() ? errors[`${path}.${row.key.trim()}`] : undefined);
        return (
          <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              aria-label={`${label}: key`}
              placeholder={keyPlaceholder}
              w="38%"
              value={row.key}
              error={Boolean(error)}
              onChange={(e) => set(index, { key: e.currentTarget.value })}
            />
            <div style={{ flex: 1, minWidth: 0 }}>
              {renderValue ? (
                renderValue(row, index, error)
              ) : (
                <TextInput
                  aria-label={`${label}: value of ${row.key || `row ${index + 1}`}`}
                  placeholder={valuePlaceholder}
                  value={row.value}
                  error={error}
                  onFocus={() => onFocusValue?.(index)}
                  onChange={(e) => set(index, { value: e.currentTarget.value })}
                />
              )}
            </div>
            <ActionIcon
              variant="subtle"
              color="red"
              mt={6}
              aria-label={`Remove ${label.toLowerCase()} row ${row.key}`.trim()}
              onClick={() => onChange(rows.filter((_, i) => i !== index))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        );
      })}
      {errors[path] && (
        <Text size="xs" c="red">
          {errors[path]}
        </Text>
      )}
      <Button
        size="compact-xs"
        variant="subtle"
        w="fit-content"
        leftSection={<IconPlus size={12} />}
        onClick={() => onChange([...rows, { key: '', value: '' }])}
      >
        {addLabel}
      </Button>
    </Stack>
  );
}
