import { useState, type FormEvent } from 'react';
import { Checkbox, Group, Radio, Stack, Switch, Text } from '@mantine/core';
import {
  REGISTRATION_FIELDS,
  REGISTRATION_MODES,
  registrationSettingsSchema,
  type RegistrationSettings,
} from '@pxl/contract/settings/settings.schemas';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useRegistrationSettings } from '../api/get-registration-settings.ts';
import { useUpdateRegistrationSettings } from '../api/update-registration-settings.ts';
import { SettingsForm } from '@/components/forms/settings-form.tsx';

type Mode = RegistrationSettings['mode'];
type Field = RegistrationSettings['required_fields'][number];

const MODES: Record<Mode, { label: string; help: string }> = {
  open: { label: 'Open', help: 'Anyone can sign up; new accounts are active at once and can sign in immediately.' },
  approval: {
    label: 'By approval',
    help: 'Anyone can sign up; new accounts wait on moderation until a manager activates them.',
  },
  closed: { label: 'Closed', help: 'The signup page says registration is closed; staff create partners themselves.' },
};
const FIELD_LABELS: Record<Field, string> = {
  last_name: 'Last name',
  telegram: 'Telegram',
  skype: 'Skype',
  website: 'Website',
};

/** Signup rules (docs/product/settings.md), honoured by the public signup form. */
export function RegistrationSettingsForm() {
  const settings = useRegistrationSettings();
  // The form starts from the settings as first loaded; a later refetch does not overwrite what is being edited.
  return settings.data ? <RegistrationSettingsEditor initial={settings.data} /> : null;
}

function RegistrationSettingsEditor({ initial }: { initial: RegistrationSettings }) {
  const update = useUpdateRegistrationSettings();
  const [values, setValues] = useState(initial);
  const { errors, submit: send } = useSaveForm(update);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(registrationSettingsSchema, values);
  };

  return (
    <SettingsForm label="Registration settings" gap="lg" saving={update.isPending} onSubmit={submit}>
      <Radio.Group
        label="Registration"
        name="mode"
        value={values.mode}
        error={errors.mode}
        onChange={(v) => setValues({ ...values, mode: v as Mode })}
      >
        <Stack gap="sm" mt="xs">
          {REGISTRATION_MODES.map((mode) => (
            <Radio key={mode} value={mode} label={MODES[mode].label} description={MODES[mode].help} />
          ))}
        </Stack>
      </Radio.Group>
      <Checkbox.Group
        label="Required fields"
        description="Email, password and first name are always required"
        value={values.required_fields}
        error={errors.required_fields}
        onChange={(v) => setValues({ ...values, required_fields: v as Field[] })}
      >
        <Group mt="xs">
          {REGISTRATION_FIELDS.map((field) => (
            <Checkbox key={field} value={field} label={FIELD_LABELS[field]} />
          ))}
        </Group>
      </Checkbox.Group>
      <Stack gap="sm">
        <Switch
          label="Terms acceptance required"
          name="terms_required"
          checked={values.terms_required}
          description="The signup form asks to accept the terms, the user agreement and the privacy policy"
          onChange={(e) => setValues({ ...values, terms_required: e.currentTarget.checked })}
        />
        <Switch
          label="Allow advertiser signup"
          name="allow_advertisers"
          checked={values.allow_advertisers}
          description="When off, the signup form creates affiliates only"
          onChange={(e) => setValues({ ...values, allow_advertisers: e.currentTarget.checked })}
        />
      </Stack>
      {values.mode === 'closed' && (
        <Text size="sm" c="orange">
          Signup is closed: the other options apply when it opens again.
        </Text>
      )}
    </SettingsForm>
  );
}
