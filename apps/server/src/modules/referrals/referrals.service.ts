import type { ReferralSummary } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { affiliateDefaults, generalSettings } from '../settings/index.ts';
import { newReferralCode, normalizeReferralCode } from './referral-code.ts';
import {
  findReferralCode,
  findReferrerIdByCode,
  listReferred,
  setReferralCode,
  sumEarnings,
} from './referrals.repository.ts';

const isUniqueViolation = (err: unknown) =>
  (err as { cause?: { code?: string }; code?: string })?.cause?.code === '23505' ||
  (err as { code?: string })?.code === '23505';

/** The affiliate's code, made on first use; a clash with another affiliate's code (1 in 2^40) draws again. */
export const ensureReferralCode = async (db: Db, userId: string): Promise<string> => {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const existing = await findReferralCode(db, userId);
    if (existing) return existing;
    try {
      const set = await setReferralCode(db, userId, newReferralCode());
      if (set) return set;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new Error('no free referral code after 5 draws');
};

/** The referrer a signup link names, or null: an unknown code is no reason to refuse a signup. */
export const referrerForSignup = async (db: Db, ref: string | undefined) => {
  const code = normalizeReferralCode(ref);
  return code ? findReferrerIdByCode(db, code) : null;
};

export const referralSummary = async (db: Db, auth: AuthContext): Promise<ReferralSummary> => {
  const me = auth.user.id;
  const code = await ensureReferralCode(db, me);
  const terms = await affiliateDefaults.get(db);
  const { time_zone } = await generalSettings.get(db);
  return {
    code,
    link_path: `/signup?ref=${code}`,
    percent: terms.referral_percent,
    months: terms.referral_months,
    referred: await listReferred(db, me, time_zone),
    earnings: (await sumEarnings(db, me)) as ReferralSummary['earnings'],
  };
};
