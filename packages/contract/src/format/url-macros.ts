import { z } from 'zod';
import { MACROS } from '../constants/constants.data.ts';

const KNOWN = new Set<string>(MACROS);
const TOKEN = /\{[^{}]*\}/g;

/** The `{...}` placeholders of a URL that are not in the constants' `macros`. */
export const unknownMacros = (url: string): string[] => [
  ...new Set((url.match(TOKEN) ?? []).filter((m) => !KNOWN.has(m))),
];

/** Whether a URL (macros stood in for) is an absolute http(s) address. */
export const isHttpUrl = (url: string): boolean => {
  if (!/^https?:\/\//i.test(url)) return false;
  try {
    const parsed = new URL(url.replace(TOKEN, 'x'));
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname.length > 0;
  } catch {
    return false;
  }
};

/** A tracking, landing or postback URL: http(s), only macros from the constants (docs/product/tracking.md). */
export const macroUrlSchema = z
  .string()
  .trim()
  .max(2000, { message: 'At most 2000 characters' })
  .superRefine((url, ctx) => {
    if (!isHttpUrl(url)) {
      ctx.addIssue({ code: 'custom', message: 'Enter a full http:// or https:// address' });
      return;
    }
    const unknown = unknownMacros(url);
    if (unknown.length) ctx.addIssue({ code: 'custom', message: `Unknown macro: ${unknown.join(', ')}` });
  });

/** Optional in forms: '' means none. */
export const optionalMacroUrlSchema = z
  .union([z.literal('').transform(() => null), macroUrlSchema])
  .nullable()
  .default(null);

/** Replaces known macros with URL-encoded values; a macro without a value becomes empty. Unknown `{...}` stay as they are. */
export const fillMacros = (url: string, values: Partial<Record<string, string | number | null | undefined>>): string =>
  url.replace(TOKEN, (m) => (KNOWN.has(m) ? encodeURIComponent(String(values[m.slice(1, -1)] ?? '')) : m));
