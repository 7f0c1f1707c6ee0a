import { LEAD_MACROS } from '@pxl/contract';
import { exchange, notCalled, type Exchange } from './exchange.ts';
import type { ProductContext } from './product-context.ts';
import { readPath, textOf } from './template.ts';

/** found null: cannot tell (no lookup configured, an error, a timeout, an answer that says neither). */
export type LookupOutcome =
  | (Exchange & { found: true; external_id: string | null; autologin_url: string | null })
  | (Exchange & { found: false })
  | (Exchange & { found: null; message: string });

const EMPTY_REQUEST = { method: '', url: '', headers: {}, body: '' };

/** "Do you have lead {lead_id}?", asked after a timeout before any other product may get the lead. Never throws. */
export const lookupLead = async (ctx: ProductContext, leadId: string): Promise<LookupOutcome> => {
  const spec = ctx.template.lookup;
  if (!spec)
    return { ...notCalled(EMPTY_REQUEST, 'No lookup configured'), found: null, message: 'No lookup configured' };
  const vars = { ...Object.fromEntries(LEAD_MACROS.map((m) => [m, ''])), lead_id: leadId };
  const { exchange: ex, call, json } = await exchange(ctx, spec, vars, ctx.template.push.timeout_ms);
  const unsure = (message: string): LookupOutcome => ({ ...ex, found: null, message });
  if (call.timedOut) return unsure(ex.response.error!);
  if (call.status_code === null)
    return unsure(call.refused ? ex.response.error! : `Network error: ${ex.response.error}`);
  const code = call.status_code;
  if (spec.missing_status.includes(code)) return { ...ex, found: false };
  if (!spec.found_status.includes(code)) return unsure(`HTTP ${code} says neither found nor missing`);
  if (spec.found_path) {
    if (json === undefined) return unsure(`HTTP ${code} but the answer is not JSON`);
    if (textOf(readPath(json, spec.found_path)) === '') return unsure(`HTTP ${code} without ${spec.found_path}`);
  }
  return {
    ...ex,
    found: true,
    external_id: textOf(readPath(json, spec.external_id_path)) || null,
    autologin_url: textOf(readPath(json, spec.autologin_path)) || null,
  };
};
