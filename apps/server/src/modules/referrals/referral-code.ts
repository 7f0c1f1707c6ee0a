import { randomBytes } from 'node:crypto';

// No 0/O or 1/I, so a code read aloud or copied by hand stays right; 32 symbols, so `byte & 31` draws them evenly.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LENGTH = 8;

/** 8 symbols of 32 = 40 random bits: short enough to type, too many to guess another affiliate's link. */
export const newReferralCode = () => Array.from(randomBytes(LENGTH), (b) => ALPHABET[b & 31]).join('');

/** What a signup link may carry; anything else is not a code and is ignored. */
export const normalizeReferralCode = (raw: string | undefined) => {
  const code = raw?.trim().toUpperCase() ?? '';
  return /^[A-Z0-9]{4,32}$/.test(code) ? code : null;
};
