import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount } from './numbers.ts';

describe('formatCount', () => {
  it('groups thousands the en-US way whatever the browser language', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(-1500)).toBe('-1,500');
    expect(formatCount(12.3456)).toBe('12.346');
  });
});

describe('formatBytes', () => {
  it('steps by 1024 through kB, MB, GB, with one decimal under ten', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1023)).toBe('1,023 bytes');
    expect(formatBytes(8192)).toBe('8 kB');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatBytes(312.4 * 1024 * 1024)).toBe('312 MB');
    expect(formatBytes(12.44 * 1024 ** 3)).toBe('12 GB');
    expect(formatBytes(5 * 1024 ** 5)).toBe('5,120 TB');
  });
});
