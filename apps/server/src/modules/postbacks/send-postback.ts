import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { Attempt } from '@pxl/contract';

const TIMEOUT_MS = 10_000;
const EXCERPT = 1000;

// Addresses a postback must never reach: it would let an affiliate probe or hit our own network (SSRF).
const blocked = new BlockList();
for (const [net, bits] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96]] as const) blocked.addSubnet(net, bits, 'ipv6');

const isBlocked = (address: string): boolean => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1], 'ipv4');
  return blocked.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
};

/** Why a URL may not be called, or null. Every address the host resolves to is checked. */
export const refusal = async (url: string): Promise<string | null> => {
  let host: string;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'Only http and https addresses are called';
    host = parsed.hostname.replace(/^\[|\]$/g, '');
  } catch {
    return 'Not a valid URL';
  }
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    return `The host ${host} does not resolve`;
  }
  const bad = addresses.find(isBlocked);
  return bad ? `The host ${host} resolves to a private or local address (${bad})` : null;
};

export type SendResult = Attempt & { refused: boolean };

/** The first characters of the body; the rest is never read, so a huge or endless answer cannot fill memory. */
const excerptOf = async (res: Response): Promise<string> => {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < EXCERPT * 4) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => {});
  return Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT);
};

/**
 * One GET of a postback URL, guarded against private targets unless allowed, with a 10 s timeout.
 * Never throws: network errors, timeouts and refusals come back as the attempt's error.
 */
export const sendPostback = async (url: string, allowPrivate: boolean): Promise<SendResult> => {
  const at = new Date();
  const started = performance.now();
  const done = (r: Partial<SendResult>): SendResult => ({
    at: at.toISOString(), url, status_code: null, response: '', error: null, refused: false, duration_ms: Math.round(performance.now() - started), ...r,
  });
  const reason = allowPrivate ? null : await refusal(url);
  if (reason) return done({ error: reason, refused: true });
  try {
    // No redirects: a 3xx is the answer (following one could lead to a private address past the guard).
    const res = await fetch(url, { method: 'GET', redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS), headers: { 'user-agent': 'pxl-postback/1' } });
    const text = await excerptOf(res).catch(() => '');
    return done({ status_code: res.status, response: text });
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    const message = e.name === 'TimeoutError' ? `No answer within ${TIMEOUT_MS / 1000} s` : (e.cause?.code ?? e.cause?.message ?? e.message);
    return done({ error: String(message).slice(0, EXCERPT) });
  }
};
