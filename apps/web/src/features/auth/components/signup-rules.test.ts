import { describe, expect, it } from 'vitest';
import { DEFAULT_REGISTRATION_SETTINGS } from '@pxl/contract/settings/settings.schemas';
import {
  EMPTY_SIGNUP,
  missingRequired,
  referralCodeOf,
  signupBody,
  signupDoneText,
  SIGNUP_DONE,
  SIGNUP_READY,
} from './signup-rules.ts';

const values = {
  ...EMPTY_SIGNUP,
  email: 'a@b.test',
  password: 'secret-123',
  first_name: 'Ann',
  telegram: ' @ann ',
  account: 'advertiser' as const,
};

describe('signup rules', () => {
  it('sends the referral code of the link with an affiliate signup only', () => {
    const ref = referralCodeOf(' K7PQ2MZX ');
    expect(ref).toBe('K7PQ2MZX');
    expect(signupBody({ ...values, account: 'affiliate' }, DEFAULT_REGISTRATION_SETTINGS, ref).ref).toBe('K7PQ2MZX');
    expect(signupBody(values, DEFAULT_REGISTRATION_SETTINGS, ref).ref).toBeUndefined();
    expect(referralCodeOf('<script>')).toBeUndefined();
    expect(referralCodeOf(null)).toBeUndefined();
  });

  it('lists required fields left empty', () => {
    const rules = { ...DEFAULT_REGISTRATION_SETTINGS, required_fields: ['telegram', 'skype', 'website'] as const };
    expect(missingRequired(values, { ...rules, required_fields: [...rules.required_fields] })).toEqual({
      skype: 'Skype is required',
      website: 'Website is required',
    });
  });

  it('drops empty fields and forces affiliate when advertisers may not sign up', () => {
    const body = signupBody(values, { ...DEFAULT_REGISTRATION_SETTINGS, allow_advertisers: false });
    expect(body).toMatchObject({ telegram: '@ann', skype: undefined, last_name: undefined, account: 'affiliate' });
    expect(signupBody(values, DEFAULT_REGISTRATION_SETTINGS).account).toBe('advertiser');
  });

  it('asks for terms only when the rules require them', () => {
    expect(signupBody(values, DEFAULT_REGISTRATION_SETTINGS).accept_terms).toBeUndefined();
    expect(signupBody({ ...values, accept_terms: true }, DEFAULT_REGISTRATION_SETTINGS).accept_terms).toBe(true);
    expect(
      signupBody({ ...values, accept_terms: true }, { ...DEFAULT_REGISTRATION_SETTINGS, terms_required: false })
        .accept_terms,
    ).toBeUndefined();
  });

  it('says ready for active accounts and waiting otherwise', () => {
    expect(signupDoneText('active')).toBe(SIGNUP_READY);
    expect(signupDoneText('on_moderation')).toBe(SIGNUP_DONE);
  });
});
