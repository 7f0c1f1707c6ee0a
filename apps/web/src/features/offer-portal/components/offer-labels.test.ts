import { describe, expect, it } from 'vitest';
import { advertiserDetailPath, payoutText, portalDetailPath, topPayoutText } from './offer-labels.ts';

describe('payoutText', () => {
  it('reads a fixed amount, a share of revenue, or both', () => {
    expect(payoutText('cpa', 12000, 0, 'EUR')).toBe('€120.00');
    expect(payoutText('revshare', 0, 35, 'USD')).toBe('35%');
    expect(payoutText('mixed', 3000, 10, 'USD')).toBe('$30.00 + 10%');
  });
});

describe('topPayoutText', () => {
  const goal = { payment_type: 'revshare' as const, payout_percent: 20, geo_rates: [{ payout_percent: 30 }] };
  it('shows the best share for RevShare and the top amount otherwise', () => {
    expect(topPayoutText({ top_payout: 0, currency: 'USD', top_goal: goal })).toBe('30%');
    expect(topPayoutText({ top_payout: 5000, currency: 'USD', top_goal: { ...goal, payment_type: 'cpa' } })).toBe(
      '$50.00',
    );
  });
  it('has nothing to show for an offer without goals', () => {
    expect(topPayoutText({ top_payout: 0, currency: 'USD', top_goal: null })).toBeNull();
  });
});

describe('detail paths', () => {
  it('leads affiliates by number and advertisers by uuid, per type', () => {
    expect(portalDetailPath({ type: 'api', id: 7 })).toBe('/offers/api/detail/7');
    expect(portalDetailPath({ type: 'direct_link', id: 7 })).toBe('/offers/direct-link/detail/7');
    expect(advertiserDetailPath({ type: 'api', uuid: 'u' })).toBe('/offers/detail-api/u');
    expect(advertiserDetailPath({ type: 'direct_link', uuid: 'u' })).toBe('/offers/detail-direct-link/u');
  });
});
