import { describe, expect, it } from 'vitest';
import { logAccess, partnerText } from './log-access.ts';

describe('log columns per role', () => {
  it('affiliates: no revenue, advertiser, product, email or affiliate column', () => {
    expect(logAccess('affiliate')).toEqual({
      staff: false,
      affiliate: false,
      affiliateById: false,
      advertiser: false,
      product: false,
      revenue: false,
      payout: true,
      email: false,
    });
  });
  it('advertisers: no payout, affiliates by ID, their products and revenue', () => {
    expect(logAccess('advertiser')).toEqual({
      staff: false,
      affiliate: true,
      affiliateById: true,
      advertiser: false,
      product: true,
      revenue: true,
      payout: false,
      email: false,
    });
  });
  it('staff see everything', () => {
    for (const role of ['admin', 'head', 'manager', 'team_lead'] as const) {
      expect(logAccess(role)).toEqual({
        staff: true,
        affiliate: true,
        affiliateById: false,
        advertiser: true,
        product: true,
        revenue: true,
        payout: true,
        email: true,
      });
    }
  });
  it('names a partner by name, email, or the start of the ID', () => {
    expect(partnerText({ uuid: '0b7c4f5e-1a2b', name: 'Ann', email: 'a@x' })).toBe('Ann');
    expect(partnerText({ uuid: '0b7c4f5e-1a2b', name: '', email: 'a@x' })).toBe('a@x');
    expect(partnerText({ uuid: '0b7c4f5e-1a2b', name: '', email: '' })).toBe('0b7c4f5e');
    expect(partnerText(null)).toBe('');
  });
});
