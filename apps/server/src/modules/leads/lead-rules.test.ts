import { describe, expect, it } from 'vitest';
import { normalizePhone } from './lead-phone.ts';
import { isOpen, localTime } from './working-hours.ts';

describe('working hours', () => {
  // 2026-03-02 is a Monday; 08:30 UTC is 09:30 in Berlin and already Monday evening in Kiritimati (UTC+14).
  const at = new Date('2026-03-02T08:30:00Z');
  const berlin = (days: { day: number; from: string; to: string }[]) => ({ time_zone: 'Europe/Berlin', days });

  it('reads the wall clock in the zone, ISO weekdays', () => {
    expect(localTime('Europe/Berlin', at)).toEqual({ day: 1, time: '09:30', date: '2026-03-02' });
    expect(localTime('Pacific/Kiritimati', at)).toEqual({ day: 1, time: '22:30', date: '2026-03-02' });
    expect(localTime('America/Los_Angeles', at)).toEqual({ day: 1, time: '00:30', date: '2026-03-02' });
    expect(localTime('Pacific/Pago_Pago', at)).toEqual({ day: 7, time: '21:30', date: '2026-03-01' });
  });

  it('opens from inclusive to exclusive on the listed days only; no hours means always open', () => {
    expect(isOpen(null, at)).toBe(true);
    expect(isOpen(berlin([{ day: 1, from: '09:30', to: '18:00' }]), at)).toBe(true);
    expect(isOpen(berlin([{ day: 1, from: '08:00', to: '09:30' }]), at)).toBe(false);
    expect(isOpen(berlin([{ day: 2, from: '00:00', to: '24:00' }]), at)).toBe(false);
    expect(isOpen(berlin([]), at)).toBe(false);
    expect(isOpen(berlin([{ day: 1, from: '20:00', to: '24:00' }]), new Date('2026-03-02T22:59:00Z'))).toBe(true);
  });
});

describe('phone against the country', () => {
  it.each([
    ['+4915112345678', 'DE', '+4915112345678'],
    ['004915112345678', 'DE', '+4915112345678'],
    ['015112345678', 'DE', '+4915112345678'],
    ['15112345678', 'DE', '+4915112345678'],
    ['+12025550123', 'US', '+12025550123'],
    ['+77011234567', 'KZ', '+77011234567'],
  ])('%s in %s → %s', (raw, country, phone) => {
    expect(normalizePhone(raw, country)).toEqual({ phone });
  });

  it.each([
    ['+4366412345678', 'DE', 'A phone in DE starts with +49'],
    ['+49123', 'DE', 'Enter the phone in international format, e.g. +4915112345678'],
    ['+4915112345678901', 'DE', 'Enter the phone in international format, e.g. +4915112345678'],
    ['012', 'DE', 'Enter the phone in international format, e.g. +4915112345678'],
  ])('refuses %s in %s', (raw, country, error) => {
    expect(normalizePhone(raw, country)).toEqual({ error });
  });
});
