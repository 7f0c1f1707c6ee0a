import { STATUS_CODES } from 'node:http';
import { RefusedTarget, sendOutbound } from '../../lib/outbound-http.ts';

export const SEND_TIMEOUT_MS = 10_000;
/** Enough of any answer these peers give (Telegram's JSON, Slack's "ok", a receiver's short reply). */
const MAX_READ = 16 * 1024;

export type PostResult = { status: number; text: string } | { error: string };

/** A network failure in a few words, as the channel list and the test button show it. */
const wordsOf = (err: unknown, timedOut: boolean) => {
  if (timedOut) return 'timeout';
  if (err instanceof RefusedTarget) return err.message;
  const code = (err as { code?: string }).code;
  const known: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ECONNRESET: 'connection reset',
    ENOTFOUND: 'host not found',
    EHOSTUNREACH: 'host unreachable',
    ENETUNREACH: 'network unreachable',
    EPROTO: 'TLS failed',
  };
  if (code && known[code]) return known[code];
  const message = (err as Error).message ?? String(err);
  return (code ?? message).slice(0, 200);
};

/**
 * One POST through the outbound guard (private addresses refused unless ALLOW_PRIVATE_POSTBACK_TARGETS, no redirects,
 * docs/decisions/015-outbound-and-headers.md) with a 10 s deadline. Never throws.
 */
export const postJson = async (
  url: string,
  body: string,
  headers: Record<string, string>,
  o: { allowPrivate: boolean; timeoutMs?: number },
): Promise<PostResult> => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), o.timeoutMs ?? SEND_TIMEOUT_MS);
  try {
    return await sendOutbound(
      {
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', 'user-agent': 'pxl-alerts/1', ...headers },
        body,
      },
      { signal: controller.signal, maxRead: MAX_READ, allowPrivate: o.allowPrivate },
    );
  } catch (err) {
    return { error: wordsOf(err, controller.signal.aborted) };
  } finally {
    clearTimeout(timer);
  }
};

/** "HTTP 401: Unauthorized": the status and the peer's own short reason when it gave one, else the standard one. */
export const httpWords = (status: number, reason?: string) => {
  const why = reason?.trim().replace(/\s+/g, ' ').slice(0, 200) || STATUS_CODES[status] || '';
  return why ? `HTTP ${status}: ${why}` : `HTTP ${status}`;
};
