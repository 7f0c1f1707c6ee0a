import { ActionIcon, Select, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { GEO_OPTIONS } from '@/lib/options.ts';
import type { FieldErrors } from '@/lib/form-errors.ts';
import { newContacts, withCountry, type PersonValues } from './test-person-values.ts';

/** The test person: prefilled so "Send" works at once, every field editable. */
export function TestPersonFields({
  value,
  onChange,
  errors,
}: {
  value: PersonValues;
  onChange: (person: PersonValues) => void;
  errors: FieldErrors;
}) {
  const text = (
    key: keyof PersonValues,
    label: string,
    extra: Partial<{ placeholder: string; description: string }> = {},
  ) => (
    <TextInput
      label={label}
      name={key}
      value={value[key]}
      error={errors[`lead.${key}`]}
      {...extra}
      onChange={(e) => onChange({ ...value, [key]: e.currentTarget.value })}
    />
  );
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        Test person
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
        {text('first_name', 'First name')}
        {text('last_name', 'Last name')}
        <TextInput
          label="Email"
          name="email"
          value={value.email}
          error={errors['lead.email']}
          onChange={(e) => onChange({ ...value, email: e.currentTarget.value })}
          rightSection={
            <Tooltip label="New email and phone">
              <ActionIcon
                variant="subtle"
                aria-label="New email and phone"
                onClick={() => onChange(newContacts(value))}
              >
                <IconRefresh size={16} />
              </ActionIcon>
            </Tooltip>
          }
        />
        {text('phone', 'Phone', { placeholder: '+4915112345678' })}
        <Select
          label="Country"
          name="country"
          searchable
          allowDeselect={false}
          data={GEO_OPTIONS}
          value={value.country}
          error={errors['lead.country']}
          onChange={(c) => c && onChange(withCountry(value, c))}
          comboboxProps={{ withinPortal: true }}
        />
        {text('ip', 'IP')}
        {text('language', 'Language', { placeholder: 'de' })}
        {text('password', 'Password', { placeholder: 'Optional' })}
        {text('funnel', 'Funnel')}
        <SimpleGrid cols={2} spacing="sm">
          {text('sub1', 'sub1')}
          {text('sub2', 'sub2')}
        </SimpleGrid>
      </SimpleGrid>
    </Stack>
  );
}
