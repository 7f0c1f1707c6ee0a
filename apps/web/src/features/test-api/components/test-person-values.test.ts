import { describe, expect, it } from 'vitest';
import { integrationTestSchema, testLeadSchema } from '@pxl/contract/leads/leads.schemas';
import { zodFieldErrors } from '@/lib/form-errors.ts';
import { defaultPerson, newContacts, testLeadInput, withCountry } from './test-person-values.ts';

describe('test person', () => {
  it('the default person passes the contract schema, empty fields left out', () => {
    const lead = testLeadInput(defaultPerson());
    expect(testLeadSchema.safeParse(lead).success).toBe(true);
    expect(lead).toMatchObject({ first_name: 'Test', country: 'DE' });
    expect(Object.keys(lead)).not.toContain('password');
  });

  it('two default persons never share an email or a phone (the lead API would refuse a duplicate)', () => {
    const a = defaultPerson();
    const b = newContacts(a);
    expect(b.email).not.toBe(a.email);
    expect(b.phone).not.toBe(a.phone);
    expect(b.phone.startsWith('+49')).toBe(true);
  });

  it('a phone on the old calling code moves to the new country; one typed otherwise stays', () => {
    const de = { ...defaultPerson(), phone: '+4915112345678' };
    expect(withCountry(de, 'FR')).toMatchObject({ country: 'FR', phone: '+3315112345678' });
    expect(withCountry({ ...de, phone: '015112345678' }, 'FR').phone).toBe('015112345678');
  });

  it('names bad fields as lead.<field>, as the server does', () => {
    const lead = testLeadInput({ ...defaultPerson(), email: 'nope', ip: '999.1.1.1' });
    const parsed = integrationTestSchema.safeParse({ product_uuid: crypto.randomUUID(), lead });
    expect(!parsed.success && Object.keys(zodFieldErrors(parsed.error)).sort()).toEqual(['lead.email', 'lead.ip']);
  });
});
