import { promises as dns } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { cleanText } from '@pxl/contract';
import { isBlockedAddress } from './blocked-address.ts';

/** Every address a host name resolves to. */
export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;
const systemResolve: Resolve = (host) => dns.lookup(host, { all: true, verbatim: true });

/** The target may not be called: a private address, an unresolvable host or a scheme other than http(s). Final. */
export class RefusedTarget extends Error {
  readonly code = 'EREFUSEDTARGET';
}

/**
 * A lookup for the socket that resolves once, refuses the host when any address is private, and connects to the
 * addresses it checked. Checking first and letting the socket resolve again would let a DNS answer that changes in
 * between (rebinding) reach our own network. docs/decisions/015-outbound-and-headers.md
 */
export const guardedLookup =
  (resolve: Resolve = systemResolve): LookupFunction =>
  (hostname, options, callback) => {
    resolve(hostname)
      .then(
        (all) => {
          const bad = all.find((a) => isBlockedAddress(a.address));
          if (bad)
            throw new RefusedTarget(`The host ${hostname} resolves to a private or local address (${bad.address})`);
          const usable = options.family ? all.filter((a) => a.family === options.family) : all;
          if (!usable.length) throw new RefusedTarget(`The host ${hostname} does not resolve`);
          if (options.all) callback(null, usable);
          else callback(null, usable[0].address, usable[0].family);
        },
        (err: NodeJS.ErrnoException) => {
          throw new RefusedTarget(`The host ${hostname} does not resolve${err.code ? ` (${err.code})` : ''}`);
        },
      )
      .catch((err: Error) => callback(err, '', 0));
  };

/** Resolves the system's way, without checks: private targets are allowed (tests, closed networks, the sandbox). */
const openLookup: LookupFunction = (hostname, options, callback) => {
  systemResolve(hostname)
    .then((all) => {
      const usable = options.family ? all.filter((a) => a.family === options.family) : all;
      if (!usable.length) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      if (options.all) callback(null, usable);
      else callback(null, usable[0].address, usable[0].family);
    })
    .catch((err: Error) => callback(err, '', 0));
};

// Kept-alive sockets rather than fetch: several times the sends per second on the same core, and the lead API waits on
// these. Idle sockets close before a typical server's 5 s keep-alive would drop them under us. Guarded and open calls
// never share a socket, so an open call's connection cannot carry a guarded one.
const agentPair = () => ({
  'http:': new http.Agent({ keepAlive: true, timeout: 4000 }),
  'https:': new https.Agent({ keepAlive: true, timeout: 4000 }),
});
const agents = { guarded: agentPair(), open: agentPair() };

export type OutboundRequest = { method: string; url: string; headers: Record<string, string>; body: string };
export type OutboundOptions = {
  signal: AbortSignal;
  /** Read at most this many bytes of the answer; the rest is dropped with the socket. */
  maxRead: number;
  allowPrivate: boolean;
  /** Stands in for DNS (tests). */
  resolve?: Resolve;
};

const refusalOf = (url: URL, allowPrivate: boolean): RefusedTarget | null => {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return new RefusedTarget('Only http and https addresses are called');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // An address in the URL is never looked up, so the lookup's check does not see it.
  if (!allowPrivate && isIP(host) && isBlockedAddress(host))
    return new RefusedTarget(`The host ${host} is a private or local address`);
  return null;
};

/**
 * One call, connecting only to addresses that passed the private-address check unless private targets are allowed.
 * Redirects are not followed (one could lead past the check). Rejects with RefusedTarget, network errors or the abort.
 */
export const sendOutbound = (req: OutboundRequest, opts: OutboundOptions) =>
  new Promise<{ status: number; text: string }>((resolve, reject) => {
    let url: URL;
    try {
      url = new URL(req.url);
    } catch {
      throw new RefusedTarget('Not a valid URL');
    }
    const refused = refusalOf(url, opts.allowPrivate);
    if (refused) throw refused;
    const headers: Record<string, string | number> = { ...req.headers };
    if (req.body !== '') headers['content-length'] = Buffer.byteLength(req.body);
    const lookup = opts.allowPrivate ? openLookup : guardedLookup(opts.resolve);
    const agent = agents[opts.allowPrivate ? 'open' : 'guarded'][url.protocol as 'http:' | 'https:'];
    const mod = url.protocol === 'https:' ? https : http;
    const out = mod.request(url, { method: req.method, headers, agent, lookup, signal: opts.signal }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        // The answer is text from outside: what PostgreSQL cannot store (NUL) must not fail the row that records it.
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, text: cleanText(text, text.length) });
      };
      res.on('data', (chunk: Buffer) => {
        if (done) return;
        chunks.push(chunk);
        size += chunk.byteLength;
        // Enough read: the rest is dropped with the socket, so a huge or endless answer cannot fill memory.
        if (size >= opts.maxRead) {
          finish();
          res.destroy();
        }
      });
      res.on('end', finish);
      res.on('error', reject);
      res.on('close', () => {
        if (!done) reject(new Error('The answer was cut off'));
      });
    });
    out.on('error', reject);
    out.end(req.body === '' ? undefined : req.body);
  });
