import { describe, expect, it } from 'vitest';
import { isAuthCode, normalizeAuthCode, svgDataUrl } from './auth-code.ts';

describe('auth codes', () => {
  it('accepts a 6-digit code and a recovery code', () => {
    expect(isAuthCode('123456')).toBe(true);
    expect(isAuthCode('ab3de-9fg1h')).toBe(true);
    expect(isAuthCode('12345')).toBe(false);
    expect(isAuthCode('1234567')).toBe(false);
    expect(isAuthCode('abcde_fghij')).toBe(false);
    expect(isAuthCode('')).toBe(false);
  });

  it('normalises what people type', () => {
    expect(normalizeAuthCode(' 123 456 ')).toBe('123456');
    expect(normalizeAuthCode('AB3DE-9FG1H')).toBe('ab3de-9fg1h');
    expect(normalizeAuthCode('ab3de9fg1h')).toBe('ab3de-9fg1h');
    expect(normalizeAuthCode('1234567890')).toBe('1234567890');
  });
});

describe('svgDataUrl', () => {
  it('encodes the markup so it cannot break out of the attribute', () => {
    const url = svgDataUrl('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>');
    expect(url.startsWith('data:image/svg+xml;utf8,%3Csvg')).toBe(true);
    expect(url).not.toMatch(/[<>"]/);
  });
});
