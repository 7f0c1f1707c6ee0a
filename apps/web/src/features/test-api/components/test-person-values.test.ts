import { describe, expect, it } from 'vitest';
import { defaultPerson, newContacts, toTestLead, withCountry } from './test-person-values.ts';

describe('test person', () => {
  it('the default person passes the contract schema, empty fields left out', () => {
    const made = toTestLead(defaultPerson());
    expect('lead' in made && made.lead).toMatchObject({ first_name: 'Test', country: 'DE' });
    expect('lead' in made && Object.keys(made.lead)).not.toContain('password');
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
    const made = toTestLead({ ...defaultPerson(), email: 'nope', ip: '999.1.1.1' });
    expect('errors' in made && Object.keys(made.errors).sort()).toEqual(['lead.email', 'lead.ip']);
  });
});
