import { cleanText, type HttpCall } from '@pxl/contract';

/** What one call sends; `body` is the exact text (JSON, form or ''). */
export type BuiltRequest = { method: string; url: string; headers: Record<string, string>; body: string };

/** Macro values of one call; credentials are kept apart so the recorded copy can leave them out. */
export type MacroValues = { vars: Record<string, string>; credentials: Record<string, string> };

export const MASK = '••••';
const TOKEN = /\{([\w.-]+)\}/g;
// Values that are addresses themselves: encoding them would break the URL they start.
const VERBATIM = new Set(['panel_url']);

type Where = 'url' | 'raw' | 'header';
const encode = (value: string, where: Where) =>
  where === 'url' ? encodeURIComponent(value) : where === 'header' ? value.replace(/[\r\n]+/g, ' ') : value;

/**
 * `{name}` → its value, URL-encoded in URLs and raw elsewhere; `{credentials.NAME}` → the credential, or the mask when
 * `masked` (the copy that is shown and stored). Unknown macros stay as written, so a typo is visible in the request.
 */
export const fillText = (text: string, values: MacroValues, where: Where, masked = false): string =>
  text.replace(TOKEN, (whole, name: string) => {
    if (name.startsWith('credentials.')) {
      const value = values.credentials[name.slice('credentials.'.length)];
      if (value === undefined) return whole;
      return masked ? MASK : encode(value, where);
    }
    const value = values.vars[name];
    if (value === undefined) return whole;
    return VERBATIM.has(name) ? value : encode(value, where);
  });

/**
 * Dotted field names build nested objects: `lead.email` → { lead: { email } }. Objects without a prototype, so a
 * stored template with a field such as `__proto__.x` builds a field of that name and cannot reach Object.prototype.
 */
const nest = (fields: Record<string, string>): Record<string, unknown> => {
  const out: Record<string, unknown> = Object.create(null);
  for (const [name, value] of Object.entries(fields)) {
    const parts = name.split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) {
      if (typeof node[part] !== 'object' || node[part] === null) node[part] = Object.create(null);
      node = node[part] as Record<string, unknown>;
    }
    node[parts[parts.length - 1]] = value;
  }
  return out;
};

const hasHeader = (headers: Record<string, string>, name: string) =>
  Object.keys(headers).some((h) => h.toLowerCase() === name);

/** The call with its macros filled; `masked` gives the copy with every credential replaced by the mask. */
export const buildRequest = (call: HttpCall, values: MacroValues, masked = false): BuiltRequest => {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(call.headers)) headers[name] = fillText(value, values, 'header', masked);
  const fields = Object.fromEntries(
    Object.entries(call.body).map(([name, value]) => [name, fillText(value, values, 'raw', masked)]),
  );
  let body = '';
  if (call.method !== 'GET' && call.body_format === 'json') {
    body = JSON.stringify(nest(fields));
    if (!hasHeader(headers, 'content-type')) headers['Content-Type'] = 'application/json';
  } else if (call.method !== 'GET' && call.body_format === 'form') {
    body = new URLSearchParams(fields).toString();
    if (!hasHeader(headers, 'content-type')) headers['Content-Type'] = 'application/x-www-form-urlencoded';
  }
  return { method: call.method, url: fillText(call.url, values, 'url', masked), headers, body };
};

/**
 * Defence in depth for what is recorded: a credential the buyer echoes back, or one written into the template by hand
 * as well as through its macro, is masked too (raw, URL-encoded, form-encoded and JSON-escaped). Very short values
 * are left alone: masking "1" would garble every number in the answer.
 */
export const maskSecrets = (text: string, credentials: Record<string, string>): string => {
  let out = text;
  for (const form of formsOf(credentials)) if (out.includes(form)) out = out.split(form).join(MASK);
  return out;
};

// A send masks a dozen texts with the same credentials: their forms are worked out once per credentials object
// (a product's stay cached with it; a lead's password object lives for one masking and takes its forms with it).
const forms = new WeakMap<Record<string, string>, string[]>();
const formsOf = (credentials: Record<string, string>) => {
  let found = forms.get(credentials);
  if (!found) {
    const all = Object.values(credentials)
      .filter((value) => value.length >= 4)
      .flatMap((value) => [
        value,
        encodeURIComponent(value),
        new URLSearchParams({ v: value }).toString().slice(2),
        JSON.stringify(value).slice(1, -1),
      ]);
    found = [...new Set(all)];
    forms.set(credentials, found);
  }
  return found;
};

/** A value at a dotted path (`data.lead.id`, `items.0.status`); '' reads nothing. */
export const readPath = (root: unknown, path: string): unknown => {
  if (!path) return undefined;
  let node: unknown = root;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
};

/** A scalar read as text ('' for nothing, objects as JSON). */
export const textOf = (value: unknown): string => {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** A buyer's `\u0000` escape becomes a NUL in the parsed value, which PostgreSQL refuses in ids and statuses. */
const storable = (_key: string, value: unknown) => (typeof value === 'string' ? cleanText(value, value.length) : value);

/** JSON when the text is JSON, else undefined; its strings made storable. */
export const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text, storable);
  } catch {
    return undefined;
  }
};
