import { describe, expect, it } from 'vitest';
import { affiliateDefaultsSchema, DEFAULT_AFFILIATE_DEFAULTS } from '@pxl/contract/settings/settings.schemas';
import { zodFieldErrors } from '@/lib/form-errors.ts';
import { shapeErrors, toBody, toValues } from './affiliate-defaults-values.ts';

const errorsOf = (input: unknown) => {
  const parsed = affiliateDefaultsSchema.safeParse(input);
  return parsed.success ? {} : shapeErrors(zodFieldErrors(parsed.error));
};

describe('affiliate defaults form values', () => {
  it('round-trips the stored defaults, the referral percent and months included', () => {
    const stored = { ...DEFAULT_AFFILIATE_DEFAULTS, referral_percent: 7, referral_months: 18 };
    expect(affiliateDefaultsSchema.parse(toBody(toValues(stored)))).toEqual(stored);
  });

  it('says what is wanted under an emptied field, and keeps range messages as they are', () => {
    const values = { ...toValues(DEFAULT_AFFILIATE_DEFAULTS), amount: '', referral_percent: '' };
    expect(errorsOf(toBody(values))).toEqual({
      'min_payout.amount': 'Enter an amount, 0 or more',
      referral_percent: 'Enter a whole percent',
    });
    expect(errorsOf(toBody({ ...toValues(DEFAULT_AFFILIATE_DEFAULTS), referral_percent: 60 }))).toEqual({
      referral_percent: expect.stringMatching(/50/),
    });
  });
});
