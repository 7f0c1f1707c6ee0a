import { DEFAULT_REGISTRATION_SETTINGS, type RegistrationSettings } from '@pxl/contract/settings/settings.schemas';

export const EMAIL_TAKEN = 'This email is already registered';
export const SIGNUP_DONE = 'Thank you! Your account is waiting for approval.';
export const SIGNUP_READY = 'Your account is ready. You can sign in now.';
export const REGISTRATION_CLOSED = 'Registration is closed.';

type Field = RegistrationSettings['required_fields'][number];
export const OPTIONAL_FIELD_LABELS: Record<Field, string> = {
  last_name: 'Last name',
  telegram: 'Telegram',
  skype: 'Skype',
  website: 'Website',
};

export type SignupValues = {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  telegram: string;
  skype: string;
  website: string;
  account: 'affiliate' | 'advertiser';
  accept_terms: boolean;
};
export const EMPTY_SIGNUP: SignupValues = {
  email: '',
  password: '',
  first_name: '',
  last_name: '',
  telegram: '',
  skype: '',
  website: '',
  account: 'affiliate',
  accept_terms: false,
};

/** Messages for the fields the network's rules make required but the user left empty. */
export function missingRequired(values: SignupValues, rules: RegistrationSettings): Record<string, string> {
  return Object.fromEntries(
    rules.required_fields.filter((f) => !values[f].trim()).map((f) => [f, `${OPTIONAL_FIELD_LABELS[f]} is required`]),
  );
}

/** The referral code of the link the visitor came by (/signup?ref=CODE), when it looks like one. */
export const referralCodeOf = (ref: string | null): string | undefined =>
  ref && /^[A-Za-z0-9]{1,32}$/.test(ref.trim()) ? ref.trim() : undefined;

/**
 * The registration body under the rules: empty optional fields left out, affiliate only when advertisers may not sign up;
 * the referral code goes with an affiliate signup only (advertisers have no referrer).
 */
export function signupBody(values: SignupValues, rules: RegistrationSettings, ref?: string) {
  const account = rules.allow_advertisers ? values.account : 'affiliate';
  const text = (v: string) => v.trim() || undefined;
  return {
    email: values.email,
    password: values.password,
    first_name: values.first_name,
    last_name: text(values.last_name),
    telegram: text(values.telegram),
    skype: text(values.skype),
    website: text(values.website),
    account,
    // Without a terms question nothing was accepted, so nothing is claimed.
    accept_terms: rules.terms_required ? values.accept_terms || undefined : undefined,
    ref: account === 'affiliate' ? ref : undefined,
  };
}

export const signupDoneText = (status: string): string => (status === 'active' ? SIGNUP_READY : SIGNUP_DONE);

export const rulesOrDefault = (rules: RegistrationSettings | undefined): RegistrationSettings =>
  rules ?? DEFAULT_REGISTRATION_SETTINGS;
