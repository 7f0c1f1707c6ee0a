import { describe, expect, it } from 'vitest';
import { formatMinor, majorToMinor, minorToMajor } from './money.ts';

describe('majorToMinor', () => {
  it('turns major units into integer minor units', () => {
    expect(majorToMinor(100)).toBe(10000);
    expect(majorToMinor('12.5')).toBe(1250);
    expect(majorToMinor('12,34')).toBe(1234);
    expect(majorToMinor('0.01')).toBe(1);
    expect(majorToMinor('.5')).toBe(50);
    expect(majorToMinor(0)).toBe(0);
  });

  it('rounds half up without float drift', () => {
    expect(majorToMinor('1.005')).toBe(101);
    expect(majorToMinor(1.005)).toBe(101);
    expect(majorToMinor(0.1 + 0.2)).toBe(30);
    expect(majorToMinor('19.994')).toBe(1999);
    expect(majorToMinor('19.995')).toBe(2000);
  });

  it('gives null for empty, negative or bad input', () => {
    expect(majorToMinor('')).toBeNull();
    expect(majorToMinor(null)).toBeNull();
    expect(majorToMinor(undefined)).toBeNull();
    expect(majorToMinor('-1')).toBeNull();
    expect(majorToMinor('abc')).toBeNull();
    expect(majorToMinor(Number.NaN)).toBeNull();
    expect(majorToMinor('.')).toBeNull();
  });
});

describe('minorToMajor and formatMinor', () => {
  it('go back to major units', () => {
    expect(minorToMajor(10000)).toBe(100);
    expect(minorToMajor(1250)).toBe(12.5);
    expect(formatMinor(1250, 'USD')).toBe('12.50 USD');
    expect(majorToMinor(minorToMajor(123456))).toBe(123456);
  });
});
