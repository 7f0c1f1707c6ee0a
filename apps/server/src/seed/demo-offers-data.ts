import type { StoredGoal } from '../db/schema.ts';

// The demo network's catalogue: fixed lists, so every run describes the same offers and landings.

export type DemoLanding = { name: string; type: 'landing' | 'prelanding'; url: string; previewUrl: string | null; languages: string[]; privacy: string; status: string; tags: string[] };

const LP = (name: string, slug: string, languages: string[], extra: Partial<DemoLanding> = {}): DemoLanding => ({
  name, type: 'landing', url: `https://lp.${slug}.example/?click_id={click_id}&aff={affiliate_id}&s1={sub1}`,
  previewUrl: `https://lp.${slug}.example/preview`, languages, privacy: 'public', status: 'active', tags: [], ...extra,
});
const PL = (name: string, slug: string, languages: string[], extra: Partial<DemoLanding> = {}): DemoLanding => ({
  ...LP(name, slug, languages, extra), type: 'prelanding', url: `https://blog.${slug}.example/story?click_id={click_id}`,
});

export const DEMO_LANDINGS: DemoLanding[] = [
  LP('Casino welcome bonus — EN', 'spinwin', ['en'], { tags: ['casino', 'bonus'] }),
  LP('Casino welcome bonus — DE', 'spinwin-de', ['de'], { tags: ['casino'] }),
  LP('Sportsbook free bet', 'freebet', ['en', 'pl'], { tags: ['betting'] }),
  LP('Crypto app signup', 'coinapp', ['en', 'es', 'pt'], { tags: ['crypto'] }),
  LP('Forex demo account', 'fxdemo', ['en', 'it'], { tags: ['forex'] }),
  LP('Keto gummies order form', 'ketoform', ['en', 'fr'], { tags: ['nutra'] }),
  LP('Dating quiz', 'lovequiz', ['en'], { tags: ['dating'], privacy: 'private' }),
  LP('Casino VIP lounge (new design)', 'spinwin-vip', ['en'], { status: 'moderation', tags: ['casino', 'test'] }),
  LP('Old black-friday page', 'bf2025', ['en'], { status: 'stopped' }),
  PL('Celebrity story — crypto', 'newsdaily', ['en']),
  PL('Doctor review — nutra', 'healthblog', ['en', 'fr']),
  PL('Big win story — casino', 'winners', ['en', 'de'], { status: 'moderation' }),
];

const goal = (g: string, revenue: number, payout: number, rates: [string, number, number][] = [], extra: Partial<StoredGoal> = {}): StoredGoal => ({
  goal: g, payment_type: 'cpa', revenue, payout, payout_percent: 0,
  geo_rates: rates.map(([geo, r, p]) => ({ geo, revenue: r, payout: p, payout_percent: 0 })), ...extra,
});

export type DemoOffer = {
  title: string; type: 'direct_link' | 'api'; status: string; vertical: string; privacy: string; currency: string; geos: string[];
  traffic: string[]; advertiser?: string; goals: StoredGoal[]; holdDays: number; landings: string[]; description: string;
  caps?: { metric: string; period: string; limit: number; geo?: string }[]; notes?: string; devices?: string[];
  /** Affiliate keys (`affiliate` = the demo affiliate, `aff:N` = the Nth generated one). */
  trusted?: string[]; requests?: string[]; products?: number;
};

const text = (what: string) => `${what}\n\nAllowed: the traffic sources listed. No brand bidding, no incentivised traffic, no adult sites. Creatives on request from your manager.`;

