import { COUNTRY_CODE_PHONE } from '@pxl/contract';

export type PhoneCheck = { phone: string } | { error: string };

/**
 * E.164 from what the affiliate sent (the schema already stripped spaces, brackets and dashes). With a + (or the 00
 * international prefix) the number must start with the country's calling code; without one it is a national number:
 * a trunk 0 is dropped and the code put in front. Buyers then always get +<code><number>.
 */
export const normalizePhone = (raw: string, country: string): PhoneCheck => {
  const code = COUNTRY_CODE_PHONE[country];
  if (!code) return { error: 'Unknown country code' };
  const international = raw.startsWith('+') ? raw.slice(1) : raw.startsWith('00') ? raw.slice(2) : null;
  if (international !== null) {
    if (!international.startsWith(code)) return { error: `A phone in ${country} starts with +${code}` };
    if (international.length - code.length < 4 || international.length > 15)
      return { error: 'Enter the phone in international format, e.g. +4915112345678' };
    return { phone: `+${international}` };
  }
  const national = raw.replace(/^0/, '');
  const full = code + national;
  if (national.length < 4 || full.length > 15)
    return { error: 'Enter the phone in international format, e.g. +4915112345678' };
  return { phone: `+${full}` };
};
