import { describe, expect, it } from 'vitest';
import { isHttpUrl, macroUrlSchema, optionalMacroUrlSchema, unknownMacros } from '../format/url-macros.ts';
import { PAYOUT_OVER_REVENUE, offerGoalsInputSchema, payoutFor, type Goal } from './offers.schemas.ts';
import { affiliateGoals, affiliateRate, resolveMoney, topPayout, type AffiliateOverride } from './payouts.ts';
import { buildTrackingLink } from './tracking-link.ts';

const registration: Goal = {
  goal: 'registration',
  payment_type: 'cpa',
  revenue: 1000,
  payout: 600,
  payout_percent: 0,
  geo_rates: [
    { geo: 'DE', revenue: 1500, payout: 900, payout_percent: 0 },
    { geo: 'FR', revenue: 1200, payout: 700, payout_percent: 0 },
  ],
};
const deposit: Goal = {
  goal: 'deposit',
  payment_type: 'revshare',
  revenue: 10000,
  payout: 0,
  payout_percent: 30,
  geo_rates: [{ geo: 'DE', revenue: 20000, payout: 0, payout_percent: 40 }],
};
const over = (o: Partial<AffiliateOverride>): AffiliateOverride => ({
  goal: 'registration',
  geo: null,
  payout: 0,
  payout_percent: 0,
  ...o,
});

describe('payoutFor', () => {
  it('pays the fixed part for CPA, the share for RevShare, both for Mixed', () => {
    const rate = { payout: 500, payout_percent: 25 };
    expect(payoutFor('cpa', rate, 1000)).toBe(500);
    expect(payoutFor('revshare', rate, 1000)).toBe(250);
    expect(payoutFor('mixed', rate, 1000)).toBe(750);
    expect(payoutFor('revshare', { payout: 0, payout_percent: 33.33 }, 1001)).toBe(334);
  });
});

describe('affiliateRate and resolveMoney', () => {
  it('uses the offer rates without overrides: the country rate, else the default', () => {
    expect(affiliateRate(registration, 'DE', [])).toEqual({ payout: 900, payout_percent: 0 });
    expect(affiliateRate(registration, 'US', [])).toEqual({ payout: 600, payout_percent: 0 });
    expect(affiliateRate(registration, null, [])).toEqual({ payout: 600, payout_percent: 0 });
    expect(resolveMoney(registration, 'DE', [])).toEqual({ revenue: 1500, payout: 900 });
    expect(resolveMoney(deposit, 'DE', [])).toEqual({ revenue: 20000, payout: 8000 });
    expect(resolveMoney(deposit, 'US', [])).toEqual({ revenue: 10000, payout: 3000 });
  });

  it('picks the most specific override: own country, own goal-wide, offer country, default', () => {
    const own = [over({ payout: 650 }), over({ geo: 'FR', payout: 800 }), over({ goal: 'ftd', payout: 9999 })];
    expect(affiliateRate(registration, 'FR', own).payout).toBe(800);
    expect(affiliateRate(registration, 'DE', own).payout).toBe(650);
    expect(affiliateRate(registration, 'US', own).payout).toBe(650);
    expect(affiliateRate(registration, 'DE', [over({ geo: 'FR', payout: 800 })]).payout).toBe(900);
    // Revenue never follows an override: it is what the advertiser pays.
    expect(resolveMoney(registration, 'FR', own)).toEqual({ revenue: 1200, payout: 800 });
    expect(resolveMoney(deposit, 'DE', [over({ goal: 'deposit', payout_percent: 50 })])).toEqual({
      revenue: 20000,
      payout: 10000,
    });
  });
});

describe('affiliateGoals and topPayout', () => {
  it("lists the affiliate's own rates per country, never revenue", () => {
    const goals = affiliateGoals([registration, deposit], [over({ geo: 'US', payout: 700 })]);
    expect(goals).toEqual([
      {
        goal: 'registration',
        payment_type: 'cpa',
        payout: 600,
        payout_percent: 0,
        geo_rates: [
          { geo: 'DE', payout: 900, payout_percent: 0 },
          { geo: 'FR', payout: 700, payout_percent: 0 },
          { geo: 'US', payout: 700, payout_percent: 0 },
        ],
      },
      {
        goal: 'deposit',
        payment_type: 'revshare',
        payout: 0,
        payout_percent: 30,
        geo_rates: [{ geo: 'DE', payout: 0, payout_percent: 40 }],
      },
    ]);
    expect(JSON.stringify(goals)).not.toContain('revenue');
  });

  it('finds the best fixed payout anywhere', () => {
    const goals = affiliateGoals([deposit, registration], []);
    expect(topPayout(goals)).toEqual({ amount: 900, goal: goals[1] });
    expect(topPayout([])).toEqual({ amount: 0, goal: null });
    const revshareOnly = affiliateGoals([deposit], []);
    expect(topPayout(revshareOnly)).toEqual({ amount: 0, goal: revshareOnly[0] });
  });
});

