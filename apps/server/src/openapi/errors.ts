import { z } from 'zod';
import { LEAD_REFUSALS, REFUSAL_STATUS, errorEnvelopeSchema, type Endpoint, type LeadRefusal } from '@pxl/contract';

/** What each status means on the wire (docs/product/api-and-errors.md, "Statuses and keys"). */
const MEANING: Record<number, string> = {
  400: 'Invalid input: each key of `error` names a field (or `signature`: a bad, replayed or missing request signature; `request`: a character that is not allowed anywhere in the request).',
  401: 'No session, or an expired, revoked or wrong credential (`auth`, `code` at login, `api_key` on the lead API).',
  403: 'The role may not call this, or the account is banned, deleted or on moderation (`access`, `auth`).',
  404: 'No such record, or one outside your scope (`not_found`).',
  409: "The record's current state does not allow this change; the key names what is in the way.",
  413: 'The body is larger than the server takes (`request`).',
  414: 'A path parameter is longer than the server takes (`request`).',
  415: 'The body is in a content type this operation does not read (`request`).',
  422: 'The request is valid but refused (see `reason`).',
  429: 'Too many requests (`rate_limit`); try again after the seconds of Retry-After when it is sent.',
  500: 'Unexpected failure (`server`); the details are in the server log only.',
  503: 'A panel query ran past its time limit (`query`); try again after Retry-After.',
};

const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Statuses that tell the client when to come back (docs/product/api-and-errors.md). */
export const RETRY_AFTER_STATUSES = ['429', '503'];

const reasonsOf = (status: number) =>
  (Object.keys(REFUSAL_STATUS) as LeadRefusal[]).filter((r) => REFUSAL_STATUS[r] === status);

/** The lead API's refusal: `reason` out of LEAD_REFUSALS, its message, and per-field messages or the kept `lead_id`. */
const refusalEnvelopeOf = (reasons: LeadRefusal[]) =>
  z.object({
    status: z.literal('error'),
    data: z.null(),
    error: z
      .object({
        reason: z.enum(reasons as [LeadRefusal, ...LeadRefusal[]]),
        message: z.string(),
      })
      .catchall(z.string()),
  });

const describeReasons = (reasons: LeadRefusal[]) => reasons.map((r) => `\`${r}\`: ${LEAD_REFUSALS[r]}`).join('; ');

/**
 * Every refusal the endpoint can answer: those of its kind and inputs, and those its definition declares. Some come
 * before any handler: the text guard reads every query string (400), the router bounds path parameters (414), and a
 * body can be too large or of a type nobody reads (413, 415), whether or not the endpoint takes one.
 */
export const errorStatusesOf = (e: Endpoint): number[] => {
  const statuses = new Set<number>(e.errors ?? []);
  statuses.add(400);
  if (e.roles === 'api_key') statuses.add(401);
  else if (e.roles !== 'public') [401, 403].forEach((s) => statuses.add(s));
  if (e.params) [404, 414].forEach((s) => statuses.add(s));
  if (e.method !== 'GET') [413, 415].forEach((s) => statuses.add(s));
  if (e.roles !== 'api_key') statuses.add(503);
  statuses.add(500);
  return [...statuses].sort();
};

/** The response objects of those refusals, each with the error envelope (the lead API's with `reason` as an enum). */
export const errorResponsesOf = (e: Endpoint) =>
  Object.fromEntries(
    errorStatusesOf(e).map((status) => {
      const reasons = e.roles === 'api_key' ? reasonsOf(status) : [];
      const meaning =
        status === 400 && e.roles === 'api_key' ? 'Invalid input: each key of `error` names a field.' : MEANING[status];
      if (!reasons.length) {
        const schema = errorEnvelopeSchema;
        return [status, { description: meaning, content: { 'application/json': { schema } } }];
      }
      // The idempotency claim of a replay still running is not a refusal of the lead: it has no reason.
      const schema =
        status === 409 && e.headers?.shape[IDEMPOTENCY_HEADER]
          ? z.union([refusalEnvelopeOf(reasons), errorEnvelopeSchema])
          : refusalEnvelopeOf(reasons);
      const description = `${meaning ?? 'Refused.'} Reasons: ${describeReasons(reasons)}.`;
      return [status, { description, content: { 'application/json': { schema } } }];
    }),
  );
