import { describe, expect, it } from 'vitest';
import { judgeDns, normalizeIp } from './dns-judge.ts';

const SERVER = ['203.0.113.7', '2001:db8::7'];

describe('judgeDns', () => {
  it('is OK when an IPv4 address is one of this server', () => {
    expect(judgeDns({ addresses: ['203.0.113.7'], errors: ['ENODATA'] }, SERVER)).toEqual({
      ok: true,
      detail: 'Resolves to 203.0.113.7: this server (203.0.113.7)',
    });
  });

  it('is OK on an IPv6 match however it is spelled', () => {
    expect(judgeDns({ addresses: ['198.51.100.1', '2001:DB8::7'], errors: [] }, ['fe80::1%eth0', ...SERVER])).toEqual({
      ok: true,
      detail: 'Resolves to 198.51.100.1, 2001:db8::7: this server (2001:db8::7)',
    });
  });

  it('says what it resolved to and what was expected when no address matches', () => {
    expect(judgeDns({ addresses: ['198.51.100.1', '198.51.100.1'], errors: ['ENODATA'] }, SERVER)).toEqual({
      ok: false,
      detail: "Resolves to 198.51.100.1; expected one of this server's addresses: 203.0.113.7, 2001:db8::7",
    });
  });

  it('says the server addresses are unknown when there are none to compare with', () => {
    expect(judgeDns({ addresses: ['198.51.100.1'], errors: [] }, [])).toEqual({
      ok: false,
      detail: "Resolves to 198.51.100.1; this server's own addresses are unknown (set PUBLIC_URL)",
    });
  });

  it('names why the lookup failed, preferring a real error over a missing record', () => {
    expect(judgeDns({ addresses: [], errors: ['ENOTFOUND', 'ENOTFOUND'] }, SERVER)).toEqual({
      ok: false,
      detail: 'The name does not resolve (ENOTFOUND)',
    });
    expect(judgeDns({ addresses: [], errors: ['ENODATA', 'ETIMEOUT'] }, SERVER)).toEqual({
      ok: false,
      detail: 'The DNS lookup timed out (ETIMEOUT)',
    });
    expect(judgeDns({ addresses: [], errors: ['ENODATA', 'ENODATA'] }, SERVER)).toEqual({
      ok: false,
      detail: 'The name has no A or AAAA record (ENODATA)',
    });
    expect(judgeDns({ addresses: [], errors: ['EBADRESP'] }, SERVER)).toEqual({
      ok: false,
      detail: 'The DNS lookup failed (EBADRESP)',
    });
  });

  it('ignores anything that is not an address', () => {
    expect(judgeDns({ addresses: ['not-an-ip'], errors: ['ENODATA'] }, SERVER).ok).toBe(false);
  });
});

describe('normalizeIp', () => {
  it('lower-cases, drops a zone and brackets, and unwraps IPv4-mapped IPv6', () => {
    expect(normalizeIp('FE80::1%eth0')).toBe('fe80::1');
    expect(normalizeIp('[2001:db8::1]')).toBe('2001:db8::1');
    expect(normalizeIp('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });
});
