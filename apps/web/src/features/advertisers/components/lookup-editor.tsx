import { SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { FieldErrors } from '@/lib/form-errors.ts';
import { CallEditor } from './call-editor.tsx';
import { CodesInput } from './codes-input.tsx';
import { errorUnder } from './integration-errors.ts';
import type { IntegrationValues } from './integration-values.ts';

type Lookup = IntegrationValues['lookup'];
const P = 'integration.lookup';
const mono = { input: { fontFamily: 'monospace', fontSize: 13 } };

/** The optional "do you have lead {lead_id}?" call, asked after a timeout before any other product gets the lead. */
export function LookupEditor({
  enabled,
  value,
  onEnabled,
  onChange,
  errors,
  macros,
}: {
  enabled: boolean;
  value: Lookup;
  onEnabled: (enabled: boolean) => void;
  onChange: (patch: Partial<Lookup>) => void;
  errors: FieldErrors;
  macros: readonly string[];
}) {
  return (
    <Stack gap="sm">
      <Switch
        label="Ask the buyer about a lead that timed out"
        checked={enabled}
        onChange={(e) => onEnabled(e.currentTarget.checked)}
        description="Without a lookup such a lead stays unknown until the status pull finds it, and no other product gets it."
      />
      {enabled && (
        <>
          <CallEditor
            label="Lookup"
            value={value}
            onChange={onChange}
            path={P}
            errors={errors}
            methods={['GET', 'POST']}
            macros={macros}
            when="when a timed-out lead is looked up"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <CodesInput
              label="Found codes"
              description="With a value at the found path"
              value={value.found_status}
              error={errorUnder(errors, `${P}.found_status`)}
              onChange={(found_status) => onChange({ found_status })}
            />
            <TextInput
              label="Found path"
              description="Found when this has a value"
              placeholder="lead_id"
              styles={mono}
              value={value.found_path}
              error={errors[`${P}.found_path`]}
              onChange={(e) => onChange({ found_path: e.currentTarget.value })}
            />
            <CodesInput
              label="Not found codes"
              description="Surely not there: the next product may get the lead"
              value={value.missing_status}
              error={errorUnder(errors, `${P}.missing_status`)}
              onChange={(missing_status) => onChange({ missing_status })}
            />
            <TextInput
              label="External id path"
              placeholder="lead_id"
              styles={mono}
              value={value.external_id_path}
              error={errors[`${P}.external_id_path`]}
              onChange={(e) => onChange({ external_id_path: e.currentTarget.value })}
            />
            <TextInput
              label="Autologin URL path"
              placeholder="autologin_url"
              styles={mono}
              value={value.autologin_path}
              error={errors[`${P}.autologin_path`]}
              onChange={(e) => onChange({ autologin_path: e.currentTarget.value })}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            Any other answer, an error or a timeout leaves the lead unknown until the status pull.
          </Text>
        </>
      )}
    </Stack>
  );
}
