import type { IntegrationTemplate, LEAD_MACROS } from '@pxl/contract';
import { exchange, notCalled, recordedRequest, type Called, type Exchange } from './exchange.ts';
import type { ProductContext } from './product-context.ts';
import { maskSecrets, readPath, textOf } from './template.ts';

export type { Exchange } from './exchange.ts';

/** The lead's macro values; '' when absent. {lead_id} is the attempt's id, the Lead Id this buyer knows. */
export type LeadVars = Record<(typeof LEAD_MACROS)[number], string>;

export type PushResult = 'accepted' | 'rejected' | 'duplicate' | 'error' | 'timeout';
export type PushOutcome = Exchange & {
  result: PushResult;
  external_id: string | null;
  autologin_url: string | null;
  message: string;
  duration_ms: number;
};
type Reading = Pick<PushOutcome, 'result' | 'external_id' | 'autologin_url' | 'message'>;

// Sends in flight per product in this process: a slow buyer holds its own slots, not the whole API.
const inFlight = new Map<string, number>();

const MESSAGE_MAX = 500;
const reading = (
  result: PushResult,
  message: string,
  ids: { external_id?: string | null; autologin_url?: string | null } = {},
): Reading => ({
  result,
  message: message.slice(0, MESSAGE_MAX),
  external_id: ids.external_id || null,
  autologin_url: ids.autologin_url || null,
});

/** How a buyer's answer reads (template.answer); exported for the tests of odd answers. */
export const readPushAnswer = (
  answer: IntegrationTemplate['answer'],
  { call, json }: Pick<Called, 'call' | 'json'>,
): Reading => {
  if (call.timedOut) return reading('timeout', `${call.error}: the buyer may have the lead`);
  if (call.status_code === null) return reading('error', call.refused ? call.error! : `Network error: ${call.error}`);
  const code = call.status_code;
  const errorText = textOf(readPath(json, answer.error_path));
  const bodyText = call.text.trim().slice(0, 300);
  const failed = (fallback: string) => {
    // The error field when there is one; the duplicate test also reads the whole answer, in case the path misses.
    const seen = (errorText || bodyText).toLowerCase();
    const duplicate = answer.duplicate_match !== '' && seen.includes(answer.duplicate_match.toLowerCase());
    return reading(duplicate ? 'duplicate' : 'rejected', errorText || fallback);
  };
  if (answer.success_status.includes(code)) {
    const needsJson = answer.success_path || answer.external_id_path || answer.autologin_path;
    if (needsJson && json === undefined) return reading('error', `HTTP ${code} but the answer is not JSON`);
    if (answer.success_path) {
      const value = textOf(readPath(json, answer.success_path)).toLowerCase();
      // Some buyers answer 200 with the refusal in the body.
      if (!answer.success_values.some((v) => v.toLowerCase() === value))
        return failed(`${answer.success_path} is ${value || 'missing'}`);
    }
    return reading('accepted', 'Accepted', {
      external_id: textOf(readPath(json, answer.external_id_path)),
      autologin_url: textOf(readPath(json, answer.autologin_path)),
    });
  }
  if (code >= 400 && code < 500) return failed(bodyText || `HTTP ${code}`);
  const detail = errorText || bodyText;
  return reading('error', `HTTP ${code}${detail ? `: ${detail}` : ''}`);
};

/**
 * Sends one lead to one product and reads the answer. Never throws. A timeout is 'timeout', never 'error': the buyer
 * may have the lead, so the caller must ask (lookupLead) before another product gets it.
 */
export const pushLead = async (ctx: ProductContext, vars: LeadVars): Promise<PushOutcome> => {
  const { push, answer } = ctx.template;
  const id = ctx.product.id;
  const busy = inFlight.get(id) ?? 0;
  if (busy >= push.concurrency) {
    const message = `Product busy: ${busy} sends in flight`;
    return { ...notCalled(recordedRequest(ctx, push, vars), message), ...reading('error', message), duration_ms: 0 };
  }
  inFlight.set(id, busy + 1);
  try {
    const called = await exchange(ctx, push, vars, push.timeout_ms);
    const read = readPushAnswer(answer, called);
    return {
      ...called.exchange,
      ...read,
      message: maskSecrets(read.message, ctx.credentials),
      duration_ms: called.exchange.response.duration_ms,
    };
  } finally {
    const left = (inFlight.get(id) ?? 1) - 1;
    if (left > 0) inFlight.set(id, left);
    else inFlight.delete(id);
  }
};
