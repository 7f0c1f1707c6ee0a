import type { Affiliate } from '@pxl/contract/affiliates/affiliates.schemas';
import type { Currency } from '@pxl/contract/constants/constants.data';
import type { ContactValues } from '@/components/ui/messenger-link-inputs.tsx';
import { minorToMajor, toMinor } from '@/lib/money.ts';

export type PaymentRow = { system: string; details: string; priority: number };

export type AffiliateFormValues = {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  status: string;
  contacts: ContactValues;
  manager_uuid: string | null;
  geos: string[];
  tags: string[];
  notes: string;
  website: string;
  heard_from: string;
  payment_methods: PaymentRow[];
  /** Major units as typed (12.50); '' for none. */
  min_payout: number | string;
  currency: Currency;
  referrer_uuid: string | null;
};

export const emptyAffiliateValues = (): AffiliateFormValues => ({
  username: '',
  first_name: '',
  last_name: '',
  email: '',
  password: '',
  status: 'active',
  contacts: {},
  manager_uuid: null,
  geos: [],
  tags: [],
  notes: '',
  website: '',
  heard_from: '',
  payment_methods: [],
  min_payout: '',
  currency: 'USD',
  referrer_uuid: null,
});

export const affiliateToValues = (a: Affiliate): AffiliateFormValues => ({
  username: a.username ?? '',
  first_name: a.first_name,
  last_name: a.last_name,
  email: a.email,
  password: '',
  status: a.status,
  contacts: { ...a.contacts },
  manager_uuid: a.manager?.uuid ?? null,
  geos: [...a.geos],
  tags: [...a.tags],
  notes: a.notes,
  website: a.website,
  heard_from: a.heard_from,
  payment_methods: a.payment_methods.map((m) => ({ ...m })),
  min_payout: minorToMajor(a.min_payout.amount),
  currency: a.min_payout.currency,
  referrer_uuid: a.referrer?.uuid ?? null,
});

const compact = (contacts: ContactValues): ContactValues =>
  Object.fromEntries(
    Object.entries(contacts)
      .map(([k, v]) => [k, v?.trim()])
      .filter(([, v]) => v),
  );

/** The request body before validation by the contract's schema. */
export function affiliateBody(values: AffiliateFormValues): Record<string, unknown> {
  const { min_payout, currency, manager_uuid, referrer_uuid, contacts, ...rest } = values;
  return {
    ...rest,
    contacts: compact(contacts),
    manager_uuid: manager_uuid || null,
    referrer_uuid: referrer_uuid || null,
    min_payout: String(min_payout).trim() === '' ? undefined : { amount: toMinor(min_payout), currency },
  };
}
