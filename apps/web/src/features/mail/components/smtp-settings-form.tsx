import { useState, type FormEvent } from 'react';
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
  const [values, setValues] = useState<Values>(() => {
    const { password_set: _set, configured: _configured, ...rest } = settings;
    return { ...rest, password: '', removePassword: false };
  });
  const { errors, submit: send } = useSaveForm(update);
  const set = (patch: Partial<Values>) => setValues({ ...values, ...patch });

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
        <TextInput
          label="Host"
          name="host"
          placeholder="smtp.example.com"
          value={values.host}
          error={errors.host}
          onChange={(e) => set({ host: e.currentTarget.value })}
        />
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
        <TextInput
          label="User"
          name="user"
          autoComplete="off"
          value={values.user}
          error={errors.user}
          onChange={(e) => set({ user: e.currentTarget.value })}
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="new-password"
          placeholder={settings.password_set ? 'Stored; leave empty to keep it' : 'Not set'}
          disabled={values.removePassword}
          value={values.password}
          error={errors.password}
          onChange={(e) => set({ password: e.currentTarget.value })}
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
        <TextInput
          label="From name"
          name="from_name"
          value={values.from_name}
          error={errors.from_name}
          onChange={(e) => set({ from_name: e.currentTarget.value })}
        />
        <TextInput
          label="From address"
          name="from_email"
          type="email"
          value={values.from_email}
          error={errors.from_email}
          onChange={(e) => set({ from_email: e.currentTarget.value })}
        />
      </Group>
    </SettingsForm>
  );
}
