import { describe, expect, it } from 'vitest';
import { statusLabel, statusOptions } from './labels.ts';

describe('statusLabel', () => {
  it('shows a stored code as words with a capital first letter', () => {
    expect(statusLabel('active')).toBe('Active');
    expect(statusLabel('not_active')).toBe('Not active');
    expect(statusLabel('password_reset_request')).toBe('Password reset request');
    expect(statusLabel('on-moderation')).toBe('On moderation');
    expect(statusLabel('')).toBe('');
  });
});

describe('statusOptions', () => {
  it('keeps the codes as values, in order, and labels them', () => {
    expect(statusOptions(['active', 'not_active'])).toEqual([
      { value: 'active', label: 'Active' },
      { value: 'not_active', label: 'Not active' },
    ]);
    expect(statusOptions(['cpa'], (v) => v.toUpperCase())).toEqual([{ value: 'cpa', label: 'CPA' }]);
  });
});
