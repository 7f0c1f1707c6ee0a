import { useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { emailSchema, registrationBodySchema } from '@pxl/contract/auth/auth.schemas';
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from '@/lib/form-errors.ts';
import { useCheckUserData } from '../api/check-user-data.ts';
import { usePublicRegistration } from '../api/get-public-registration.ts';
import { useRegister } from '../api/register.ts';
import {
  EMAIL_TAKEN,
  EMPTY_SIGNUP,
  missingRequired,
  referralCodeOf,
  REGISTRATION_CLOSED,
  rulesOrDefault,
  signupBody,
  signupDoneText,
  type SignupValues,
} from './signup-rules.ts';
import { TermsCheckbox } from './terms-checkbox.tsx';

export { EMAIL_TAKEN, SIGNUP_DONE, SIGNUP_READY } from './signup-rules.ts';

/** Signup under the network's registration rules (docs/product/settings.md): closed, required fields, advertisers, terms. */
export function SignupForm() {
  const rulesQuery = usePublicRegistration();
  const register = useRegister();
  const check = useCheckUserData();
  const [params] = useSearchParams();
  const ref = referralCodeOf(params.get('ref'));
  const [values, setValues] = useState(EMPTY_SIGNUP);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = <K extends keyof SignupValues>(field: K, value: SignupValues[K]) =>
    setValues((v) => ({ ...v, [field]: value }));
  const rules = rulesOrDefault(rulesQuery.data);
  const required = new Set<string>(rules.required_fields);

  if (rulesQuery.isPending) return null;
  if (rules.mode === 'closed') {
    return (
      <Stack>
        <Alert color="gray" title="Signup">
          {REGISTRATION_CLOSED}
        </Alert>
        <Anchor component={Link} to="/login">
          Back to sign in
        </Anchor>
      </Stack>
    );
  }

  // The form asks whether the email is free when the field loses focus (docs/product/roles-and-scoping.md).
  const checkEmail = () => {
    if (!emailSchema.safeParse(values.email).success) return;
    check.mutate(values.email, {
      onSuccess: (data) => setErrors((e) => ({ ...e, email: data.available ? '' : EMAIL_TAKEN })),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = registrationBodySchema.safeParse(signupBody(values, rules, ref));
    const found = { ...(parsed.success ? {} : zodFieldErrors(parsed.error)), ...missingRequired(values, rules) };
    if (!parsed.success || Object.keys(found).length) return setErrors(found);
    if (errors.email === EMAIL_TAKEN) return;
    setErrors({});
    register.mutate(parsed.data, { onError: (error) => setErrors(apiFieldErrors(error)) });
  };

  if (register.isSuccess) {
    return (
      <Stack>
        <Alert color="teal" title="Registration received">
          {signupDoneText(register.data.status)}
        </Alert>
        <Anchor component={Link} to="/login">
          {register.data.status === 'active' ? 'Sign in' : 'Back to sign in'}
        </Anchor>
      </Stack>
    );
  }

  const optional = (field: 'last_name' | 'telegram' | 'skype' | 'website', label: string, placeholder?: string) => (
    <TextInput
      label={label}
      name={field}
      placeholder={placeholder}
      required={required.has(field)}
      value={values[field]}
      onChange={(e) => set(field, e.currentTarget.value)}
      error={errors[field]}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {rules.allow_advertisers && (
          <>
            <Text size="sm" fw={500} mb={-6}>
              I join as
            </Text>
            <SegmentedControl
              fullWidth
              value={values.account}
              aria-label="Account type"
              onChange={(v) => set('account', v === 'advertiser' ? 'advertiser' : 'affiliate')}
              data={[
                { value: 'affiliate', label: 'Affiliate' },
                { value: 'advertiser', label: 'Advertiser' },
              ]}
            />
          </>
        )}
        <TextInput
          label="Email"
          name="email"
          type="email"
          required
          value={values.email}
          autoComplete="email"
          onChange={(e) => set('email', e.currentTarget.value)}
          onBlur={checkEmail}
          error={errors.email || undefined}
        />
        <PasswordInput
          label="Password"
          name="password"
          required
          value={values.password}
          autoComplete="new-password"
          description="At least 8 characters"
          onChange={(e) => set('password', e.currentTarget.value)}
          error={errors.password}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="First name"
            name="first_name"
            required
            value={values.first_name}
            onChange={(e) => set('first_name', e.currentTarget.value)}
            error={errors.first_name}
          />
          {optional('last_name', 'Last name')}
          {optional('telegram', 'Telegram', '@username')}
          {optional('skype', 'Skype', 'live:username')}
        </SimpleGrid>
        {optional('website', 'Website', 'https://')}
        {rules.terms_required && (
          <TermsCheckbox
            checked={values.accept_terms}
            error={errors.accept_terms}
            onChange={(v) => set('accept_terms', v)}
          />
        )}
        {errors.account && (
          <Text c="red" size="sm">
            {errors.account}
          </Text>
        )}
        <Button type="submit" loading={register.isPending} fullWidth mt="xs">
          Create account
        </Button>
        <Group justify="center">
          <Text size="sm">Already registered?</Text>
          <Anchor component={Link} to="/login" size="sm">
            Sign in
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
