import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, newTotpSecret, totpCode, verifyTotp } from './totp.ts';

describe('base32 (RFC 4648 test vectors, no padding)', () => {
  it.each([
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ])('%j ↔ %s', (plain, encoded) => {
    expect(base32Encode(Buffer.from(plain))).toBe(encoded);
    expect(base32Decode(encoded).toString()).toBe(plain);
  });
});

describe('TOTP', () => {
  // RFC 6238 appendix B, SHA-1 seed "12345678901234567890": 8-digit codes whose last 6 digits are ours.
  const seed = base32Encode(Buffer.from('12345678901234567890'));
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('T=%i gives %s', (t, code) => {
    expect(totpCode(seed, Math.floor(t / 30))).toBe(code);
    expect(verifyTotp(seed, code, t * 1000)).toBe(true);
  });

  it('makes 160-bit secrets that differ every time', () => {
    const a = newTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(a)).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(a);
  });
});
