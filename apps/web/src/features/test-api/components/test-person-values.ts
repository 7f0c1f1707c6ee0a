import { COUNTRY_CODE_PHONE } from '@pxl/contract/constants/phone-codes.data';

export const PERSON_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'country',
  'ip',
  'language',
  'password',
  'funnel',
  'sub1',
  'sub2',
] as const;
export type PersonValues = Record<(typeof PERSON_FIELDS)[number], string>;

// Fresh contacts each time: the lead API refuses the same email or phone on an offer within 30 days, and buyers
// (the sandbox too) refuse a repeated email as a duplicate.
export const uniqueEmail = () =>
  `test.lead.${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}@example.com`;
export const uniquePhone = (country: string) =>
  `+${COUNTRY_CODE_PHONE[country] ?? '49'}15${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

export const defaultPerson = (): PersonValues => ({
  first_name: 'Test',
  last_name: 'Lead',
  email: uniqueEmail(),
  phone: uniquePhone('DE'),
  country: 'DE',
  // A home broadband address, not a data centre's: the test lead is not scored datacenter_ip.
  ip: '91.64.0.1',
  language: 'de',
  password: '',
  funnel: '',
  sub1: '',
  sub2: '',
});

/** The same person with a new email and phone, to send again without being refused as a duplicate. */
export const newContacts = (person: PersonValues): PersonValues => ({
  ...person,
  email: uniqueEmail(),
  phone: uniquePhone(person.country),
});

/** A phone still on the old country's calling code moves to the new one, so the default person stays valid. */
export function withCountry(person: PersonValues, country: string): PersonValues {
  const from = `+${COUNTRY_CODE_PHONE[person.country] ?? ''}`;
  const to = COUNTRY_CODE_PHONE[country];
  const phone =
    to && from.length > 1 && person.phone.startsWith(from) ? `+${to}${person.phone.slice(from.length)}` : person.phone;
  return { ...person, country, phone };
}

/**
 * The `lead` of a test body, empty fields left out (the contract's schema fills names, country and IP). The form checks
 * it with the body's schema, so its errors are keyed `lead.<field>` as the server's are.
 */
export const testLeadInput = (person: PersonValues): Record<string, string> =>
  Object.fromEntries(PERSON_FIELDS.map((k) => [k, person[k].trim()]).filter(([, v]) => v));
