import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { emailSchema, registrationBodySchema } from '@pxl/contract/auth/auth.schemas';
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from '../../../lib/form-errors.ts';
import { useCheckUserData } from '../api/check-user-data.ts';
import { useRegister } from '../api/register.ts';

export const EMAIL_TAKEN = 'This email is already registered';
export const SIGNUP_DONE = 'Thank you! Your account is waiting for approval.';

const empty = { email: '', password: '', first_name: '', last_name: '', telegram: '', account: 'affiliate', accept_terms: false };

export function SignupForm() {
  const register = useRegister();
  const check = useCheckUserData();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = <K extends keyof typeof empty>(field: K, value: (typeof empty)[K]) => setValues((v) => ({ ...v, [field]: value }));

  // PRODUCT.md §1: the form asks whether the email is free when the field loses focus.
  const checkEmail = () => {
    if (!emailSchema.safeParse(values.email).success) return;
    check.mutate(values.email, {
      onSuccess: (data) => setErrors((e) => ({ ...e, email: data.available ? '' : EMAIL_TAKEN })),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = registrationBodySchema.safeParse({
      ...values, last_name: values.last_name || undefined, telegram: values.telegram || undefined,
      accept_terms: values.accept_terms || undefined,
    });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    if (errors.email === EMAIL_TAKEN) return;
    setErrors({});
    register.mutate(parsed.data, { onError: (error) => setErrors(apiFieldErrors(error)) });
  };

  if (register.isSuccess) {
    return (
      <Stack>
        <Alert color="teal" title="Registration received">{SIGNUP_DONE}</Alert>
        <Anchor component={Link} to="/login">Back to sign in</Anchor>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" fw={500} mb={-6}>I join as</Text>
        <SegmentedControl
          fullWidth value={values.account} onChange={(v) => set('account', v)}
          data={[{ value: 'affiliate', label: 'Affiliate' }, { value: 'advertiser', label: 'Advertiser' }]}
          aria-label="Account type"
        />
        <TextInput label="Email" name="email" type="email" required value={values.email} autoComplete="email"
          onChange={(e) => set('email', e.currentTarget.value)} onBlur={checkEmail} error={errors.email || undefined} />
        <PasswordInput label="Password" name="password" required value={values.password} autoComplete="new-password"
          description="At least 8 characters" onChange={(e) => set('password', e.currentTarget.value)} error={errors.password} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="First name" name="first_name" required value={values.first_name}
            onChange={(e) => set('first_name', e.currentTarget.value)} error={errors.first_name} />
          <TextInput label="Last name" name="last_name" value={values.last_name}
            onChange={(e) => set('last_name', e.currentTarget.value)} error={errors.last_name} />
        </SimpleGrid>
        <TextInput label="Telegram" name="telegram" placeholder="@username" value={values.telegram}
          onChange={(e) => set('telegram', e.currentTarget.value)} error={errors.telegram} />
        <Checkbox
          name="accept_terms" checked={values.accept_terms} error={errors.accept_terms}
          onChange={(e) => set('accept_terms', e.currentTarget.checked)}
          label={
            <Text size="sm" component="span">
              I accept the <Anchor component={Link} to="/user-terms-and-conditions" target="_blank">Terms and Conditions</Anchor>,
              the <Anchor component={Link} to="/user-agreement" target="_blank">User Agreement</Anchor> and
              the <Anchor component={Link} to="/user-privacy-policy" target="_blank">Privacy Policy</Anchor>
            </Text>
          }
        />
        <Button type="submit" loading={register.isPending} fullWidth mt="xs">Create account</Button>
        <Group justify="center">
          <Text size="sm">Already registered?</Text>
          <Anchor component={Link} to="/login" size="sm">Sign in</Anchor>
        </Group>
      </Stack>
    </form>
  );
}
