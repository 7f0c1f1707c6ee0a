import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { recoveryRequestBodySchema } from '@pxl/contract/auth/auth.schemas';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useRequestPasswordRecovery } from '../api/request-password-recovery.ts';

/** The answer is the same for unknown emails, so the page cannot be used to probe accounts. */
export function RecoveryRequestForm() {
  const request = useRequestPasswordRecovery();
  const [email, setEmail] = useState('');
  const { errors, submit: send } = useSaveForm(request);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(recoveryRequestBodySchema, { email });
  };

  if (request.isSuccess) {
    return (
      <Stack>
        <Alert color="indigo" title="Check your email">
          If an account exists for this address, we have sent a link to set a new password. The link is valid for a
          limited time.
        </Alert>
        <Anchor component={Link} to="/login">
          Back to sign in
        </Anchor>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Enter the email of your account and we will send you a link to set a new password.
        </Text>
        <TextInput
          label="Email"
          name="email"
          type="email"
          required
          value={email}
          error={errors.email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <Button type="submit" loading={request.isPending} fullWidth>
          Send reset link
        </Button>
        <Anchor component={Link} to="/login" size="sm">
          Back to sign in
        </Anchor>
      </Stack>
    </form>
  );
}
