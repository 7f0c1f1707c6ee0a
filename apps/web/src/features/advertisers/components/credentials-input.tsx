import { ActionIcon, Badge, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { CredentialRow } from './product-form-values.ts';

/** Write-only credentials: shows which keys are set; values are entered only when replacing them. */
export function CredentialsInput({
  storedKeys,
  replace,
  rows,
  onReplace,
  onChange,
  errors,
}: {
  storedKeys: string[];
  replace: boolean;
  rows: CredentialRow[];
  onReplace: (replace: boolean) => void;
  onChange: (rows: CredentialRow[]) => void;
  errors: Record<string, string>;
}) {
  if (!replace) {
    return (
      <Group gap="xs">
        {storedKeys.length === 0 ? (
          <Text size="sm" c="dimmed">
            No credentials stored.
          </Text>
        ) : (
          storedKeys.map((key) => (
            <Badge key={key} variant="light" color="teal" radius="sm" tt="none">
              {key}: set
            </Badge>
          ))
        )}
        <Button size="xs" variant="subtle" onClick={() => onReplace(true)}>
          Replace credentials
        </Button>
      </Group>
    );
  }
  const set = (index: number, patch: Partial<CredentialRow>) =>
    onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  return (
    <Stack gap="xs">
      {rows.map((row, index) => (
        <Group key={index} gap="sm" align="flex-start" wrap="nowrap">
          <TextInput
            aria-label="Credential name"
            placeholder="api_key"
            w={200}
            value={row.key}
            onChange={(e) => set(index, { key: e.currentTarget.value })}
          />
          <PasswordInput
            aria-label="Credential value"
            placeholder="value"
            style={{ flex: 1 }}
            value={row.value}
            autoComplete="new-password"
            onChange={(e) => set(index, { value: e.currentTarget.value })}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={6}
            aria-label="Remove credential"
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      {errors.credentials && (
        <Text size="xs" c="red">
          {errors.credentials}
        </Text>
      )}
      {Object.entries(errors)
        .filter(([k]) => k.startsWith('credentials.'))
        .map(([k, m]) => (
          <Text key={k} size="xs" c="red">
            {m}
          </Text>
        ))}
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...rows, { key: '', value: '' }])}
        >
          Add credential
        </Button>
        {storedKeys.length > 0 && (
          <Button size="xs" variant="subtle" color="gray" onClick={() => onReplace(false)}>
            Keep stored credentials
          </Button>
        )}
      </Group>
      {storedKeys.length > 0 && (
        <Text size="xs" c="dimmed">
          Saving replaces all stored credentials with these rows (none left clears them).
        </Text>
      )}
    </Stack>
  );
}
