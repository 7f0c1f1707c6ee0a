import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { isIPv4, isIPv6 } from 'node:net';
import { setImmediate } from 'node:timers/promises';

// Hosting and cloud networks, from the IP-to-ASN data shipped in @ip-location-db/asn (RouteViews, the five RIRs
// and DB-IP's ASN Lite, CC BY 4.0). Nothing is downloaded at run time: a newer dataset is a newer package version
// (docs/product/fraud.md, "Data-centre networks"; docs/decisions/051-fraud-scoring.md).

/** An AS is hosting when its name says so… */
const HOSTING_NAME = /host|cloud|server|data ?cent|vps|colocat|dedicated/i;
/** …except CDNs and privacy relays whose exits carry ordinary people (WARP, iCloud Private Relay). */
const NOT_HOSTING_NAME = /cloudflare|akamai|fastly/i;
/** The largest clouds and hosters whose AS names do not say what they are. */
const HOSTING_ASNS = new Set([
  16509,
  14618,
  8987, // Amazon
  8075, // Microsoft
  396982, // Google Cloud
  31898, // Oracle
  45102,
  134963, // Alibaba
  132203, // Tencent
  136907, // Huawei Cloud
  14061, // DigitalOcean
  16276, // OVH
  24940, // Hetzner
  63949, // Linode
  20473, // Vultr (The Constant Company)
  9009, // M247
  60068, // Datacamp
  51167, // Contabo
  60781,
  16265,
  28753, // Leaseweb
  12876, // Scaleway
]);

export type DatacenterMatch = { asn: number; network: string };

type Table = {
  v4Start: Uint32Array;
  v4End: Uint32Array;
  v4Asn: Uint32Array;
  /** IPv6 ranges by their first 64 bits: no provider is told apart below a /64. */
  v6Start: BigUint64Array;
  v6End: BigUint64Array;
  v6Asn: Uint32Array;
  names: Map<number, string>;
};

let table: Table | null = null;
let loading: Promise<Table> | null = null;

const isHosting = (asn: number, name: string) =>
  HOSTING_ASNS.has(asn) || (HOSTING_NAME.test(name) && !NOT_HOSTING_NAME.test(name));

const unquote = (s: string) => (s.startsWith('"') ? s.slice(1, -1).replaceAll('""', '"') : s);

/** Lines parsed between two yields to the event loop: a few milliseconds of work, so redirects keep flowing. */
const LINES_PER_TURN = 5_000;

/** Rows `start,end,asn,name` (numbers in decimal) of hosting networks, adjacent rows of one AS merged. */
async function readRanges(file: string, names: Map<number, string>, toKey: (n: string) => bigint) {
  const starts: bigint[] = [];
  const ends: bigint[] = [];
  const asns: number[] = [];
  const text = await readFile(file, 'utf8');
  let lines = 0;
  for (let at = 0, next = 0; at < text.length; at = next + 1) {
    next = text.indexOf('\n', at);
    if (next < 0) next = text.length;
    if (++lines % LINES_PER_TURN === 0) await setImmediate();
    const line = text.slice(at, next);
    const a = line.indexOf(',');
    const b = line.indexOf(',', a + 1);
    const c = line.indexOf(',', b + 1);
    if (c < 0) continue;
    const asn = Number(line.slice(b + 1, c));
    const name = unquote(line.slice(c + 1).trim());
    if (!isHosting(asn, name)) continue;
    const start = toKey(line.slice(0, a));
    const end = toKey(line.slice(a + 1, b));
    const last = asns.length - 1;
    if (last >= 0 && asns[last] === asn && start <= ends[last]! + 1n) {
      if (end > ends[last]!) ends[last] = end;
      continue;
    }
    names.set(asn, name);
    starts.push(start);
    ends.push(end);
    asns.push(asn);
  }
  return { starts, ends, asns };
}

/**
 * Reads the dataset once per process (about a second of work, cut into slices of a few milliseconds between which
 * requests are served); later calls return the same promise. Until it resolves, lookupDatacenter answers null: a
 * click is never held up by the load nor waits for it (docs/product/fraud.md, "Data-centre networks"). A failed load is retried on
 * the next call.
 */
export function loadDatacenterRanges(): Promise<Table> {
  return (loading ??= (async () => {
    const dir = createRequire(import.meta.url)
      .resolve('@ip-location-db/asn/package.json')
      .replace(/package\.json$/, '');
    const names = new Map<number, string>();
    const v4 = await readRanges(`${dir}asn-ipv4-num.csv`, names, BigInt);
    const v6 = await readRanges(`${dir}asn-ipv6-num.csv`, names, (n) => BigInt(n) >> 64n);
    table = {
      v4Start: Uint32Array.from(v4.starts, Number),
      v4End: Uint32Array.from(v4.ends, Number),
      v4Asn: Uint32Array.from(v4.asns),
      v6Start: BigUint64Array.from(v6.starts),
      v6End: BigUint64Array.from(v6.ends),
      v6Asn: Uint32Array.from(v6.asns),
      names,
    };
    return table;
  })().catch((err: unknown) => {
    loading = null;
    throw err;
  }));
}

/** The last index whose start is at most key, or -1 (the dataset is sorted by start and its ranges do not overlap). */
function floorIndex<T extends number | bigint>(starts: ArrayLike<T>, key: T): number {
  let lo = 0;
  let hi = starts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (starts[mid]! <= key) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

export function ipv4ToNumber(ip: string): number {
  // Read in place: a split cost an array and four strings a click (half a microsecond in the click bench's profile).
  let n = 0;
  let part = 0;
  for (let i = 0; i < ip.length; i++) {
    const c = ip.charCodeAt(i);
    if (c === 46) {
      n = n * 256 + part;
      part = 0;
    } else part = part * 10 + c - 48;
  }
  return n * 256 + part;
}

/** The first 64 bits of an IPv6 address (its network part). */
export function ipv6Prefix64(ip: string): bigint {
  const [head = '', tail] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  let out = 0n;
  for (let i = 0; i < 4; i++) out = (out << 16n) | BigInt(parseInt(groups[i] || '0', 16));
  return out;
}

/** An IPv4 address written as IPv6 (::ffff:1.2.3.4, as Node reports it on a dual-stack socket) is IPv4. */
export const plainIp = (ip: string): string => (ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip);

/**
 * The hosting or cloud network an IP belongs to, or null (also for anything that is not an IP, and for every IP
 * until loadDatacenterRanges has finished: the server starts it in the background, see startClicks).
 */
export function lookupDatacenter(rawIp: string, t: Table | null = table): DatacenterMatch | null {
  if (!t) return null;
  const ip = plainIp(rawIp.trim());
  let asn: number | undefined;
  if (isIPv4(ip)) {
    const key = ipv4ToNumber(ip);
    const i = floorIndex(t.v4Start, key);
    if (i >= 0 && key <= t.v4End[i]!) asn = t.v4Asn[i];
  } else if (isIPv6(ip)) {
    const key = ipv6Prefix64(ip);
    const i = floorIndex(t.v6Start, key);
    if (i >= 0 && key <= t.v6End[i]!) asn = t.v6Asn[i];
  }
  return asn === undefined ? null : { asn, network: t.names.get(asn) ?? `AS${asn}` };
}
