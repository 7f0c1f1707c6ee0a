import { z } from 'zod';
import { CONVERSION_STATUSES, errorEnvelopeSchema, successEnvelopeSchema } from '@pxl/contract';

// The routes outside /api (docs/product/tracking.md, docs/product/leads.md): they are not contract endpoints
// (a click is never refused for its text, a postback reads query, form and JSON alike), so their route schemas stay
// empty and their reference lives here, keyed by method and path as registered. A route missing here and outside
// /api shows in the document without a summary, which the lint test refuses (docs/decisions/028-openapi.md).

const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const html = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });
const failure = (description: string) => json(errorEnvelopeSchema, description);

// A click is never refused for its text (docs/decisions/013-bad-rows-and-click-loss.md): longer values are cut.
const sub = z
  .string()
  .optional()
  .describe('Your own value, stored with the click (cut to 200 characters), sent back in postbacks.');
const clickQuery = z.object({
  aff: z.string().optional().describe("The affiliate's id (uuid); without a known one the click goes to trafficback."),
  landing: z.string().regex(/^\d+$/).optional().describe('A landing number of the offer; else the offer picks one.'),
  prelanding: z.string().regex(/^\d+$/).optional().describe('A pre-landing number of the offer.'),
  sub1: sub,
  sub2: sub,
  sub3: sub,
  sub4: sub,
  sub5: sub,
});

const postbackFields = z.object({
  token: z.string().describe("The advertiser's postback token (advertiser page › postback token)."),
  click_id: z.uuid().describe('The {click_id} the tracking link passed to your landing.'),
  goal: z.string().max(300).optional().describe("A goal of the offer; the offer's first goal when left out."),
  status: z.enum(CONVERSION_STATUSES).optional().describe('pending when left out; a repeat may move the status.'),
  revenue: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,2})?$/)
    .optional()
    .describe("Major units such as 12.50; else the goal's amount for the click's country."),
  txid: z.string().max(100).optional().describe('Your transaction id: (click, goal, txid) is one conversion.'),
});
const postbackAnswer = successEnvelopeSchema(
  z.object({ conversion_id: z.string(), status: z.enum(CONVERSION_STATUSES), flow: z.string(), created: z.boolean() }),
);
const postbackResponses = {
  200: json(postbackAnswer, 'Recorded: a new conversion (`created`) or a repeat that kept or moved its status.'),
  400: failure('A field is missing or malformed; each key names it.'),
  403: failure('`token`: not the postback token of any advertiser.'),
  404: failure("`click_id`: no such click on this advertiser's offers."),
  409: failure('`status`: the conversion is in an invoice, so its status cannot change now.'),
  500: failure('Unexpected failure (`server`).'),
};
// Refusals no handler writes (plugins/errors.ts): a broken escape in the path, a path parameter past the router's bound,
// a body too large or of a type no parser reads.
const tooLong = failure('`request`: a path parameter is longer than the server takes.');
const brokenUrl = failure('`request`: the path holds a character that is not allowed (a broken percent escape).');
const bodyRefusals = {
  413: failure('`request`: the body is larger than the server takes.'),
  415: failure('`request`: the body is in a content type this operation does not read.'),
};

const postbackDoc = {
  summary: 'Report a conversion of a click (advertiser → network)',
  description:
    'The same fields as query parameters (GET), or as a form or JSON body (POST). Idempotent on (click, goal, txid).',
  tags: ['tracking'],
  security: [],
};

const sandboxParams = z.object({ product: z.uuid().describe('The sandbox product.') });
const sandboxFailure = z.object({ success: z.literal(false), error: z.string() });
const sandboxLead = z.object({
  aff_lead_id: z.string(),
  lead_id: z.string(),
  status: z.string(),
  ftd: z.boolean(),
  deposit: z.number().nullable(),
  updated_at: z.string(),
});
const sandboxRefusals = {
  400: json(
    sandboxFailure,
    'Refused by the product’s sandbox rules (or answered as 200 when they say so), or a character that is not allowed.',
  ),
  401: json(sandboxFailure, 'Invalid X-Sandbox-Key.'),
  404: json(sandboxFailure, 'Unknown product or lead.'),
  414: json(sandboxFailure, 'A path parameter is longer than the server takes.'),
};
const sandboxDoc = { tags: ['integrations'], security: [{ sandboxKey: [] }] };

