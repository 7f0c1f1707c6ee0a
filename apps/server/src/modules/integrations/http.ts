import { RefusedTarget, sendOutbound } from '../../lib/outbound-http.ts';
import type { BuiltRequest } from './template.ts';

/** Read at most this much of an answer (a status page of 1,000 leads fits); the rest is never read. */
const MAX_READ = 1024 * 1024;
/** What is kept of an answer in attempt rows and shown in the Test API. */
export const EXCERPT = 4000;

export type CallResult = {
  status_code: number | null;
  /** The answer as read (up to MAX_READ), for parsing. */
  text: string;
  duration_ms: number;
  error: string | null;
  timedOut: boolean;
  /** Not called: the address is private and private targets are not allowed. */
  refused: boolean;
};

/**
 * One call to a buyer with a deadline covering the answer's body too. Never throws: refusals, network errors and
 * timeouts come back in the result. Redirects are not followed (one could lead past the private-address guard).
 */
export const callBuyer = async (
  req: BuiltRequest,
  opts: { timeoutMs: number; allowPrivate: boolean },
): Promise<CallResult> => {
  const started = performance.now();
  const done = (r: Partial<CallResult>): CallResult => ({
    status_code: null,
    text: '',
    error: null,
    timedOut: false,
    refused: false,
    duration_ms: Math.round(performance.now() - started),
    ...r,
  });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs);
  try {
    const res = await sendOutbound(
      { ...req, headers: { 'user-agent': 'pxl-leads/1', ...req.headers } },
      { signal: controller.signal, maxRead: MAX_READ, allowPrivate: opts.allowPrivate },
    );
    return done({ status_code: res.status, text: res.text.slice(0, MAX_READ) });
  } catch (err) {
    if (err instanceof RefusedTarget) return done({ error: err.message, refused: true });
    if (controller.signal.aborted) return done({ timedOut: true, error: `No answer within ${opts.timeoutMs} ms` });
    const e = err as Error & { code?: string };
    return done({ error: String(e.message || e.code).slice(0, 500) });
  } finally {
    clearTimeout(timer);
  }
};
