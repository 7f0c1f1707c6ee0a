import { SimpleGrid, TextInput } from '@mantine/core';

export type ContactValues = { skype?: string; telegram?: string; email?: string; linkedin?: string; phone?: string };

const FIELDS = [
  { key: 'skype', label: 'Skype', placeholder: 'live:name' },
  { key: 'telegram', label: 'Telegram', placeholder: '@name' },
  { key: 'email', label: 'Contact email', placeholder: 'name@example.com' },
  { key: 'linkedin', label: 'LinkedIn', placeholder: 'profile name or URL' },
  { key: 'phone', label: 'Phone', placeholder: '+380…' },
] as const;

/** Inputs for the messenger contacts of a partner or manager; `errors` is keyed "contacts.<name>". */
export function ContactInputs({
  value,
  onChange,
  errors = {},
}: {
  value: ContactValues;
  onChange: (next: ContactValues) => void;
  errors?: Record<string, string>;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
      {FIELDS.map((field) => (
        <TextInput
          key={field.key}
          label={field.label}
          placeholder={field.placeholder}
          name={`contacts.${field.key}`}
          value={value[field.key] ?? ''}
          error={errors[`contacts.${field.key}`]}
          onChange={(e) => onChange({ ...value, [field.key]: e.currentTarget.value })}
        />
      ))}
    </SimpleGrid>
  );
}
