// Test-only: malformed values, query strings and bodies drawn from a seeded generator, so a failing request comes back
// with the same seed.

import { LONE_SURROGATE } from '@pxl/contract';
import { createRng } from '../src/seed/demo-traffic-random.ts';

/** The demo traffic's seeded generator, with `int(n)` in [0, n): a seed gives the same requests on every machine. */
export const createRandom = (seed: number) => {
  const rng = createRng(seed);
  return { next: rng.next, int: (n: number) => rng.int(0, n - 1), pick: rng.pick, chance: rng.chance };
};
export type Random = ReturnType<typeof createRandom>;

const KB100 = 'x'.repeat(100 * 1024);
const deep = (n: number): unknown => (n === 0 ? 'bottom' : [deep(n - 1)]);

/** Text a query string or form field may carry (before URL encoding). */
export const TEXTS = [
  '',
  ' ',
  'a',
  '0',
  '-1',
  '1.5',
  '1e400',
  '0x10',
  ' 12 ',
  'NaN',
  'Infinity',
  'true',
  'null',
  '[]',
  '{}',
  '2147483648',
  '9007199254740993',
  '-2147483649',
  '999999999.99',
  '1000000.01',
  '2026-02-31',
  '9999-12-31',
  '0001-01-01',
  '0000-00-00',
  '2026-13-01',
  '1999-12-31',
  '2100-01-01',
  '2026-01-01T25:00:00Z',
  'Europe/Kyiv',
  'Mars/Phobos',
  'UTC',
  'Etc/GMT+14',
  'desc',
  'asc',
  'sideways',
  'created_at',
  'clicks',
  'day,offer,geo',
  'day,day',
  'DE,UA,XX',
  'a\u0000b',
  '\u0000',
  '\ud800',
  '\udfff\ud800',
  '𝕏😀',
  'Ωμέγα',
  'RTL\u202e',
  '\u200b',
  "'; drop table users; --",
  '%',
  '%%',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '{click_id}',
  '__proto__',
  'constructor',
  'prototype',
  KB100,
  'y'.repeat(301),
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  'approved',
  'pending',
  'hold',
  'rejected',
];

/** JSON values for body fields. */
export const jsonValue = (r: Random, known: readonly unknown[] = []): unknown => {
  const kinds: (() => unknown)[] = [
    () => r.pick(TEXTS),
    () => r.pick(known.length ? known : TEXTS),
    () => null,
    () => r.chance(0.5),
    () => r.int(1000),
    () => r.pick([-1, 0, 0.5, 2147483647, 2147483648, -2147483649, 9007199254740991, 1e21, 1e308, -1e308, 1e-7]),
    () => [],
    () => [r.pick(TEXTS), r.int(10)],
    () => ({}),
    () => ({ nested: r.pick(TEXTS) }),
    () => deep(200 + r.int(2000)),
    () => JSON.parse('{"__proto__":{"polluted":true}}'),
    () => ({ constructor: { prototype: { polluted: true } } }),
    () => Array.from({ length: 1 + r.int(300) }, () => r.pick(TEXTS).slice(0, 20)),
  ];
  return r.pick(kinds)();
};

/** A URL holds bytes: a lone surrogate cannot be written there as text, only as the broken escapes below. */
export const encode = (text: string) => encodeURIComponent(text.replace(LONE_SURROGATE, '\ufffd'));

/** Values most lists take, so that many requests get past validation to the services and the database. */
const COMMON: Record<string, readonly string[]> = {
  page: ['1', '2', '1000'],
  count: ['1', '10', '100'],
  order: ['asc', 'desc'],
  search: ['a', 'DE'],
  kind: ['direct_link', 'api'],
  date_from: ['2026-01-01', '2000-01-01', '2099-12-30'],
  date_to: ['2026-12-31', '2099-12-31', '2000-01-02'],
  geo: ['DE', 'UA,DE'],
};

/**
 * A query string over these keys: a valid `base` with one to four changes (a key set to a bad or a known value, dropped,
 * or an extra key), repeats and bad escapes.
 */
export const queryString = (
  r: Random,
  keys: readonly string[],
  endpointKnown: Record<string, readonly string[]> = {},
  base: Record<string, string> = {},
) => {
  const known = { ...COMMON, ...endpointKnown };
  const params = new Map(Object.entries(base));
  const n = r.chance(0.5) ? 1 : r.int(5);
  for (let i = 0; i < n; i++) {
    const key =
      r.chance(0.85) && keys.length
        ? r.pick(keys)
        : r.pick(['extra', '__proto__', 'constructor', 'a[b]', 'page[]', '', '%00', 'x'.repeat(300)]);
    if (r.chance(0.1)) params.delete(key);
    else params.set(key, r.chance(0.5) && Object.hasOwn(known, key) ? r.pick(known[key]) : r.pick(TEXTS));
  }
  const parts: string[] = [];
  for (const [key, value] of params) {
    const enc = r.chance(0.05)
      ? encode(value.slice(0, 50)) + r.pick(['%', '%zz', '%c3', '%00', '%ff', '%ed%a0%80', '%c0%80'])
      : encode(value);
    parts.push(`${encode(key)}=${enc}`);
    if (r.chance(0.05)) parts.push(`${encode(key)}=${encode(r.pick(TEXTS).slice(0, 20))}`);
  }
  return parts.join('&');
};

/** A body built on a valid one: fields dropped, replaced, added; or the whole body replaced by something else. */
export const mutateBody = (r: Random, valid: Record<string, unknown>, known: readonly unknown[] = []): unknown => {
  if (r.chance(0.15)) return jsonValue(r, known);
  const body: Record<string, unknown> = { ...valid };
  const keys = Object.keys(valid);
  const n = r.chance(0.5) ? 1 : 1 + r.int(3);
  for (let i = 0; i < n; i++) {
    const roll = r.int(4);
    if (roll === 0) delete body[r.pick(keys)];
    else if (roll === 1)
      body[r.chance(0.8) ? r.pick(keys) : r.pick(['extra', 'constructor', 'prototype', 'k\u0000'])] = jsonValue(
        r,
        known,
      );
    else body[r.pick(keys)] = r.pick(TEXTS);
  }
  return body;
};

/** How a body travels: as JSON, as JSON text that is broken, under another content type, or with none. */
export const encodeBody = (r: Random, body: unknown): { payload: string; headers: Record<string, string> } => {
  const json = JSON.stringify(body) ?? 'null';
  const roll = r.int(20);
  if (roll === 0)
    return { payload: json.slice(0, Math.max(1, r.int(json.length))), headers: { 'content-type': 'application/json' } };
  if (roll === 1)
    return {
      payload: r.pick(['{"a":1}}', '{"__proto__":{"polluted":1}}', '\u0000', '[', 'nul\u0000{}', '{"a":"\\ud800"}']),
      headers: { 'content-type': 'application/json' },
    };
  if (roll === 2)
    return {
      payload: json,
      headers: {
        'content-type': r.pick([
          'text/plain',
          'application/xml',
          'multipart/form-data; boundary=x',
          'application/json; charset=latin1',
          'application/x-www-form-urlencoded',
        ]),
      },
    };
  if (roll === 3) return { payload: json, headers: {} };
  return { payload: json, headers: { 'content-type': 'application/json' } };
};
