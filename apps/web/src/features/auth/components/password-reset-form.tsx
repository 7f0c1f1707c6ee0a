import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { z } from 'zod';
import { passwordSchema } from '@pxl/contract/auth/auth.schemas';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { NewPasswordInput, RepeatPasswordInput } from '@/components/forms/fields.tsx';

/** The token from the link is left to the server to judge: its refusal shows under the second field. */
const resetFormSchema = z.object({ token: z.string(), password: passwordSchema });

export function PasswordResetForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { errors, submit: send } = useSaveForm(reset);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(
      resetFormSchema,
      { token, password },
      { check: () => (password !== confirm ? { confirm: 'Passwords do not match' } : null) },
    );
  };

  if (reset.isSuccess) {
    return (
      <Stack>
        <Alert color="teal" title="Password changed">
          Your password has been changed. You can sign in with the new password.
        </Alert>
        <Button component={Link} to="/login">
          Go to sign in
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <NewPasswordInput
          name="password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
        />
        <RepeatPasswordInput
          name="confirm"
          value={confirm}
          onChange={(e) => setConfirm(e.currentTarget.value)}
          error={errors.confirm ?? errors.token}
        />
        <Button type="submit" loading={reset.isPending} fullWidth>
          Set new password
        </Button>
        <Anchor component={Link} to="/login" size="sm">
          Back to sign in
        </Anchor>
      </Stack>
    </form>
  );
}
