import http from 'node:http';
import https from 'node:https';
import { refusal } from '../postbacks/send-postback.ts';
import type { BuiltRequest } from './template.ts';

/** Read at most this much of an answer (a status page of 1,000 leads fits); the rest is never read. */
const MAX_READ = 1024 * 1024;
/** What is kept of an answer in attempt rows and shown in the Test API. */
export const EXCERPT = 4000;

// node:http with kept-alive sockets rather than fetch: several times the sends per second on the same core, and the
// lead API waits on these. Idle sockets close before a typical server's 5 s keep-alive would drop them under us.
const agents = {
  'http:': new http.Agent({ keepAlive: true, timeout: 4000 }),
  'https:': new https.Agent({ keepAlive: true, timeout: 4000 }),
};

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

const send = (req: BuiltRequest, signal: AbortSignal) => new Promise<{ status: number; text: string }>((resolve, reject) => {
  const url = new URL(req.url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('Only http and https addresses are called');
  const headers: Record<string, string | number> = { 'user-agent': 'pxl-leads/1', ...req.headers };
  if (req.body !== '') headers['content-length'] = Buffer.byteLength(req.body);
  const mod = url.protocol === 'https:' ? https : http;
  const out = mod.request(url, { method: req.method, headers, agent: agents[url.protocol], signal }, (res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8').slice(0, MAX_READ) });
    };
    res.on('data', (chunk: Buffer) => {
      if (done) return;
      chunks.push(chunk);
      size += chunk.byteLength;
      // Enough read: the rest is dropped with the socket, so a huge or endless answer cannot fill memory.
      if (size >= MAX_READ) {
        finish();
        res.destroy();
      }
    });
    res.on('end', finish);
    res.on('error', reject);
    res.on('close', () => { if (!done) reject(new Error('The answer was cut off')); });
  });
  out.on('error', reject);
  out.end(req.body === '' ? undefined : req.body);
});

/**
 * One call to a buyer with a deadline covering the answer's body too. Never throws: refusals, network errors and
 * timeouts come back in the result. Redirects are not followed (one could lead past the private-address guard).
 */
export const callBuyer = async (req: BuiltRequest, opts: { timeoutMs: number; allowPrivate: boolean }): Promise<CallResult> => {
  const started = performance.now();
  const done = (r: Partial<CallResult>): CallResult => ({
    status_code: null, text: '', error: null, timedOut: false, refused: false, duration_ms: Math.round(performance.now() - started), ...r,
  });
  const reason = opts.allowPrivate ? null : await refusal(req.url);
  if (reason) return done({ error: reason, refused: true });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs);
  try {
    const res = await send(req, controller.signal);
    return done({ status_code: res.status, text: res.text });
  } catch (err) {
    if (controller.signal.aborted) return done({ timedOut: true, error: `No answer within ${opts.timeoutMs} ms` });
    const e = err as Error & { code?: string };
    return done({ error: String(e.message || e.code).slice(0, 500) });
  } finally {
    clearTimeout(timer);
  }
};