export const OUTSIDE_ROUTES: Record<string, Record<string, unknown>> = {
  'GET /click/:offerId': {
    operationId: 'trackClick',
    summary: "Follow an affiliate's tracking link (visitor → offer)",
    description:
      'Decides the click, stores it and redirects the visitor. A repeat visit within 24 h keeps its click (a cookie per offer).',
    tags: ['tracking'],
    security: [],
    params: z.object({ offerId: z.string().regex(/^\d+$/).describe('The offer number.') }),
    querystring: clickQuery,
    response: {
      302: { description: 'To the landing (Location), or to trafficback when the click is refused.', type: 'null' },
      404: html('The offer is unknown, or refused with no trafficback URL to send the visitor to.'),
      400: brokenUrl,
      414: tooLong,
    },
  },
  'GET /postback': {
    operationId: 'getPostback',
    querystring: postbackFields,
    response: postbackResponses,
    ...postbackDoc,
  },
  'POST /postback': {
    operationId: 'postPostback',
    body: postbackFields,
    consumes: ['application/json', 'application/x-www-form-urlencoded'],
    response: { ...postbackResponses, ...bodyRefusals },
    ...postbackDoc,
  },
  'POST /sandbox/v1/:product/leads': {
    operationId: 'sendSandboxLead',
    summary: 'The sandbox buyer takes a lead (a stand-in for a broker’s CRM)',
    params: sandboxParams,
    body: z.object({ aff_lead_id: z.string(), email: z.string(), country: z.string() }).catchall(z.unknown()),
    response: {
      200: json(
        z.union([
          z.object({ success: z.literal(true), lead_id: z.string(), autologin_url: z.string() }),
          sandboxFailure,
        ]),
        'Accepted with the buyer’s lead id and autologin URL (or a refusal when the rules answer errors as 200).',
      ),
      ...sandboxRefusals,
      413: json(sandboxFailure, 'The body is larger than the server takes.'),
      415: json(sandboxFailure, 'The body is in a content type the sandbox does not read.'),
    },
    ...sandboxDoc,
  },
  'GET /sandbox/v1/:product/leads/:affLeadId': {
    operationId: 'getSandboxLead',
    summary: 'The sandbox buyer looks a lead up by the Lead Id it was sent with',
    params: sandboxParams.extend({ affLeadId: z.string().describe('The aff_lead_id sent with the lead.') }),
    response: {
      200: json(
        sandboxLead.extend({ success: z.literal(true), autologin_url: z.string() }),
        'The lead and its status now.',
      ),
      ...sandboxRefusals,
    },
    ...sandboxDoc,
  },
  'GET /sandbox/v1/:product/statuses': {
    operationId: 'listSandboxStatuses',
    summary: 'The sandbox buyer’s status changes since a time, oldest first',
    params: sandboxParams,
    querystring: z.object({
      since: z.string().optional().describe('An ISO date-time or Unix seconds; from the start when left out.'),
      page: z.string().regex(/^\d+$/).optional(),
      page_size: z.string().regex(/^\d+$/).optional().describe('1 to 1000, 100 when left out.'),
    }),
    response: {
      200: json(
        z.object({
          success: z.literal(true),
          page: z.number(),
          page_size: z.number(),
          total: z.number(),
          items: z.array(sandboxLead),
        }),
        'A page of leads with their status.',
      ),
      ...sandboxRefusals,
    },
    ...sandboxDoc,
  },
  'GET /sandbox/v1/:product/autologin/:id': {
    operationId: 'openSandboxAutologin',
    summary: 'Where a sandbox autologin URL leads (a page for the lead’s browser)',
    tags: ['integrations'],
    security: [],
    params: sandboxParams.extend({ id: z.string().describe('The buyer’s lead id.') }),
    response: {
      200: html('The “signed in” page.'),
      400: json(sandboxFailure, 'A character that is not allowed.'),
      404: { description: 'Unknown lead.', type: 'null' },
      414: json(sandboxFailure, 'A path parameter is longer than the server takes.'),
    },
  },
  'GET /healthz': {
    operationId: 'checkHealth',
    summary: 'Whether the server and its database answer (for load balancers)',
    tags: ['health'],
    security: [],
    response: {
      200: json(successEnvelopeSchema(z.object({ ok: z.literal(true) })), 'The database answered.'),
      400: failure('`request`: a character that is not allowed in the query.'),
      500: failure('The database did not answer.'),
    },
  },
  'GET /readyz': {
    operationId: 'checkReadiness',
    summary: 'Whether this server takes traffic now (for load balancers): database, migrations, not stopping',
    description:
      'Answers 503 from the stop signal on, while requests are still served for READY_DRAIN_MS, and while the database does not answer or migrations are pending. /healthz stays the liveness check.',
    tags: ['health'],
    security: [],
    response: {
      200: json(successEnvelopeSchema(z.object({ ready: z.literal(true) })), 'Ready.'),
      400: failure('`request`: a character that is not allowed in the query.'),
      503: failure('`ready`: why not (stopping, the database, pending migrations).'),
    },
  },
  'GET /metrics': {
    operationId: 'readMetrics',
    summary: 'The server’s metrics in the Prometheus text format (for a scraper)',
    description:
      'Requests by area and status class, the click buffer, postbacks, leads per buyer, job queues, the mail outbox, database pools and the last backup’s age (docs/operations.md). Off (404) unless METRICS_TOKEN is set.',
    tags: ['metrics'],
    security: [{ metricsToken: [] }],
    response: {
      200: { description: 'The metrics.', content: { 'text/plain': { schema: z.string() } } },
      400: failure('`request`: a character that is not allowed in the query.'),
      401: failure('`auth`: no bearer token, or not METRICS_TOKEN.'),
      404: failure('`not_found`: METRICS_TOKEN is not set, so there are no metrics to read.'),
    },
  },
};

/** Plumbing of the web app, not an API. */
export const HIDDEN_ROUTES = new Set(['GET /app-config.js']);
