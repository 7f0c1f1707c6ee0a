import type { AttemptResult, AttemptView } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { leadAttempts } from '../../db/schema.ts';
import type { PushOutcome } from '../integrations/push.ts';
import { maskSecrets } from '../integrations/template.ts';
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

/** One row per send and per product skipped for caps or hours; a send's id is the Lead Id that buyer knows. */
export const recordAttempt = async (db: Db, c: Candidate, a: AttemptRecord) => {
  await db.insert(leadAttempts).values({
    id: a.id,
    leadId: a.leadId,
    productId: c.product.id,
    position: a.position,
    result: a.result,
    durationMs: a.exchange?.response.duration_ms ?? 0,
    request: a.exchange?.request ?? null,
    response: a.exchange?.response ?? null,
    externalId: a.externalId,
    autologinUrl: a.autologinUrl,
    message: a.message,
  });
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
