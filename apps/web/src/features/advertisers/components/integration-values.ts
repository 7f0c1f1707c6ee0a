import type { Product } from '@pxl/contract/advertisers/advertisers.schemas';
import { INTEGRATION_TEMPLATES } from '@pxl/contract/leads/integration-templates';
import { integrationTemplateSchema, type IntegrationTemplate } from '@pxl/contract/leads/integration.schemas';

// The template as the form edits it: records become rows (so a name can be typed before its value, and two rows may
// briefly share a name), status-code lists become text tags, numbers may be '' while typed.

export type Row = { key: string; value: string };
export type CallValues = { method: string; url: string; headers: Row[]; body_format: string; body: Row[] };
type Num = number | string;

export type IntegrationValues = {
  push: CallValues & { timeout_ms: Num; concurrency: Num };
  answer: Omit<IntegrationTemplate['answer'], 'success_status'> & { success_status: string[] };
  /** Off: the template is sent with `lookup: null` (a timed-out lead then waits for the status pull). */
  lookup_enabled: boolean;
  lookup: CallValues & {
    found_status: string[];
    found_path: string;
    missing_status: string[];
    external_id_path: string;
    autologin_path: string;
  };
  pull: Omit<IntegrationTemplate['pull'], 'call' | 'status_map' | 'interval_minutes' | 'page_size' | 'max_pages'> & {
    call: CallValues;
    interval_minutes: Num;
    page_size: Num;
    max_pages: Num;
    status_map: Row[];
  };
};

const rows = (record: Record<string, string>): Row[] => Object.entries(record).map(([key, value]) => ({ key, value }));
type Call = {
  method: string;
  url: string;
  headers: Record<string, string>;
  body_format: string;
  body: Record<string, string>;
};
const call = (c: Call): CallValues => ({
  method: c.method,
  url: c.url,
  headers: rows(c.headers),
  body_format: c.body_format,
  body: rows(c.body),
});
const codes = (list: number[]) => list.map(String);

const EMPTY_LOOKUP: IntegrationValues['lookup'] = {
  method: 'GET',
  url: '',
  headers: [],
  body_format: 'none',
  body: [],
  found_status: ['200'],
  found_path: '',
  missing_status: ['404'],
  external_id_path: '',
  autologin_path: '',
};

export function integrationToValues(t: IntegrationTemplate): IntegrationValues {
  const { call: pullCall, status_map, ...pull } = t.pull;
  return {
    push: { ...call(t.push), timeout_ms: t.push.timeout_ms, concurrency: t.push.concurrency },
    answer: { ...t.answer, success_status: codes(t.answer.success_status) },
    lookup_enabled: t.lookup !== null,
    lookup: t.lookup
      ? {
          ...call(t.lookup),
          found_status: codes(t.lookup.found_status),
          found_path: t.lookup.found_path,
          missing_status: codes(t.lookup.missing_status),
          external_id_path: t.lookup.external_id_path,
          autologin_path: t.lookup.autologin_path,
        }
      : EMPTY_LOOKUP,
    pull: { ...pull, call: call(pullCall), status_map: rows(status_map) },
  };
}

/** The starting template of a type, or the product's own when it is (still) of that type. */
export function integrationFor(type: string, product?: Product): IntegrationValues {
  if (product && product.integration_type === type) return integrationToValues(product.integration);
  const start = INTEGRATION_TEMPLATES[type as Product['integration_type']] ?? INTEGRATION_TEMPLATES.json;
  return integrationToValues(integrationTemplateSchema.parse(start));
}

const record = (list: Row[], lower = false) =>
  Object.fromEntries(
    list
      .filter((r) => r.key.trim() || r.value)
      .map((r) => [lower ? r.key.trim().toLowerCase() : r.key.trim(), r.value]),
  );
const callBody = (c: CallValues) => ({
  method: c.method,
  url: c.url,
  headers: record(c.headers),
  body_format: c.body_format,
  body: record(c.body),
});
/** '' lets the schema's default apply; anything else must be a number. */
const num = (v: Num) => (v === '' ? undefined : Number(v));
const toCodes = (list: string[]) => list.map(Number);

/** The body's `integration`, to be checked by the contract's schema. */
export function integrationBody(v: IntegrationValues): Record<string, unknown> {
  const { call: pullCall, status_map, interval_minutes, page_size, max_pages, ...pull } = v.pull;
  const { found_status, missing_status, found_path, external_id_path, autologin_path } = v.lookup;
  return {
    push: { ...callBody(v.push), timeout_ms: num(v.push.timeout_ms), concurrency: num(v.push.concurrency) },
    answer: { ...v.answer, success_status: toCodes(v.answer.success_status) },
    lookup: v.lookup_enabled
      ? {
          ...callBody(v.lookup),
          found_status: toCodes(found_status),
          missing_status: toCodes(missing_status),
          found_path,
          external_id_path,
          autologin_path,
        }
      : null,
    pull: {
      ...pull,
      call: callBody(pullCall),
      status_map: record(status_map, true),
      interval_minutes: num(interval_minutes),
      page_size: num(page_size),
      max_pages: num(max_pages),
    },
  };
}

const rowLists = (v: IntegrationValues, withLookup: boolean): [string, Row[]][] => [
  ['push.headers', v.push.headers],
  ['push.body', v.push.body],
  ...(withLookup
    ? ([
        ['lookup.headers', v.lookup.headers],
        ['lookup.body', v.lookup.body],
      ] as [string, Row[]][])
    : []),
  ['pull.call.headers', v.pull.call.headers],
  ['pull.call.body', v.pull.call.body],
  ['pull.status_map', v.pull.status_map],
];

/**
 * What the schema cannot see once rows became records: a value without a name, and a name used twice (the second
 * row would silently win); and a buyer status not yet mapped, in words rather than the enum's list. Keys are
 * `integration.<list>.#<row>`, the form's own row address.
 */
export function rowErrors(v: IntegrationValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, list] of rowLists(v, v.lookup_enabled)) {
    const seen = new Set<string>();
    list.forEach((row, i) => {
      const key = row.key.trim();
      if (!key && row.value) out[`integration.${path}.#${i}`] = 'Enter a name';
      else if (key && seen.has(key)) out[`integration.${path}.#${i}`] = `${key} is used twice`;
      else if (key && !row.value && path === 'pull.status_map') out[`integration.${path}.#${i}`] = 'Choose our status';
      seen.add(key);
    });
  }
  return out;
}
