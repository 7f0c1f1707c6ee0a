import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSendTestMail } from '../api/smtp-settings.ts';

/** Sends one mail with the saved settings and shows what the SMTP server said, or what went wrong, in words. */
export function SmtpTestMail({ configured }: { configured: boolean }) {
  const [to, setTo] = useState('');
  const test = useSendTestMail();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    test.mutate(to.trim());
  };
  const result = test.data;
  return (
    <Paper withBorder radius="md" p="lg" maw={720}>
      <form onSubmit={submit} noValidate aria-label="Send test e-mail">
        <Stack gap="md">
          <Title order={3}>Send test e-mail</Title>
          <Text size="sm" c="dimmed">
            Uses the saved settings: save changes first.
          </Text>
          <Group align="flex-end">
            <TextInput
              label="To"
              name="to"
              type="email"
              placeholder="you@example.com"
              w={320}
              value={to}
              onChange={(e) => setTo(e.currentTarget.value)}
            />
            <Button type="submit" variant="light" loading={test.isPending} disabled={!configured || !to.trim()}>
              Send test e-mail
            </Button>
          </Group>
          {result && (
            <Alert color={result.ok ? 'green' : 'red'} title={result.ok ? 'Sent' : 'Not sent'} role="status">
              {result.message}
            </Alert>
          )}
          {test.error && (
            <Alert color="red" title="Not sent" role="status">
              {test.error.message}
            </Alert>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
