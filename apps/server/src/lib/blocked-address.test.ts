import { describe, expect, it } from 'vitest';
import { embeddedIpv4, isBlockedAddress } from './blocked-address.ts';

describe('isBlockedAddress', () => {
  it('blocks private, loopback, link-local and reserved IPv4 and lets public ones through', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
    ]) {
      expect(isBlockedAddress(ip), ip).toBe(true);
    }
    for (const ip of ['8.8.8.8', '93.184.216.34', '192.0.2.1']) expect(isBlockedAddress(ip), ip).toBe(false);
  });

  it('blocks local IPv6 ranges', () => {
    for (const ip of [
      '::',
      '::1',
      'fd00::1',
      'fc00::5',
      'fe80::1',
      'fe80::1%eth0',
      'fec0::1',
      'ff02::1',
      '100::1',
      '64:ff9b:1::a00:1',
    ]) {
      expect(isBlockedAddress(ip), ip).toBe(true);
    }
    expect(isBlockedAddress('2606:4700:4700::1111')).toBe(false);
  });

  it('judges the IPv4 an IPv6 address carries: compatible, mapped, translated, NAT64, 6to4 and Teredo', () => {
    const forms: [string, string][] = [
      ['::7f00:1', '127.0.0.1'],
      ['::127.0.0.1', '127.0.0.1'], // IPv4-compatible ::/96
      ['::ffff:7f00:1', '127.0.0.1'],
      ['::ffff:10.0.0.1', '10.0.0.1'], // IPv4-mapped ::ffff:0:0/96
      ['::ffff:0:a9fe:a9fe', '169.254.169.254'], // IPv4-translated ::ffff:0:0:0/96
      ['64:ff9b::c0a8:101', '192.168.1.1'],
      ['64:ff9b::10.0.0.1', '10.0.0.1'], // NAT64 64:ff9b::/96
      ['2002:7f00:1::1', '127.0.0.1'],
      ['2002:a9fe:a9fe:0:0:0:0:1', '169.254.169.254'], // 6to4 2002::/16
      ['2001:0:4136:e378:8000:63bf:f5ff:fffe', '10.0.0.1'], // Teredo client, stored inverted
      ['2001:0:7f00:1:0:0:bb1:a2b3', '127.0.0.1'], // Teredo server
    ];
    for (const [ip, v4] of forms) {
      expect(embeddedIpv4(ip), ip).toContain(v4);
      expect(isBlockedAddress(ip), ip).toBe(true);
    }
    // The same forms around a public IPv4 are fine.
    for (const ip of [
      '::ffff:8.8.8.8',
      '::808:808',
      '64:ff9b::808:808',
      '2002:808:808::1',
      '2001:0:808:808:0:0:f7f7:f7f7',
    ]) {
      expect(isBlockedAddress(ip), ip).toBe(false);
    }
  });

  it('blocks what is not an address at all', () => {
    expect(isBlockedAddress('not-an-ip')).toBe(true);
  });
});
