import { Checkbox, Group, SimpleGrid, Stack, TagsInput, TextInput } from '@mantine/core';
import type { FieldErrors } from '@/lib/form-errors.ts';
import { CodesInput } from './codes-input.tsx';
import { errorUnder } from './integration-errors.ts';
import type { IntegrationValues } from './integration-values.ts';

type Answer = IntegrationValues['answer'];
const P = 'integration.answer';
const mono = { input: { fontFamily: 'monospace', fontSize: 13 } };

/** How the buyer's answer to the push is read: success, the ids and URL in it, and which failures go on. */
export function AnswerEditor({
  value,
  onChange,
  errors,
}: {
  value: Answer;
  onChange: (patch: Partial<Answer>) => void;
  errors: FieldErrors;
}) {
  const path = (key: keyof Answer, label: string, placeholder: string, description?: string) => (
    <TextInput
      label={label}
      description={description}
      placeholder={placeholder}
      value={value[key] as string}
      error={errors[`${P}.${key}`]}
      styles={mono}
      onChange={(e) => onChange({ [key]: e.currentTarget.value })}
    />
  );
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <CodesInput
          label="Success codes"
          description="HTTP codes of an accepted lead"
          value={value.success_status}
          error={errorUnder(errors, `${P}.success_status`)}
          onChange={(success_status) => onChange({ success_status })}
        />
        {path(
          'success_path',
          'Success path',
          'success',
          'Also checked when set: buyers answering 200 with an error in the body',
        )}
        <TagsInput
          label="Success values"
          description="The value at the success path must be one of these"
          placeholder="true, ok"
          value={value.success_values}
          error={errorUnder(errors, `${P}.success_values`)}
          splitChars={[',']}
          onChange={(success_values) => onChange({ success_values })}
        />
        <TextInput
          label="Duplicate text"
          description="A failure whose error text contains this is a duplicate"
          placeholder="duplicate"
          value={value.duplicate_match}
          error={errors[`${P}.duplicate_match`]}
          onChange={(e) => onChange({ duplicate_match: e.currentTarget.value })}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {path('external_id_path', 'External id path', 'data.lead_id')}
        {path('autologin_path', 'Autologin URL path', 'data.autologin_url')}
        {path('error_path', 'Error message path', 'error.message')}
      </SimpleGrid>
      <Checkbox.Group
        label="Pass the lead to the next product when the answer is"
        value={value.next_on}
        error={errorUnder(errors, `${P}.next_on`)}
        description="Any other failure stops the waterfall and the lead fails. A timeout never goes on blindly: the lookup asks the buyer first."
        onChange={(next_on) => onChange({ next_on: next_on as Answer['next_on'] })}
      >
        <Group gap="lg" mt={6}>
          <Checkbox value="rejected" label="Rejected" />
          <Checkbox value="duplicate" label="Duplicate" />
          <Checkbox value="error" label="Error (5xx, network, unreadable)" />
        </Group>
      </Checkbox.Group>
    </Stack>
  );
}
