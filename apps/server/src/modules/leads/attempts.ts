import type { AttemptResult, AttemptView } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { pgOf } from '../../lib/plain-sql.ts';
import { type PushOutcome, maskSecrets } from '../integrations/index.ts';
import type { Candidate } from './candidates.ts';

export type Exchange = Pick<PushOutcome, 'request' | 'response'>;
export type AttemptRecord = {
  id: string;
  leadId: string;
  position: number;
  result: AttemptResult;
  exchange: Exchange | null;
  externalId: string | null;
  autologinUrl: string | null;
  message: string;
};

/**
 * The engine masks the product's credentials; the lead's password goes to the buyer but is kept encrypted with us,
 * so it is masked in the stored and shown copy too.
 */
export const maskPassword = (ex: Exchange, password: string): Exchange => {
  const secret = { password };
  return {
    request: {
      method: ex.request.method,
      url: maskSecrets(ex.request.url, secret),
      body: maskSecrets(ex.request.body, secret),
      headers: Object.fromEntries(Object.entries(ex.request.headers).map(([k, v]) => [k, maskSecrets(v, secret)])),
    },
    response: {
      ...ex.response,
      body: maskSecrets(ex.response.body, secret),
      error: ex.response.error && maskSecrets(ex.response.error, secret),
    },
  };
};

// The attempt and its stored request and answer in one statement, so the waterfall pays one round trip per attempt as
// before. The request and answer live in lead_attempt_bodies, dropped with the logs' retention while the attempt stays
// (docs/decisions/030-partitions-and-retention.md); the body takes the attempt's created_at, the pair its key. A
// product skipped without a call has no body.
const INSERT_ATTEMPT = `with attempt as (
    insert into lead_attempts (id, lead_id, product_id, position, result, duration_ms, called, external_id, autologin_url, message)
    values ($1::uuid, $2::uuid, $3::uuid, $4::integer, $5::text, $6::integer, $7::jsonb is not null, $9::text, $10::text, $11::text)
    returning id, created_at
  )
  insert into lead_attempt_bodies (attempt_id, created_at, request, response)
  select id, created_at, $7::jsonb, $8::jsonb from attempt where $7::jsonb is not null`;

/** The values of INSERT_ATTEMPT ($1–$11), shared with the acceptance statement of lead-accept.ts. */
export const attemptValues = (c: Candidate, a: AttemptRecord) => [
  a.id,
  a.leadId,
  c.product.id,
  a.position,
  a.result,
  a.exchange?.response.duration_ms ?? 0,
  a.exchange?.request ?? null,
  a.exchange?.response ?? null,
  a.externalId,
  a.autologinUrl,
  a.message,
];

/** One row per send and per product skipped for caps or hours; a send's id is the Lead Id that buyer knows. */
export const recordAttempt = async (db: Db, c: Candidate, a: AttemptRecord) => {
  await pgOf(db).query({ name: 'lead-attempt-insert', text: INSERT_ATTEMPT, values: attemptValues(c, a) });
};

const NO_EXCHANGE: Exchange = {
  request: { method: '', url: '', headers: {}, body: '' },
  response: { status_code: null, body: '', duration_ms: 0, error: null },
};

export const attemptView = (c: Candidate, a: AttemptRecord): AttemptView => ({
  ...(a.exchange ?? NO_EXCHANGE),
  lead_id: a.id,
  product: { uuid: c.product.id, name: c.product.name },
  result: a.result,
  external_id: a.externalId,
  autologin_url: a.autologinUrl,
  message: a.message,
});
