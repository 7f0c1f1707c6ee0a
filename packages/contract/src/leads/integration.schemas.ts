import { z } from 'zod';
import { LEAD_HISTORY_STATUSES } from '../constants/constants.data.ts';
import { geoSchema } from '../affiliates/affiliates.schemas.ts';

// docs/product/leads.md: how a product (one buyer integration) is called. A template is data, not code: the
// push call, how its answer is read, an optional lookup of one lead (asked after a timeout), and the status pull.

/** Macros of the push and lookup calls; `{credentials.NAME}` reads the product's (encrypted) credentials. */
export const LEAD_MACROS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'country',
  'ip',
  'language',
  'password',
  'funnel',
  'lead_id',
  'sub1',
  'sub2',
  'sub3',
  'sub4',
  'sub5',
] as const;
/** Macros of the status pull: the start of the window (ISO and Unix seconds) and the page. */
export const PULL_MACROS = ['since', 'since_unix', 'page', 'page_size', 'offset'] as const;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `At most ${max} characters` });
const fields = z
  .record(text(100).min(1), text(2000))
  .refine((r) => Object.keys(r).length <= 60, { message: 'At most 60 fields' });
/** Parts of a dotted body field name that would reach an object's prototype instead of a field of its own. */
export const RESERVED_FIELD_PARTS = ['__proto__', 'constructor', 'prototype'];
const bodyFields = fields.refine(
  (r) => Object.keys(r).every((name) => !name.split('.').some((part) => RESERVED_FIELD_PARTS.includes(part))),
  {
    message: `A field name may not contain ${RESERVED_FIELD_PARTS.join(', ')}`,
  },
);
/** A dotted path into a JSON answer, such as `data.lead.id` or `items.0.status`; '' reads nothing. */
const pathSchema = text(200)
  .regex(/^$|^[\w-]+(\.[\w-]+)*$/, { message: 'Use a dotted path such as data.lead.id' })
  .default('');

export const httpCallSchema = z.object({
  method: z.enum(['GET', 'POST', 'PUT']).default('POST'),
  /** http(s) once the macros are filled. */
  url: text(2000).min(1, { message: 'URL is required' }),
  headers: fields.default({}),
  /** json: dotted field names build nested objects; form: application/x-www-form-urlencoded; none: no body. */
  body_format: z.enum(['json', 'form', 'none']).default('json'),
  body: bodyFields.default({}),
});
export type HttpCall = z.output<typeof httpCallSchema>;

export const ATTEMPT_RESULTS = [
  'accepted',
  'rejected',
  'duplicate',
  'caps_full',
  'closed_hours',
  'error',
  'timeout',
] as const;
export type AttemptResult = (typeof ATTEMPT_RESULTS)[number];

export const pushAnswerSchema = z.object({
  /** The answer is a success only with one of these HTTP codes… */
  success_status: z.array(z.number().int().min(100).max(599)).min(1).max(20).default([200, 201]),
  /** …and, when a path is set, with one of these values there (compared as lower-case text). Buyers that answer 200
   * with an error in the body are read as errors this way. */
  success_path: pathSchema,
  success_values: z.array(text(100)).max(20).default(['true', 'ok', 'success', '1']),
  external_id_path: pathSchema,
  autologin_path: pathSchema,
  error_path: pathSchema,
  /** A failed answer whose error text contains this (case-insensitive) is a duplicate. */
  duplicate_match: text(200).default('duplicate'),
  /** Which failed results pass the lead on to the next product; any other stops the waterfall. */
  next_on: z.array(z.enum(['rejected', 'duplicate', 'error'])).default(['rejected', 'duplicate', 'error']),
});

/** Asked after a timeout, before any other product gets the lead: "do you have lead {lead_id}?". */
export const lookupSchema = httpCallSchema.extend({
  method: z.enum(['GET', 'POST']).default('GET'),
  body_format: z.enum(['json', 'form', 'none']).default('none'),
  /** Found when the answer has one of these codes and a non-empty value at `found_path`. */
  found_status: z.array(z.number().int().min(100).max(599)).min(1).max(20).default([200]),
  found_path: pathSchema,
  /** Not found for sure (so the next product may get the lead): one of these codes, e.g. 404. */
  missing_status: z.array(z.number().int().min(100).max(599)).max(20).default([404]),
  external_id_path: pathSchema,
  autologin_path: pathSchema,
});

const leadStatusKeys = Object.keys(LEAD_HISTORY_STATUSES) as [
  keyof typeof LEAD_HISTORY_STATUSES,
  ...(keyof typeof LEAD_HISTORY_STATUSES)[],
];
export const leadCallStatusSchema = z.enum(leadStatusKeys);
export type LeadCallStatus = z.infer<typeof leadCallStatusSchema>;

export const pullSchema = z.object({
  enabled: z.boolean().default(false),
  call: httpCallSchema.extend({
    method: z.enum(['GET', 'POST']).default('GET'),
    body_format: z.enum(['json', 'form', 'none']).default('none'),
  }),
  interval_minutes: z.number().int().min(1).max(1440).default(10),
  page_size: z.number().int().min(1).max(1000).default(100),
  max_pages: z.number().int().min(1).max(100).default(10),
  /** Where the list of leads is in the answer ('' when the answer is the list). */
  items_path: pathSchema,
  /** Each item is matched by our Lead Id (sent as {lead_id}) or by the buyer's id from the push answer. */
  match_by: z.enum(['lead_id', 'external_id']).default('lead_id'),
  id_path: pathSchema,
  status_path: pathSchema,
  /** A truthy value here (true, 1, "yes") marks a first-time deposit. */
  ftd_path: pathSchema,
  /** The deposit amount in major units (e.g. 250.00), if the buyer sends it. */
  amount_path: pathSchema,
  /** The buyer's status text (lower-case) → ours. Unmapped statuses are kept as raw text and change nothing. */
  status_map: z.record(text(100).min(1), leadCallStatusSchema).default({}),
});

export const integrationTemplateSchema = z.object({
  push: httpCallSchema.extend({
    timeout_ms: z.number().int().min(500).max(60_000).default(10_000),
    /** Sends in flight to this product per server process; beyond it the product is skipped (result error). */
    concurrency: z.number().int().min(1).max(500).default(20),
  }),
  answer: pushAnswerSchema,
  lookup: lookupSchema.nullable().default(null),
  pull: pullSchema,
});
export type IntegrationTemplate = z.output<typeof integrationTemplateSchema>;
export type IntegrationTemplateInput = z.input<typeof integrationTemplateSchema>;

/** The built-in sandbox buyer's behaviour (docs/product/leads.md): set per product of the sandbox type. */
export const sandboxRulesSchema = z.object({
  /** Countries it buys; empty: every country. */
  accept_countries: z.array(geoSchema).max(300).default([]),
  /** Leads whose email contains this text are rejected ('' rejects none). */
  reject_email_contains: text(100).default(''),
  /** The same email twice is refused as a duplicate. */
  duplicate_check: z.boolean().default(true),
  /** Refusals come as HTTP 200 with {"success": false, "error": …}, as some real buyers do. */
  errors_as_200: z.boolean().default(false),
  /** Answers this late (to try timeouts). */
  delay_ms: z.number().int().min(0).max(60_000).default(0),
  /** Share of accepted leads that reach FTD. */
  ftd_percent: z.number().int().min(0).max(100).default(30),
  /** Statuses move one step this often: new → no answer / call back → interested → FTD (or not interested / invalid). */
  status_step_seconds: z.number().int().min(1).max(86_400).default(60),
});
export type SandboxRules = z.output<typeof sandboxRulesSchema>;
