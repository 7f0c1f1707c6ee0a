import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { passwordChangeSchema } from '@pxl/contract/account/index';
import type { FieldErrors } from '@/lib/form-errors.ts';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useChangePassword } from '../api/change-password.ts';
import { CurrentPasswordInput, NewPasswordInput, RepeatPasswordInput } from '@/components/forms/fields.tsx';

const empty = { current_password: '', new_password: '', repeat: '' };

/** Current, new and repeated password; the server signs every other session out. */
export function PasswordChangeForm() {
  const change = useChangePassword();
  const [values, setValues] = useState(empty);
  const { errors, submit: send } = useSaveForm(change);
  const set = (field: keyof typeof empty) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(passwordChangeSchema, values, {
      check: (): FieldErrors | null => {
        if (values.new_password !== values.repeat) return { repeat: 'Passwords do not match' };
        if (values.new_password === values.current_password)
          return { new_password: 'The new password is the same as the current one' };
        return null;
      },
      onSaved: () => setValues(empty),
    });
  };

  return (
    <Paper withBorder radius="md" p="lg" maw={720}>
      <form onSubmit={submit} noValidate aria-label="Change password">
        <Stack gap="md" maw={420}>
          <Title order={4}>Change password</Title>
          <CurrentPasswordInput
            label="Current password"
            name="current_password"
            value={values.current_password}
            onChange={set('current_password')}
            error={errors.current_password ?? errors.password}
          />
          <NewPasswordInput
            name="new_password"
            value={values.new_password}
            onChange={set('new_password')}
            error={errors.new_password}
          />
          <RepeatPasswordInput name="repeat" value={values.repeat} onChange={set('repeat')} error={errors.repeat} />
          <Group>
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
