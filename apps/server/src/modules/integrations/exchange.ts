import type { HttpCall } from '@pxl/contract';
import { callBuyer, EXCERPT, type CallResult } from './http.ts';
import { privateAllowedFor, type ProductContext } from './product-context.ts';
import { buildRequest, maskSecrets, parseJson, type BuiltRequest } from './template.ts';

/** One call as recorded: the request with credentials masked, and the answer (an excerpt). */
export type Exchange = {
  request: BuiltRequest;
  response: { status_code: number | null; body: string; duration_ms: number; error: string | null };
};

/** An exchange and what the engine reads from it. */
export type Called = { exchange: Exchange; call: CallResult; json: unknown };

/** The product's own macros next to the call's: {panel_url}, {product_id}. */
export const varsFor = (ctx: ProductContext, vars: Record<string, string>) => ({
  vars: { ...vars, panel_url: ctx.panelUrl, product_id: ctx.product.id },
  credentials: ctx.credentials,
});

const maskRequest = (req: BuiltRequest, credentials: Record<string, string>): BuiltRequest => ({
  method: req.method,
  url: maskSecrets(req.url, credentials),
  headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, maskSecrets(v, credentials)])),
  body: maskSecrets(req.body, credentials),
});

/** An exchange that never reached the buyer (busy, no lookup configured). */
export const notCalled = (request: BuiltRequest, error: string): Exchange => ({
  request,
  response: { status_code: null, body: '', duration_ms: 0, error },
});

export const recordedRequest = (ctx: ProductContext, http: HttpCall, vars: Record<string, string>) =>
  maskRequest(buildRequest(http, varsFor(ctx, vars), true), ctx.credentials);

/** Build, send and record one call of a product's template; never throws. */
export const exchange = async (
  ctx: ProductContext,
  http: HttpCall,
  vars: Record<string, string>,
  timeoutMs: number,
): Promise<Called> => {
  const values = varsFor(ctx, vars);
  const request = buildRequest(http, values);
  const call = await callBuyer(request, { timeoutMs, allowPrivate: privateAllowedFor(ctx, request.url) });
  const recorded: Exchange = {
    request: maskRequest(buildRequest(http, values, true), ctx.credentials),
    response: {
      status_code: call.status_code,
      body: maskSecrets(call.text, ctx.credentials).slice(0, EXCERPT),
      duration_ms: call.duration_ms,
      error: call.error === null ? null : maskSecrets(call.error, ctx.credentials),
    },
  };
  return { exchange: recorded, call, json: call.status_code === null ? undefined : parseJson(call.text) };
};
