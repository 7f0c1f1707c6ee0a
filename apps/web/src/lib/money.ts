// Money travels as integer minor units plus a currency (docs/architecture.md); people type major units.

/** Digits after the decimal point; every currency of the panel (EUR, UAH, USD) has two. */
export const MINOR_DIGITS = 2;

const NUMBER_TEXT = /^(\d*)(?:[.,](\d*))?$/;

/**
 * "12.5" or 12.5 → 1250, with the decimal string rounded half-up (no float drift: "1.005" → 101).
 * Empty, negative or non-numeric input gives null.
 */
export function majorToMinor(value: number | string | null | undefined, digits = MINOR_DIGITS): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const text = (typeof value === 'number' ? value.toFixed(digits + 2) : value).trim();
  const match = NUMBER_TEXT.exec(text);
  if (!match || (match[1] === '' && !match[2])) return null;
  const whole = match[1] || '0';
  const fraction = (match[2] ?? '').padEnd(digits + 1, '0');
  const minor = Number(whole) * 10 ** digits + Number(fraction.slice(0, digits) || '0');
  const roundUp = Number(fraction.charAt(digits)) >= 5 ? 1 : 0;
  const result = minor + roundUp;
  return Number.isSafeInteger(result) ? result : null;
}

/** 1250 → 12.5 (a number for inputs). */
export const minorToMajor = (amount: number, digits = MINOR_DIGITS): number => amount / 10 ** digits;

/** 1250 → "12.50": a text input's value, or a CSV cell a spreadsheet sums. */
export const minorToText = (amount: number, digits = MINOR_DIGITS): string => (amount / 10 ** digits).toFixed(digits);

/** 1250, 'USD' → "12.50 USD". */
export const formatMinor = (amount: number, currency: string, digits = MINOR_DIGITS): string =>
  `${minorToText(amount, digits)} ${currency}`;

/** What a NumberInput holds: a number, or '' while empty. */
export type NumberValue = number | string;

/** Major units typed in a form → minor units sent; empty or unreadable → NaN, which the schema refuses. */
export const toMinor = (v: NumberValue): number => majorToMinor(v) ?? Number.NaN;

/** Minor units → what a NumberInput holds; none → ''. */
export const fromMinor = (v: number | null | undefined): NumberValue =>
  v === null || v === undefined ? '' : minorToMajor(v);
