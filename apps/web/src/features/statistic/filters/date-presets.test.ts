import { describe, expect, it } from 'vitest';
import { addDays, matchPreset, presetRange, rangeDays } from './date-presets.ts';

// 2026-03-01 22:30 UTC is already 2 March in Kyiv (UTC+2) and still 1 March in New York.
const NOW = new Date('2026-03-01T22:30:00Z');

describe('date presets', () => {
  it('resolve every preset to inclusive days', () => {
    const kyiv = (p: Parameters<typeof presetRange>[0]) => presetRange(p, 'Europe/Kyiv', NOW);
    expect(kyiv('today')).toEqual({ from: '2026-03-02', to: '2026-03-02' });
    expect(kyiv('yesterday')).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(kyiv('last_7_days')).toEqual({ from: '2026-02-24', to: '2026-03-02' });
    expect(kyiv('this_month')).toEqual({ from: '2026-03-01', to: '2026-03-02' });
    expect(kyiv('last_month')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(kyiv('last_30_days')).toEqual({ from: '2026-02-01', to: '2026-03-02' });
    expect(presetRange('last_month', 'UTC', new Date('2024-03-10T00:00:00Z'))).toEqual({
      from: '2024-02-01',
      to: '2024-02-29',
    });
    expect(presetRange('last_month', 'UTC', new Date('2026-01-15T00:00:00Z'))).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
  });
  it('name a range that is a preset, and call any other range custom', () => {
    expect(matchPreset({ from: '2026-02-24', to: '2026-03-02' }, 'Europe/Kyiv', NOW)).toBe('last_7_days');
    expect(matchPreset({ from: '2026-02-24', to: '2026-03-02' }, 'UTC', NOW)).toBe('custom');
    expect(matchPreset({ from: '2026-03-01', to: '2026-03-01' }, 'UTC', NOW)).toBe('today');
  });
  it('count days across month ends and DST changes', () => {
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(rangeDays({ from: '2026-03-25', to: '2026-04-03' })).toBe(10);
    expect(rangeDays({ from: '2026-03-02', to: '2026-03-02' })).toBe(1);
  });
});
