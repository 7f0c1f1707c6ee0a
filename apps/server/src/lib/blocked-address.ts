import { BlockList, isIP } from 'node:net';

// Addresses an outbound call (postback, buyer) must never reach: it would let an affiliate or a template probe or
// hit our own network (SSRF). docs/decisions/015-outbound-and-headers.md
const v4 = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  v4.addSubnet(net, bits, 'ipv4');

const v6 = new BlockList();
for (const [net, bits] of [
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['100::', 64],
  ['64:ff9b:1::', 48],
] as const) {
  v6.addSubnet(net, bits, 'ipv6');
}

/** The eight 16-bit groups of a valid IPv6 address (a trailing dotted quad and a zone are allowed). */
const groupsOf = (address: string): number[] => {
  let text = address.split('%')[0].toLowerCase();
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number);
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const parts =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return parts.map((p) => parseInt(p, 16));
};

const quadOf = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/**
 * The IPv4 addresses an IPv6 address carries and may be routed to: IPv4-compatible (::/96), IPv4-mapped
 * (::ffff:0:0/96), IPv4-translated (::ffff:0:0:0/96), NAT64 (64:ff9b::/96), 6to4 (2002::/16) and Teredo (2001::/32:
 * its server, and its client stored inverted).
 */
export const embeddedIpv4 = (address: string): string[] => {
  const g = groupsOf(address);
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && (g[5] === 0 || g[5] === 0xffff)) return [quadOf(g[6], g[7])];
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return [quadOf(g[6], g[7])];
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return [quadOf(g[6], g[7])];
  if (g[0] === 0x2002) return [quadOf(g[1], g[2])];
  if (g[0] === 0x2001 && g[1] === 0) return [quadOf(g[2], g[3]), quadOf(g[6] ^ 0xffff, g[7] ^ 0xffff)];
  return [];
};

/** Whether an address is private, loopback, link-local, multicast or reserved, directly or through an IPv4 it carries. */
export const isBlockedAddress = (address: string): boolean => {
  const kind = isIP(address.split('%')[0]);
  if (kind === 4) return v4.check(address, 'ipv4');
  if (kind !== 6) return true;
  const plain = address.split('%')[0];
  if (v6.check(plain, 'ipv6')) return true;
  return embeddedIpv4(plain).some((ip) => v4.check(ip, 'ipv4'));
};
