import type { IntegrationTemplate, LEAD_MACROS } from '@pxl/contract';
import { exchange, notCalled, recordedRequest, type Called, type Exchange } from './exchange.ts';
import type { ProductContext } from './product-context.ts';
import type { Slot } from './push-slots.ts';
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

/**
 * A send waits at most this long for a slot of its product, and never longer than the product's own push timeout: a
 * lead then waits on one product at most twice its timeout (docs/decisions/031-shared-lead-limits.md).
 */
export const SLOT_WAIT_MAX_MS = 10_000;

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
export const pushLead = async (ctx: ProductContext, vars: LeadVars, calling?: () => void): Promise<PushOutcome> => {
  const { push, answer } = ctx.template;
  const notSent = (message: string) => ({
    ...notCalled(recordedRequest(ctx, push, vars), message),
    ...reading('error', message),
    duration_ms: 0,
  });
  // A slow buyer holds its own slots, in every process, not the whole API; a send over the limit waits its turn.
  let slot: Slot | null;
  try {
    slot = await ctx.slots.acquire(ctx.product.id, push.concurrency, Math.min(push.timeout_ms, SLOT_WAIT_MAX_MS));
  } catch (err) {
    return notSent(`No send slot: ${(err as Error).message}`.slice(0, MESSAGE_MAX));
  }
  if (!slot) return notSent(`Product busy: ${push.concurrency} sends in flight`);
  try {
    // Told after the slot: the Cold API measures its pause from the buyer's call, not from the work before it.
    calling?.();
    const called = await exchange(ctx, push, vars, push.timeout_ms);
    const read = readPushAnswer(answer, called);
    return {
      ...called.exchange,
      ...read,
      message: maskSecrets(read.message, ctx.credentials),
      duration_ms: called.exchange.response.duration_ms,
    };
  } finally {
    ctx.slots.release(slot);
  }
};
