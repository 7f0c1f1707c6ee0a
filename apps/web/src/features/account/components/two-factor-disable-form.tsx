import { useState, type FormEvent } from 'react';
import { Stack } from '@mantine/core';
import { z } from 'zod';
import { AUTH_CODE_ERROR, isAuthCode, normalizeAuthCode } from '@/lib/auth-code.ts';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useDisableTwoFactor } from '../api/disable-two-factor.ts';
import { CurrentPasswordInput, AuthCodeInput } from '@/components/forms/fields.tsx';
import { FormActions } from '@/components/forms/form-layout.tsx';

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
        <CurrentPasswordInput
          name="disable_password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
        />
        <AuthCodeInput
          name="disable_code"
          required
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={errors.code}
        />
        <FormActions label="Disable 2FA" color="red" saving={disable.isPending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