describe('negative: payout above revenue', () => {
  const parse = (goal: Record<string, unknown>, confirm = false) =>
    offerGoalsInputSchema.safeParse({ goals: [{ goal: 'ftd', ...goal }], confirm_payout_over_revenue: confirm });
  const messages = (r: ReturnType<typeof parse>) => (r.success ? [] : r.error.issues.map((i) => i.message));

  it('refuses CPA above revenue and RevShare above 100% unless confirmed', () => {
    expect(messages(parse({ revenue: 100, payout: 101 }))).toEqual([PAYOUT_OVER_REVENUE]);
    expect(parse({ revenue: 100, payout: 100 }).success).toBe(true);
    expect(messages(parse({ payment_type: 'revshare', revenue: 100, payout: 0, payout_percent: 100.01 }))).toEqual([
      PAYOUT_OVER_REVENUE,
    ]);
    expect(messages(parse({ payment_type: 'revshare', revenue: 0, payout: 0, payout_percent: 150 }))).toEqual([
      PAYOUT_OVER_REVENUE,
    ]);
    expect(parse({ payment_type: 'revshare', revenue: 0, payout: 0, payout_percent: 100 }).success).toBe(true);
    expect(messages(parse({ payment_type: 'mixed', revenue: 1000, payout: 600, payout_percent: 50 }))).toEqual([
      PAYOUT_OVER_REVENUE,
    ]);
    expect(parse({ revenue: 100, payout: 101 }, true).success).toBe(true);
    expect(parse({ payment_type: 'revshare', revenue: 0, payout: 0, payout_percent: 150 }, true).success).toBe(true);
  });
});

describe('URL macros', () => {
  it('accepts http(s) URLs with known macros only', () => {
    expect(isHttpUrl('https://adv.example/go?c={click_id}')).toBe(true);
    expect(isHttpUrl('http://{sub1}.example/')).toBe(true);
    for (const bad of ['ftp://adv.example', 'javascript:alert(1)', 'adv.example/go', 'https://', '//adv.example'])
      expect(isHttpUrl(bad), bad).toBe(false);
    expect(unknownMacros('https://a.example/?x={foo}&y={click_id}&z={foo}&w={}')).toEqual(['{foo}', '{}']);
    expect(unknownMacros('https://a.example/?c={click_id}&s={sub5}&g={geo}')).toEqual([]);
  });

  it('gives one message per problem, and an empty optional URL is none', () => {
    const issues = (v: string) => {
      const r = macroUrlSchema.safeParse(v);
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(issues(' https://a.example/?c={click_id} ')).toEqual([]);
    expect(macroUrlSchema.parse(' https://a.example/ ')).toBe('https://a.example/');
    expect(issues('ftp://a.example/{foo}')).toEqual(['Enter a full http:// or https:// address']);
    expect(issues('https://a.example/{foo}{Click_ID}')).toEqual(['Unknown macro: {foo}, {Click_ID}']);
    expect(issues(`https://a.example/${'x'.repeat(2000)}`)).toContain('At most 2000 characters');
    expect(optionalMacroUrlSchema.parse('')).toBeNull();
    expect(optionalMacroUrlSchema.parse(undefined)).toBeNull();
  });
});

describe('buildTrackingLink', () => {
  it('writes /click/{offer}?aff=&landing=&prelanding=&sub1..5 and drops empty parts', () => {
    expect(
      buildTrackingLink({
        origin: 'https://trk.example/',
        offerId: 1001,
        affiliateId: 'a1',
        landingId: 7,
        prelandingId: null,
        subs: { sub1: 'fb', sub2: '', sub5: 'a&b' },
      }),
    ).toBe('https://trk.example/click/1001?aff=a1&landing=7&sub1=fb&sub5=a%26b');
  });
});
