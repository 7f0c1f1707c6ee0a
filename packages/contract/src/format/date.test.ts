import { describe, it, expect } from 'vitest';
import { formatDate, formatDateLine, formatDateText } from './date.ts';

describe('formatDate', () => {
  it('formats an ISO instant as DD.MM.YYYY and HH:mm in UTC by default', () => {
    expect(formatDate('2024-03-05T07:09:00Z')).toEqual({ date: '05.03.2024', time: '07:09' });
    expect(formatDate(new Date('2024-12-31T23:59:59Z'))).toEqual({ date: '31.12.2024', time: '23:59' });
    expect(formatDate('2024-01-01T00:00:00Z')).toEqual({ date: '01.01.2024', time: '00:00' });
  });

  it('converts to the given time zone', () => {
    expect(formatDate('2024-12-31T23:30:00Z', 'Europe/Kiev')).toEqual({ date: '01.01.2025', time: '01:30' });
    expect(formatDate('2024-01-15T12:00:00Z', 'Asia/Calcutta')).toEqual({ date: '15.01.2024', time: '17:30' });
  });

  it('reads a date-time without offset as UTC', () => {
    expect(formatDate('2024-03-05 10:20:30')).toEqual({ date: '05.03.2024', time: '10:20' });
  });

  it('gives the date only for a plain YYYY-MM-DD, whatever the zone', () => {
    expect(formatDate('2024-03-05')).toEqual({ date: '05.03.2024', time: '' });
    expect(formatDate('2024-03-05', 'America/New_York')).toEqual({ date: '05.03.2024', time: '' });
  });

  it('never throws on bad input', () => {
    const empty = { date: '', time: '' };
    expect(formatDate('not a date')).toEqual(empty);
    expect(formatDate('2024-02-30')).toEqual(empty);
    expect(formatDate('')).toEqual(empty);
    expect(formatDate(null)).toEqual(empty);
    expect(formatDate(new Date('x'))).toEqual(empty);
    expect(formatDate('2024-03-05T07:09:00Z', 'Not/AZone')).toEqual(empty);
  });
});

describe('formatDateText', () => {
  it('puts the time on a new line', () => {
    expect(formatDateText('2024-03-05T07:09:00Z')).toBe('05.03.2024\n07:09');
  });

  it('gives the date alone for a plain date and "" for bad input', () => {
    expect(formatDateText('2024-03-05')).toBe('05.03.2024');
    expect(formatDateText('garbage')).toBe('');
  });
});

describe('formatDateLine', () => {
  it('puts the date and time on one line in the zone, the date alone for a plain date, "" for bad input', () => {
    expect(formatDateLine('2024-03-05T22:09:00Z', 'Europe/Kyiv')).toBe('06.03.2024 00:09');
    expect(formatDateLine('2024-03-05')).toBe('05.03.2024');
    expect(formatDateLine(null)).toBe('');
  });
});