export const DEMO_OFFERS: DemoOffer[] = [
  { title: 'SpinWin Casino — DE/AT', type: 'direct_link', status: 'active', vertical: 'gambling', privacy: 'public', currency: 'EUR', geos: ['DE', 'AT'],
    traffic: ['facebook', 'google', 'push'], advertiser: 'Lucky Star Media', holdDays: 14, landings: ['Casino welcome bonus — DE', 'Big win story — casino'],
    goals: [goal('registration', 500, 300), goal('ftd', 25000, 18000, [['AT', 22000, 16000]])], caps: [{ metric: 'conversions', period: 'day', limit: 50 }],
    description: text('Top-rated online casino with a 100% welcome bonus up to €500.'), notes: 'Advertiser pays net 15. Ask Greta before raising payouts.' },
  { title: 'SpinWin Casino — UK', type: 'direct_link', status: 'active', vertical: 'gambling', privacy: 'premoderation', currency: 'USD', geos: ['GB', 'IE'],
    traffic: ['google', 'seo', 'email'], advertiser: 'Lucky Star Media', holdDays: 30, landings: ['Casino welcome bonus — EN'],
    goals: [goal('ftd', 30000, 22000)], caps: [{ metric: 'conversions', period: 'week', limit: 200 }, { metric: 'clicks', period: 'day', limit: 20000, geo: 'GB' }],
    description: text('UKGC-licensed casino. Strict compliance: no bonus-abuse traffic.'), requests: ['aff:2'] },
  { title: 'Nordic Bet — free bet', type: 'direct_link', status: 'active', vertical: 'betting', privacy: 'public', currency: 'EUR', geos: ['SE', 'NO', 'FI'],
    traffic: ['facebook', 'native', 'seo'], advertiser: 'Nordic Bet Partners', holdDays: 7, landings: ['Sportsbook free bet'],
    goals: [goal('registration', 800, 500), goal('ftd', 15000, 11000)], description: text('Bet €10, get a €30 free bet. Sportsbook with live odds.') },
  { title: 'BetVista — Champions week', type: 'direct_link', status: 'active', vertical: 'betting', privacy: 'premoderation', currency: 'EUR', geos: ['PL', 'CZ'],
    traffic: ['push', 'pop', 'native'], advertiser: 'BetVista', holdDays: 14, landings: ['Sportsbook free bet'],
    goals: [goal('ftd', 12000, 9000, [['CZ', 10000, 7500]])], description: text('Seasonal promo for the Champions week.') },
  { title: 'FXPrime — demo to live', type: 'direct_link', status: 'active', vertical: 'forex', privacy: 'public', currency: 'USD', geos: ['IT', 'ES', 'PT'],
    traffic: ['google', 'context', 'email'], advertiser: 'FXPrime Brokers', holdDays: 30, landings: ['Forex demo account'],
    goals: [goal('lead', 1500, 1000), goal('ftd', 60000, 45000, [['IT', 70000, 52000]])], caps: [{ metric: 'conversions', period: 'month', limit: 300 }],
    description: text('Regulated forex broker. Leads must be 25+.') },
  { title: 'CoinApp — crypto wallet', type: 'direct_link', status: 'active', vertical: 'crypto', privacy: 'public', currency: 'USD', geos: [],
    traffic: ['facebook', 'tiktok', 'in-app'], advertiser: 'CryptoNest', holdDays: 7, landings: ['Crypto app signup', 'Celebrity story — crypto'],
    goals: [goal('install', 300, 200), goal('deposit', 8000, 0, [], { payment_type: 'revshare', payout_percent: 40 })],
    description: text('Mobile crypto wallet. Worldwide, mobile traffic only.'), devices: ['mobile', 'tablet'] },
  { title: 'SlimFit Keto — COD', type: 'direct_link', status: 'active', vertical: 'nutra', privacy: 'public', currency: 'EUR', geos: ['FR', 'BE'],
    traffic: ['facebook', 'native', 'push'], advertiser: 'SlimFit Nutra', holdDays: 14, landings: ['Keto gummies order form', 'Doctor review — nutra'],
    goals: [goal('sale', 4500, 3200)], caps: [{ metric: 'conversions', period: 'day', limit: 120 }], description: text('Cash-on-delivery keto gummies, approved orders only.') },
  { title: 'HealthPeak joints — trial', type: 'direct_link', status: 'not_active', vertical: 'nutra', privacy: 'public', currency: 'EUR', geos: ['DE'],
    traffic: ['native'], advertiser: 'HealthPeak', holdDays: 14, landings: ['Keto gummies order form'], goals: [goal('sale', 3800, 2600)],
    description: text('New trial offer; waiting for the advertiser\'s test.') },
  { title: 'Royal Spin — VIP high rollers', type: 'direct_link', status: 'active', vertical: 'gambling', privacy: 'private', currency: 'USD', geos: ['CA', 'AU'],
    traffic: ['email', 'seo'], advertiser: 'Royal Spin Group', holdDays: 30, landings: ['Casino welcome bonus — EN'],
    goals: [goal('ftd', 50000, 38000)], trusted: ['affiliate', 'aff:4'], description: text('Private deal for trusted partners with proven VIP traffic.') },
  { title: 'LoveQuiz dating — SOI', type: 'direct_link', status: 'active', vertical: 'dating', privacy: 'private', currency: 'USD', geos: ['GB', 'CA', 'AU'],
    traffic: ['pop', 'push'], advertiser: 'Quantum Leads', holdDays: 7, landings: ['Dating quiz'], goals: [goal('registration', 250, 180)],
    trusted: ['aff:6'], description: text('Single opt-in dating registrations.') },
  { title: 'GoldRush — spring promo', type: 'direct_link', status: 'stopped', vertical: 'gambling', privacy: 'public', currency: 'USD', geos: ['CA'],
    traffic: ['google'], advertiser: 'GoldRush Casino', holdDays: 14, landings: ['Old black-friday page'], goals: [goal('ftd', 20000, 15000)],
    description: text('Ended seasonal promo.') },
  { title: 'Aurum Trade — gold CFD', type: 'direct_link', status: 'active', vertical: 'forex', privacy: 'public', currency: 'USD', geos: ['GB', 'DE', 'NL'],
    traffic: ['google', 'email'], advertiser: 'advertiser', holdDays: 30, landings: ['Forex demo account'],
    goals: [goal('lead', 2000, 1300), goal('ftd', 55000, 40000, [['GB', 60000, 44000]])], description: text('Gold CFD trading platform.') },
  { title: 'FXPrime — sweepstakes funnel', type: 'direct_link', status: 'active', vertical: 'sweepstakes', privacy: 'public', currency: 'USD', geos: ['ES'],
    traffic: ['pop'], advertiser: 'advertiser', holdDays: 7, landings: ['Forex demo account'], goals: [goal('lead', 600, 450)],
    description: text('Sweepstakes-style lead funnel.') },
  { title: 'Crypto leads EU — API', type: 'api', status: 'active', vertical: 'crypto', privacy: 'public', currency: 'EUR', geos: ['DE', 'AT', 'NL', 'PL'],
    traffic: ['facebook', 'google'], holdDays: 14, landings: ['Crypto app signup', 'Celebrity story — crypto'], products: 3,
    goals: [goal('ftd', 90000, 70000, [['PL', 70000, 52000]])], caps: [{ metric: 'leads', period: 'day', limit: 500 }],
    description: text('Registrations sent through the lead API; FTD paid on the broker\'s report.') },
  { title: 'Forex leads UK — API', type: 'api', status: 'active', vertical: 'forex', privacy: 'premoderation', currency: 'USD', geos: ['GB', 'IE'],
    traffic: ['google', 'email'], holdDays: 30, landings: ['Forex demo account'], products: 2, goals: [goal('ftd', 110000, 85000)],
    description: text('High-intent forex leads, English speakers only.') },
  { title: 'Casino leads CA — API', type: 'api', status: 'active', vertical: 'gambling', privacy: 'public', currency: 'USD', geos: ['CA'],
    traffic: ['facebook', 'push'], holdDays: 14, landings: ['Casino welcome bonus — EN'], products: 2, goals: [goal('registration', 400, 250), goal('ftd', 40000, 30000)],
    description: text('Casino registrations for Canadian brokers.') },
  { title: 'Finance loans PL — API', type: 'api', status: 'active', vertical: 'finance', privacy: 'private', currency: 'EUR', geos: ['PL'],
    traffic: ['context', 'email'], holdDays: 7, landings: ['Forex demo account'], products: 1, goals: [goal('lead', 3000, 2200)], trusted: ['affiliate'],
    description: text('Personal loan applications; private deal.') },
  { title: 'Crypto leads LATAM — API', type: 'api', status: 'not_active', vertical: 'crypto', privacy: 'public', currency: 'USD', geos: ['BR', 'MX', 'AR'],
    traffic: ['facebook'], holdDays: 14, landings: ['Crypto app signup'], products: 0, goals: [goal('ftd', 60000, 45000)],
    description: text('Waiting for LATAM buyers to be integrated.') },
  { title: 'Nutra leads FR — API', type: 'api', status: 'active', vertical: 'nutra', privacy: 'premoderation', currency: 'EUR', geos: ['FR'],
    traffic: ['native'], holdDays: 14, landings: ['Keto gummies order form', 'Doctor review — nutra'], products: 1, goals: [goal('sale', 5000, 3500)],
    description: text('Call-centre confirmed nutra orders.') },
  { title: 'E-shop cashback', type: 'direct_link', status: 'active', vertical: 'e-commerce', privacy: 'public', currency: 'UAH', geos: ['UA'],
    traffic: ['seo', 'email', 'in-app'], advertiser: 'Quantum Leads', holdDays: 7, landings: [], goals: [goal('sale', 12000, 8000)],
    description: text('Cashback on the first order in the partner e-shop.') },
];
