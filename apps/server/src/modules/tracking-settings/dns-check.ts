import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { judgeDns, type DnsLookup, type DnsVerdict } from './dns-judge.ts';

/** The check runs while an admin waits on a form: a dead DNS server must not hold the request for long. */
const TIMEOUT_MS = 3000;

const codeOf = (reason: unknown) => (reason as { code?: string }).code ?? 'EFAIL';

/** A and AAAA records of a name, each family failing on its own (a name with only IPv4 is fine). */
export const lookupName = async (name: string): Promise<DnsLookup> => {
  const resolver = new Resolver({ timeout: TIMEOUT_MS / 2, tries: 1 });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      resolver.cancel();
      reject(Object.assign(new Error('timeout'), { code: 'ETIMEOUT' }));
    }, TIMEOUT_MS);
  });
  const guarded = (p: Promise<string[]>) => Promise.race([p, deadline]);
  const results = await Promise.allSettled([
    guarded(resolver.resolve4(name)),
    guarded(resolver.resolve6(name)),
  ]).finally(() => clearTimeout(timer));
  return {
    addresses: results.flatMap((r) => (r.status === 'fulfilled' ? r.value : [])),
    errors: results.flatMap((r) => (r.status === 'rejected' ? [codeOf(r.reason)] : [])),
  };
};

/**
 * This server's addresses: what PUBLIC_URL's host resolves to (the public address behind NAT or a proxy) plus the
 * interfaces' own. Loopback interfaces are left out: a name pointing at 127.0.0.1 sends visitors to their own machine.
 */
export const serverAddresses = async (publicUrl: string | undefined): Promise<string[]> => {
  const own = Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((i) => !i.internal)
    .map((i) => i.address);
  if (!publicUrl) return own;
  const host = new URL(publicUrl).hostname.replace(/^\[|\]$/g, '');
  const published = isIP(host) ? [host] : (await lookupName(host)).addresses;
  return [...published, ...own];
};

/** The DNS verdict of a tracking domain against this server. */
export const checkDomainDns = async (name: string, publicUrl: string | undefined): Promise<DnsVerdict> => {
  const [lookup, expected] = await Promise.all([lookupName(name), serverAddresses(publicUrl)]);
  return judgeDns(lookup, expected);
};
