import type { Attempt } from '@pxl/contract';
import { RefusedTarget, sendOutbound, type Resolve } from '../../lib/outbound-http.ts';

const TIMEOUT_MS = 10_000;
const EXCERPT = 1000;

export type SendResult = Attempt & { refused: boolean };

/**
 * One GET of a postback URL, guarded against private targets unless allowed, with a 10 s timeout.
 * Never throws: network errors, timeouts and refusals come back as the attempt's error.
 */
export const sendPostback = async (
  url: string,
  allowPrivate: boolean,
  o: { resolve?: Resolve; timeoutMs?: number } = {},
): Promise<SendResult> => {
  const at = new Date();
  const started = performance.now();
  const done = (r: Partial<SendResult>): SendResult => ({
    at: at.toISOString(),
    url,
    status_code: null,
    response: '',
    error: null,
    refused: false,
    duration_ms: Math.round(performance.now() - started),
    ...r,
  });
  const timeoutMs = o.timeoutMs ?? TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    // No redirects: a 3xx is the answer (following one could lead to a private address past the guard). Only the
    // first characters of the body are read, so a huge or endless answer cannot fill memory.
    const res = await sendOutbound(
      { method: 'GET', url, headers: { 'user-agent': 'pxl-postback/1' }, body: '' },
      { signal, maxRead: EXCERPT * 4, allowPrivate, resolve: o.resolve },
    );
    return done({ status_code: res.status, response: res.text.slice(0, EXCERPT) });
  } catch (err) {
    if (err instanceof RefusedTarget) return done({ error: err.message, refused: true });
    const e = err as Error & { code?: string };
    const message = signal.aborted ? `No answer within ${timeoutMs / 1000} s` : (e.code ?? e.message);
    return done({ error: String(message).slice(0, EXCERPT) });
  }
};
