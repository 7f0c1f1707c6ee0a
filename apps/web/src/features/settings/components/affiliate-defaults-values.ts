import type { AffiliateDefaults } from '@pxl/contract/settings/settings.schemas';
import type { FieldErrors } from '@/lib/form-errors.ts';
import { majorToMinor, minorToMajor } from '@/lib/money.ts';

export type Values = {
  manager: string | null;
  hold_days: number | string;
  amount: number | string;
  currency: string;
  referral_percent: number | string;
  referral_months: number | string;
};

export const toValues = (d: AffiliateDefaults): Values => ({
  manager: d.default_manager_uuid,
  hold_days: d.hold_days,
  amount: minorToMajor(d.min_payout.amount),
  currency: d.min_payout.currency,
  referral_percent: d.referral_percent,
  referral_months: d.referral_months,
});

export const toBody = (v: Values) => ({
  default_manager_uuid: v.manager,
  hold_days: v.hold_days === '' ? null : Number(v.hold_days),
  min_payout: { amount: majorToMinor(v.amount), currency: v.currency },
  referral_percent: v.referral_percent === '' ? null : Number(v.referral_percent),
  referral_months: v.referral_months === '' ? null : Number(v.referral_months),
});

// An empty or bad input reaches the schema as null; the field says what is wanted rather than zod's type message.
const WANTED: FieldErrors = {
  'min_payout.amount': 'Enter an amount, 0 or more',
  hold_days: 'Enter a whole number of days',
  referral_percent: 'Enter a whole percent',
  referral_months: 'Enter a whole number of months',
};
export const shapeErrors = (errors: FieldErrors): FieldErrors =>
  Object.fromEntries(
    Object.entries(errors).map(([k, m]) => [k, WANTED[k] && /expected number, received/.test(m) ? WANTED[k] : m]),
  );
