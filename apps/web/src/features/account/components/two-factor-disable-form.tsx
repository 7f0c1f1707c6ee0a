import { useState, type FormEvent } from 'react';
import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { AUTH_CODE_ERROR, isAuthCode, normalizeAuthCode } from '@/lib/auth-code.ts';
import { apiFieldErrors, type FieldErrors } from '@/lib/form-errors.ts';
import { useDisableTwoFactor } from '../api/disable-two-factor.ts';

/** Turning 2FA off asks for the password and a current code (or a recovery code). */
export function TwoFactorDisableForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const normalized = normalizeAuthCode(code);
    const next: FieldErrors = {};
    if (!password) next.password = 'Password is required';
    if (!isAuthCode(normalized)) next.code = AUTH_CODE_ERROR;
    setErrors(next);
    if (Object.keys(next).length) return;
    disable.mutate({ password, code: normalized }, { onSuccess: onDone, onError: (e) => setErrors(apiFieldErrors(e)) });
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
