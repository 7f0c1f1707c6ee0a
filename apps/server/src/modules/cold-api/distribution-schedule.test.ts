import { describe, expect, it } from 'vitest';
import { pickInterval, windowAt, zonedInstant, type SendWindow } from './distribution-schedule.ts';

const kyiv: SendWindow = {
  startDate: '2026-03-01',
  endDate: '2026-04-30',
  hourFrom: 9,
  hourTo: 18,
  timeZone: 'Europe/Kyiv',
};
const at = (iso: string) => new Date(iso);

describe('the sending window', () => {
  it('is open inside the hours of its zone and closed outside, with the next opening', () => {
    // 10:00 in Kyiv (UTC+2 in winter).
    expect(windowAt(kyiv, at('2026-03-10T08:00:00Z')).open).toBe(true);
    // 18:00 in Kyiv: the hour_to is exclusive; it opens tomorrow at 09:00 Kyiv = 07:00 UTC.
    const evening = windowAt(kyiv, at('2026-03-10T16:00:00Z'));
    expect(evening).toMatchObject({
      open: false,
      ended: false,
      waiting: 'Outside the sending hours (09:00–18:00 Europe/Kyiv)',
    });
    expect(!evening.open && evening.next?.toISOString()).toBe('2026-03-11T07:00:00.000Z');
    // 06:00 in Kyiv: it opens at 09:00 the same day.
    const morning = windowAt(kyiv, at('2026-03-10T04:00:00Z'));
    expect(!morning.open && morning.next?.toISOString()).toBe('2026-03-10T07:00:00.000Z');
  });

  it('follows the zone across the spring DST change (Kyiv moves to UTC+3 on 2026-03-29)', () => {
    // 08:30 UTC on the 29th is 11:30 local: open. 06:30 UTC is 09:30 local (summer time): open; under winter time it would be 08:30.
    expect(windowAt(kyiv, at('2026-03-29T06:30:00Z')).open).toBe(true);
    expect(windowAt(kyiv, at('2026-03-28T06:30:00Z')).open).toBe(false);
    // From the evening before, the next opening is 09:00 summer time = 06:00 UTC.
    const before = windowAt(kyiv, at('2026-03-28T20:00:00Z'));
    expect(!before.open && before.next?.toISOString()).toBe('2026-03-29T06:00:00.000Z');
    // The day's start for the daily limit is local midnight: 22:00 UTC on the 28th (still winter time then).
    const day = windowAt(kyiv, at('2026-03-29T12:00:00Z'));
    expect(day.today).toBe('2026-03-29');
    expect(day.dayStart.toISOString()).toBe('2026-03-28T22:00:00.000Z');
  });

  it('an hour the clocks skip opens at the first instant after the jump', () => {
    // Europe/Berlin jumps from 02:00 to 03:00 on 2026-03-29: "02:00" does not exist; 03:00 CEST = 01:00 UTC.
    expect(zonedInstant('2026-03-29', 2, 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(zonedInstant('2026-10-25', 0, 'Europe/Berlin').toISOString()).toBe('2026-10-24T22:00:00.000Z');
  });

  it('before the start date it waits for it; after the end date it has ended', () => {
    const early = windowAt(kyiv, at('2026-02-20T10:00:00Z'));
    expect(early).toMatchObject({ open: false, ended: false, waiting: 'Starts on 2026-03-01' });
    expect(!early.open && early.next?.toISOString()).toBe('2026-03-01T07:00:00.000Z');
    // 1 May 00:30 in Kyiv is still 30 April in UTC: the zone decides.
    expect(windowAt(kyiv, at('2026-04-30T21:30:00Z'))).toMatchObject({ open: false, ended: true });
    expect(windowAt(kyiv, at('2026-04-30T14:00:00Z')).open).toBe(true);
    // After the hours of the last day there is no next opening in the window: it wakes at its end to finish.
    const last = windowAt(kyiv, at('2026-04-30T16:00:00Z'));
    expect(!last.open && last.next?.toISOString()).toBe('2026-04-30T21:00:00.000Z');
  });

  it('all day when from = to or 0–24, and over midnight when from > to', () => {
    const allDay = { ...kyiv, hourFrom: 0, hourTo: 24 };
    for (const h of ['00', '05', '23']) expect(windowAt(allDay, at(`2026-03-10T${h}:10:00Z`)).open).toBe(true);
    expect(windowAt({ ...kyiv, hourFrom: 7, hourTo: 7 }, at('2026-03-10T03:00:00Z')).open).toBe(true);
    const night = { ...kyiv, hourFrom: 22, hourTo: 6 };
    expect(windowAt(night, at('2026-03-10T21:00:00Z')).open).toBe(true); // 23:00 local
    expect(windowAt(night, at('2026-03-10T02:00:00Z')).open).toBe(true); // 04:00 local
    const noon = windowAt(night, at('2026-03-10T10:00:00Z'));
    expect(!noon.open && noon.next?.toISOString()).toBe('2026-03-10T20:00:00.000Z');
  });
});

describe('the pause between sends', () => {
  it('spreads over [min, max] in milliseconds', () => {
    expect(pickInterval(2, 5, () => 0)).toBe(2000);
    expect(pickInterval(2, 5, () => 0.999_999)).toBe(5000);
    expect(pickInterval(2, 5, () => 0.5)).toBe(3500);
    expect(pickInterval(0, 0)).toBe(0);
    for (let i = 0; i < 200; i++) {
      const v = pickInterval(1, 3);
      expect(v).toBeGreaterThanOrEqual(1000);
      expect(v).toBeLessThanOrEqual(3000);
    }
  });
});
