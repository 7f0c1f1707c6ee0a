import { describe, expect, it } from 'vitest';
import { optionalPersonNameSchema, personNameSchema } from './person-name.ts';

const first = personNameSchema('First name');
const last = optionalPersonNameSchema('Last name');
const messageOf = (value: string) => {
  const r = first.safeParse(value);
  return r.success ? null : r.error.issues[0].message;
};

describe('person names', () => {
  it('take the names of people: any script, marks, apostrophes, hyphens, initials', () => {
    for (const name of [
      'Ann',
      'Zoë',
      "O'Brien",
      'D’Angelo',
      'Jean-Luc',
      'J.R.R.',
      'St. John',
      'José María',
      'Nguyễn',
      '李小龍',
      'Ольга',
    ])
      expect(first.parse(name), name).toBe(name);
    expect(first.parse('  Mary \r\n\t Ann ')).toBe('Mary Ann');
    expect(last.parse('')).toBeUndefined();
    expect(last.parse(' Lee ')).toBe('Lee');
  });

  it('refuse what a mail client could show as a link, and what no name holds', () => {
    const chars = 'First name may hold only letters, spaces, apostrophes, hyphens and dots';
    expect(messageOf('your payout is frozen, verify at https://pay.example')).toBe(chars);
    expect(messageOf('ann@mail.example')).toBe(chars);
    expect(messageOf('Ann 2024')).toBe(chars);
    expect(messageOf('<b>Ann</b>')).toBe(chars);
    expect(messageOf('-Ann')).toBe(chars);
    expect(messageOf('verify at pay.example')).toBe('First name must not look like a web address');
    expect(messageOf('www.pay.example')).toBe('First name must not look like a web address');
    expect(messageOf('   ')).toBe('First name is required');
    expect(messageOf('a'.repeat(101))).toBe('At most 100 characters');
    expect(last.safeParse('pay.example').success).toBe(false);
  });
});
