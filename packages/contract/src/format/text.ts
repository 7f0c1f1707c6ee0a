import { TEXT_CUT_LENGTH } from '../http/messages.ts';

/** First `length` characters then '...' when longer (docs/product/screens-and-lists.md); counts characters, not UTF-16 units. */
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

const SURROGATE = /[\uD800-\uDFFF]/;
/** A UTF-16 surrogate without its partner: it has no UTF-8 form. Global, for `replace`; never `test` with it. */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** False for what PostgreSQL cannot store: U+0000 anywhere, a lone surrogate in jsonb (docs/decisions/014-bounded-input.md). */
export const isStorableText = (s: string) => !s.includes('\0') && !(SURROGATE.test(s) && s.search(LONE_SURROGATE) >= 0);

/**
 * Text from outside made storable: NUL removed (PostgreSQL refuses it in text and jsonb), lone UTF-16 surrogates
 * turned into U+FFFD (they have no UTF-8 form), then cut to `max` UTF-16 units (as zod's `max` counts) without
 * splitting a character. Clean short text comes back as it is, so the click path pays two scans of it.
 */
export function cleanText(value: string | null | undefined, max: number): string {
  if (!value) return '';
  let text = value.includes('\0') ? value.replaceAll('\0', '') : value;
  if (SURROGATE.test(text)) text = text.replace(LONE_SURROGATE, '\uFFFD');
  if (text.length > max) {
    text = text.slice(0, max);
    if (/[\uD800-\uDBFF]$/.test(text)) text = text.slice(0, -1);
  }
  return text;
}
