import { isIP } from 'node:net';

/** What resolve4 + resolve6 gave for a name: its addresses, else the error codes of the failed lookups. */
export type DnsLookup = { addresses: string[]; errors: string[] };
export type DnsVerdict = { ok: boolean; detail: string };

/** One spelling per address: lower case, no IPv6 zone, IPv4-mapped IPv6 as plain IPv4. */
export const normalizeIp = (address: string): string => {
  const plain = address
    .trim()
    .toLowerCase()
    .replace(/%.*$/, '')
    .replace(/^\[|\]$/g, '');
  const mapped = plain.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
  return mapped ? mapped[1] : plain;
};

const FAILURES: Record<string, string> = {
  ENOTFOUND: 'The name does not resolve',
  ENODATA: 'The name has no A or AAAA record',
  ETIMEOUT: 'The DNS lookup timed out',
  ESERVFAIL: 'The DNS server failed to answer',
  EREFUSED: 'The DNS server refused the query',
  ECONNREFUSED: 'No DNS server could be reached',
};

/** ENODATA from one family says little when the other family says the name does not exist: the first other code wins. */
const mainError = (errors: string[]) => errors.find((e) => e !== 'ENODATA') ?? errors[0] ?? 'ENODATA';

const list = (addresses: string[]) => addresses.join(', ');

/**
 * Whether a tracking domain points at this server: OK when one of its addresses is one of `expected`
 * (the addresses the panel's PUBLIC_URL resolves to and those of the server's own interfaces).
 */
export const judgeDns = (lookup: DnsLookup, expected: readonly string[]): DnsVerdict => {
  const resolved = [...new Set(lookup.addresses.map(normalizeIp).filter((a) => isIP(a)))];
  if (!resolved.length) {
    const code = mainError(lookup.errors);
    return { ok: false, detail: `${FAILURES[code] ?? 'The DNS lookup failed'} (${code})` };
  }
  const mine = [...new Set(expected.map(normalizeIp))];
  const hits = resolved.filter((a) => mine.includes(a));
  if (hits.length) return { ok: true, detail: `Resolves to ${list(resolved)}: this server (${list(hits)})` };
  if (!mine.length)
    return {
      ok: false,
      detail: `Resolves to ${list(resolved)}; this server's own addresses are unknown (set PUBLIC_URL)`,
    };
  return { ok: false, detail: `Resolves to ${list(resolved)}; expected one of this server's addresses: ${list(mine)}` };
};
