import { TEXT_CUT_LENGTH } from '../http/messages.ts';

/** First `length` characters then '...' when longer (spec §9); counts characters, not UTF-16 units. */
export function cutText(text: string | number | null | undefined, length: number = TEXT_CUT_LENGTH): string {
  if (text === null || text === undefined) return '';
  const chars = Array.from(String(text));
  return chars.length > length ? `${chars.slice(0, length).join('')}...` : chars.join('');
}

/** Lower-case code naming the country's flag image; null for 'ALL' (no flag), empty or non-codes. */
export function flagCode(country: string | null | undefined): string | null {
  const code = (country ?? '').trim().toLowerCase();
  return /^[a-z]{2}$/.test(code) ? code : null;
}
