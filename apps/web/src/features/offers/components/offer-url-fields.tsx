import { Code, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { FieldErrors } from '@/lib/form-errors.ts';
import type { PrimaryValues } from './primary-values.ts';

type UrlKey = 'tracking_url' | 'preview_url' | 'trafficback_url';

/** The advertiser's URLs of a direct-link offer, with the macros the server accepts in them. */
export function OfferUrlFields({
  values,
  errors,
  set,
  macros,
}: {
  values: PrimaryValues;
  errors: FieldErrors;
  set: (patch: Partial<PrimaryValues>) => void;
  /** The constants' `macros`. */
  macros: readonly string[];
}) {
  const url = (key: UrlKey) => ({
    name: key,
    value: values[key],
    error: errors[key],
    placeholder: 'https://…',
    onChange: (e: { currentTarget: { value: string } }) => set({ [key]: e.currentTarget.value }),
  });
  return (
    <>
      <TextInput
        label="Tracking URL"
        required
        description="Where a click goes; macros are filled per click"
        {...url('tracking_url')}
      />
      <Group gap={6} data-testid="macro-hint">
        <Text size="xs" c="dimmed">
          Allowed macros:
        </Text>
        {macros.map((m) => (
          <Code key={m} fz="xs">
            {m}
          </Code>
        ))}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Preview URL" description="Clicks on it never count" {...url('preview_url')} />
        <TextInput
          label="Trafficback URL"
          description="Empty: the network's global trafficback"
          {...url('trafficback_url')}
        />
      </SimpleGrid>
    </>
  );
}
