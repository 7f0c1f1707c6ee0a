import { Stack, Title } from '@mantine/core';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { MailLogTable } from '@/features/mail/components/mail-log-table.tsx';
import { SmtpSettingsForm } from '@/features/mail/components/smtp-settings-form.tsx';
import { SmtpTestMail } from '@/features/mail/components/smtp-test-mail.tsx';
import { useSmtpSettings } from '@/features/mail/api/smtp-settings.ts';
import { useDisplayTimeZone } from './use-display-time-zone.ts';

export function SmtpSettingsScreen() {
  const settings = useSmtpSettings();
  const { timeZone } = useDisplayTimeZone();
  return (
    <PageFrame>
      <Stack gap="lg">
        <SmtpSettingsForm />
        <SmtpTestMail configured={settings.data?.configured ?? false} />
        <Title order={3}>Mail log</Title>
        <MailLogTable timeZone={timeZone} />
      </Stack>
    </PageFrame>
  );
}
