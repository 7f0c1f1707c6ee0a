import { describe, expect, it } from 'vitest';
import { zonedParts } from '@pxl/contract/format/date';
import { isoToZonedInput, todayIn, zonedInputToIso } from './dates.ts';

// 2026-03-01 22:30 UTC is already 2 March in Kyiv (UTC+2) and still 1 March in New York.
const NOW = new Date('2026-03-01T22:30:00Z');

describe('zoned dates', () => {
  it('take "today" in the given time zone, not the browser one', () => {
    expect(todayIn('UTC', NOW)).toBe('2026-03-01');
    expect(todayIn('Europe/Kyiv', NOW)).toBe('2026-03-02');
    expect(todayIn('America/New_York', NOW)).toBe('2026-03-01');
  });
  it('fall back to UTC for an unknown zone', () => {
    expect(todayIn('Mars/Olympus', NOW)).toBe('2026-03-01');
  });
  it('keep each zone apart when its formatter is reused', () => {
    expect(zonedParts(NOW.getTime(), 'Europe/Kyiv')).toEqual({ y: '2026', mo: '03', d: '02', h: '00', mi: '30' });
    expect(zonedParts(NOW.getTime(), 'UTC')).toEqual({ y: '2026', mo: '03', d: '01', h: '22', mi: '30' });
    expect(zonedParts(NOW.getTime(), 'Europe/Kyiv').h).toBe('00');
  });
  it('turn an instant into wall-clock input and back', () => {
    expect(isoToZonedInput('2026-03-01T22:30:00.000Z', 'Europe/Kyiv')).toBe('2026-03-02T00:30');
    expect(zonedInputToIso('2026-03-02T00:30', 'Europe/Kyiv')).toBe('2026-03-01T22:30:00.000Z');
    expect(isoToZonedInput(null, 'UTC')).toBe('');
    expect(zonedInputToIso('', 'UTC')).toBeNull();
  });
});
