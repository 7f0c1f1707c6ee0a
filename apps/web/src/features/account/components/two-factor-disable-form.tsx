import { useState, type FormEvent } from 'react';
import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { z } from 'zod';
import { AUTH_CODE_ERROR, isAuthCode, normalizeAuthCode } from '@/lib/auth-code.ts';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useDisableTwoFactor } from '../api/disable-two-factor.ts';

/** The code may be a TOTP or a recovery code, typed with spaces or without the dash, as at login. */
const disableFormSchema = z.object({
  password: z.string().min(1, { message: 'Password is required' }),
  code: z.string().transform(normalizeAuthCode).refine(isAuthCode, { message: AUTH_CODE_ERROR }),
});

/** Turning 2FA off asks for the password and a current code (or a recovery code). */
export function TwoFactorDisableForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const { errors, submit: send } = useSaveForm(disable);

  // The mutation says "Two-factor authentication is off" itself.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(disableFormSchema, { password, code }, { onSaved: onDone });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Disable two-factor authentication">
      <Stack gap="md" maw={420}>
        <PasswordInput
          label="Password"
          name="disable_password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
        />
        <TextInput
          label="Authentication code or recovery code"
          name="disable_code"
          autoComplete="one-time-code"
          required
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={errors.code}
        />
        <Group>
          <Button type="submit" color="red" loading={disable.isPending}>
            Disable 2FA
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
