import { toMinor, type NumberValue } from '@/lib/money.ts';
import type { FieldErrors } from '@/lib/form-errors.ts';

export const toMinorOrNull = (v: NumberValue): number | null => (v === '' ? null : toMinor(v));

/** Integers and percents: '' → NaN (required) or null (optional). */
export const toNumber = (v: NumberValue): number => (v === '' ? Number.NaN : Number(v));
export const toNumberOrNull = (v: NumberValue): number | null => (v === '' ? null : Number(v));

/** zod's own text for NaN ("expected number, received NaN") reads badly next to an empty input. */
export const readableErrors = (errors: FieldErrors): FieldErrors =>
  Object.fromEntries(
    Object.entries(errors).map(([k, m]) => [k, /NaN|expected number/i.test(m) ? 'Enter a number' : m]),
  );
