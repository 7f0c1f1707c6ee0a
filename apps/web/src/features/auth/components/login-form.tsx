import { useState, type FormEvent } from 'react';
import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { z } from 'zod';
import { loginBodySchema } from '@pxl/contract/auth/auth.schemas';
import { AUTH_CODE_ERROR, isAuthCode, normalizeAuthCode } from '@/lib/auth-code.ts';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useLogin } from '../api/login.ts';
import { CurrentPasswordInput, AuthCodeInput } from '@/components/forms/fields.tsx';

/** The code may be the 6-digit TOTP or a one-time recovery code (xxxxx-xxxxx). */
const loginFormSchema = loginBodySchema.extend({
  code: z.string().transform(normalizeAuthCode).refine(isAuthCode, { message: AUTH_CODE_ERROR }).optional(),
});

/** Email and password; the code field appears once the server says the account uses 2FA. */
export function LoginForm() {
  const login = useLogin();
  const [values, setValues] = useState({ email: '', password: '', code: '' });
  const [needsCode, setNeedsCode] = useState(false);
  const { errors, submit: send } = useSaveForm(login);
  // The server asks for the code (a message under `code`) when the account uses 2FA; the field stays from then on.
  if (errors.code && !needsCode) setNeedsCode(true);

  // Read the value now: React clears currentTarget before a state updater runs.
  const change = (field: keyof typeof values) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(loginFormSchema, { ...values, code: needsCode ? values.code : undefined });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          required
          value={values.email}
          onChange={change('email')}
          error={errors.email}
        />
        <CurrentPasswordInput
          name="password"
          value={values.password}
          onChange={change('password')}
          error={errors.password ?? errors.auth}
        />
        {needsCode && (
          <AuthCodeInput
            name="code"
            maxLength={12}
            description="The 6-digit code from your authenticator app, or one of your recovery codes (xxxxx-xxxxx)"
            value={values.code}
            onChange={change('code')}
            error={errors.code}
            // The field appears in answer to the user's submit, not on page load: the focus goes where the next step is.
            // oxlint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
          />
        )}
        <Button type="submit" loading={login.isPending} fullWidth>
          Sign in
        </Button>
        <Group justify="space-between">
          <Anchor component={Link} to="/signup" size="sm">
            Create an account
          </Anchor>
          <Anchor component={Link} to="/password-recovery" size="sm">
            Forgot password?
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
