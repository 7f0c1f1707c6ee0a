import type { FormEvent } from 'react';
import {
  Checkbox,
  Group,
  NumberInput,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  SMTP_SECURITY,
  smtpSettingsBodySchema,
  type SmtpSecurity,
  type SmtpSettings,
} from '@pxl/contract/mail/mail.schemas';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useSmtpSettings, useUpdateSmtpSettings } from '../api/smtp-settings.ts';
import { SettingsForm } from '@/components/forms/settings-form.tsx';
import { useFormValues } from '@/components/forms/use-form-values.ts';

const SECURITY_LABELS: Record<SmtpSecurity, string> = { none: 'None', starttls: 'STARTTLS', tls: 'TLS' };
/** The usual port of each security mode, offered when the mode changes and the port was the previous default. */
const DEFAULT_PORTS: Record<SmtpSecurity, number> = { none: 25, starttls: 587, tls: 465 };

type Values = Omit<SmtpSettings, 'password_set' | 'configured'> & { password: string; removePassword: boolean };

/** The SMTP server mail goes out through (docs/product/tickets-and-mail.md); the password is write-only. */
export function SmtpSettingsForm() {
  const settings = useSmtpSettings();
  // The form starts from the settings as first loaded; a later refetch does not overwrite what is being edited.
  return settings.data ? <SmtpSettingsEditor settings={settings.data} /> : null;
}

function SmtpSettingsEditor({ settings }: { settings: SmtpSettings }) {
  const update = useUpdateSmtpSettings();
  const { errors, submit: send } = useSaveForm(update);
  const { values, set, text } = useFormValues<Values>(() => {
    const { password_set: _set, configured: _configured, ...rest } = settings;
    return { ...rest, password: '', removePassword: false };
  }, errors);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { password, removePassword, ...rest } = values;
    send(
      smtpSettingsBodySchema,
      { ...rest, password: removePassword ? null : password },
      {
        onSaved: () => set({ password: '', removePassword: false }),
      },
    );
  };
  const setSecurity = (security: SmtpSecurity) =>
    set({ security, port: values.port === DEFAULT_PORTS[values.security] ? DEFAULT_PORTS[security] : values.port });

  return (
    <SettingsForm label="SMTP settings" saving={update.isPending} onSubmit={submit}>
      <Title order={3}>SMTP server</Title>
      {!settings.configured && (
        <Text size="sm" c="orange">
          No SMTP server is configured: mails wait in the log until one is saved.
        </Text>
      )}
      <Group align="flex-start" grow>
        <TextInput label="Host" placeholder="smtp.example.com" {...text('host')} />
        <NumberInput
          label="Port"
          name="port"
          min={1}
          max={65535}
          maw={140}
          value={values.port}
          error={errors.port}
          onChange={(v) => set({ port: Number(v) || 0 })}
        />
      </Group>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Security
        </Text>
        <SegmentedControl
          aria-label="Security"
          value={values.security}
          onChange={(v) => setSecurity(v as SmtpSecurity)}
          data={SMTP_SECURITY.map((value) => ({ value, label: SECURITY_LABELS[value] }))}
        />
      </Stack>
      <Group align="flex-start" grow>
        <TextInput label="User" autoComplete="off" {...text('user')} />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          placeholder={settings.password_set ? 'Stored; leave empty to keep it' : 'Not set'}
          disabled={values.removePassword}
          {...text('password')}
        />
      </Group>
      {settings.password_set && (
        <Checkbox
          label="Remove the stored password"
          checked={values.removePassword}
          onChange={(e) => set({ removePassword: e.currentTarget.checked, password: '' })}
        />
      )}
      <Group align="flex-start" grow>
        <TextInput label="From name" {...text('from_name')} />
        <TextInput label="From address" type="email" {...text('from_email')} />
      </Group>
    </SettingsForm>
  );
}
