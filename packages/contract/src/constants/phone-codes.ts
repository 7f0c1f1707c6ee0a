import { COUNTRY_CODE_PHONE } from './phone-codes.data.ts';
import type { Option } from './option.ts';

// country_code_phone options have two readings (docs/decisions/003-two-readings.md); both are served.

/** Reading 1: one option per country, value = country code, label "UA: +380". */
export function phoneCodeOptions(map: Readonly<Record<string, string>> = COUNTRY_CODE_PHONE): Option[] {
  return Object.entries(map).map(([code, prefix]) => ({ value: code, label: `${code}: +${prefix}` }));
}

/**
 * Reading 2: one option per prefix, value = prefix (deduplicated), label "+44 (GB, GG, IM, JE)".
 * Ordered by prefix as a number.
 */
export function phoneCodeOptionsByPrefix(map: Readonly<Record<string, string>> = COUNTRY_CODE_PHONE): Option[] {
  const byPrefix = new Map<string, string[]>();
  for (const [code, prefix] of Object.entries(map)) {
    const codes = byPrefix.get(prefix);
    if (codes) codes.push(code);
    else byPrefix.set(prefix, [code]);
  }
  return [...byPrefix.entries()]
    .sort(([a], [b]) => Number(a) - Number(b) || a.localeCompare(b))
    .map(([prefix, codes]) => ({ value: prefix, label: `+${prefix} (${codes.sort().join(', ')})` }));
}
