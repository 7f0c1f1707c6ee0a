import type { StoredPaymentMethod, StoredRevenue } from '../db/schema.ts';

// The demo network's partners: generated from fixed lists (no randomness), so every run describes the same people.

const FIRST = [
  'Liam',
  'Olivia',
  'Noah',
  'Emma',
  'Lucas',
  'Mia',
  'Mateo',
  'Sofia',
  'Elias',
  'Chloe',
  'Jonas',
  'Lea',
  'Ivan',
  'Anna',
  'Marco',
  'Nora',
  'Felix',
  'Zoe',
];
const LAST = [
  'Novak',
  'Berg',
  'Costa',
  'Fischer',
  'Horvat',
  'Kowalski',
  'Larsen',
  'Moreau',
  'Petrov',
  'Rossi',
  'Silva',
  'Weber',
];
const DOMAINS = [
  'trafficpro.example',
  'leadhive.example',
  'clickforge.example',
  'adsmith.example',
  'mediabuy.example',
  'arbitro.example',
];
const GEO_SETS = [
  ['DE', 'AT', 'CH'],
  ['GB', 'IE'],
  ['PL', 'CZ', 'SK'],
  ['ES', 'PT'],
  ['IT'],
  ['FR', 'BE'],
  ['UA'],
  ['CA', 'AU'],
  ['NL', 'SE', 'NO'],
];
const TAGS = ['seo', 'ppc', 'push', 'social', 'email', 'vip', 'crypto', 'nutra', 'gambling', 'new'];
const HEARD = ['Affiliate conference', 'Telegram chat', 'Google search', 'Referred by a partner', 'Forum thread', ''];
const NOTES = [
  '',
  'Strong on mobile traffic',
  'Asked for weekly payouts',
  'Test budget first',
  'Owns a network of review sites',
  '',
];

/** Most affiliates are active; the rest show every status a list filter can pick. */
const STATUS_CYCLE = [
  'active',
  'active',
  'active',
  'on_moderation',
  'active',
  'not_active',
  'active',
  'banned',
  'active',
  'active',
  'on_moderation',
  'active',
];
const DAY = 24 * 60 * 60 * 1000;

export type DemoAffiliate = {
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  status: string;
  manager: string;
  geos: string[];
  tags: string[];
  notes: string;
  website: string;
  heardFrom: string;
  contacts: Record<string, string>;
  paymentMethods: StoredPaymentMethod[];
  minPayoutAmount: number;
  minPayoutCurrency: string;
  holdDays: number;
  createdAt: Date;
  /** `first` = the first generated affiliate, `demo` = the demo affiliate (its referral screen has people to show). */
  referrer?: 'first' | 'demo';
};

const paymentMethodsOf = (i: number, handle: string): StoredPaymentMethod[] => {
  const all: StoredPaymentMethod[] = [
    {
      system: 'usdt_trc20',
      details: `T${handle
        .toUpperCase()
        .replace(/[^A-Z]/g, '')
        .padEnd(12, 'X')}9kQ2`,
      priority: 1,
    },
    { system: 'wire', details: `DE89 3704 0044 0532 01${String(i).padStart(2, '0')} 00`, priority: 2 },
    { system: 'paypal', details: `${handle}@paypal.example`, priority: 3 },
  ];
  return all.slice(0, 1 + (i % 3));
};

/**
 * ~36 affiliates over the two managers and the team lead (`manager` keys of demo.ts), registered over the last
 * six months. The first one and the demo affiliate refer a few later ones, so the referral field and the demo
 * affiliate's referral screen show something.
 */
export const demoAffiliates = (now = Date.now(), count = 36): DemoAffiliate[] =>
  Array.from({ length: count }, (_, i) => {
    const firstName = FIRST[i % FIRST.length];
    const lastName = LAST[(i * 5) % LAST.length];
    const handle = `${firstName}.${lastName}${i >= FIRST.length ? i : ''}`.toLowerCase();
    const domain = DOMAINS[i % DOMAINS.length];
    const status = i === 17 ? 'deleted' : STATUS_CYCLE[i % STATUS_CYCLE.length];
    return {
      email: `${handle}@${domain}`,
      username: handle.replace('.', '_'),
      firstName,
      lastName,
      status,
      manager: i % 5 === 0 ? 'teamlead' : i % 2 ? 'manager2' : 'manager',
      geos: GEO_SETS[i % GEO_SETS.length],
      tags: [TAGS[i % TAGS.length], ...(i % 4 === 0 ? [TAGS[(i + 3) % TAGS.length]] : [])],
      notes: NOTES[i % NOTES.length],
      website: `https://${domain.replace('.example', '')}-${i}.example`,
      heardFrom: HEARD[i % HEARD.length],
      contacts: {
        telegram: `@${handle.replace('.', '_')}`,
        ...(i % 3 === 0 && { skype: `live:${handle}` }),
        ...(i % 4 === 1 && { email: `ops@${domain}` }),
      },
      paymentMethods: paymentMethodsOf(i, handle),
      minPayoutAmount: [5000, 10000, 20000][i % 3],
      minPayoutCurrency: i % 4 === 2 ? 'EUR' : 'USD',
      holdDays: [7, 14, 30][i % 3],
      createdAt: new Date(now - (180 - i * 5) * DAY - (i % 7) * 3_600_000),
      ...(i > 0 && i % 9 === 0 && { referrer: 'first' as const }),
      ...(i % 9 === 4 && { referrer: 'demo' as const }),
    };
  });

export type DemoProduct = {
  name: string;
  integrationType: 'json' | 'form' | 'sandbox';
  paymentType: string;
  revenue: StoredRevenue[];
  geos: string[];
  status: string;
};
export type DemoAdvertiser = {
  email: string;
  company: string;
  firstName: string;
  lastName: string;
  status: string;
  manager: string;
  notes: string;
  contacts: Record<string, string>;
  createdAt: Date;
  products: DemoProduct[];
};

const COMPANIES: [string, string, string][] = [
  ['Lucky Star Media', 'Casino', 'lucky-star'],
  ['Nordic Bet Partners', 'Sportsbook', 'nordicbet'],
  ['FXPrime Brokers', 'Forex', 'fxprime'],
  ['CryptoNest', 'Crypto', 'cryptonest'],
  ['SlimFit Nutra', 'Nutra', 'slimfit'],
  ['Aurum Trade', 'Forex', 'aurum'],
  ['Royal Spin Group', 'Casino', 'royalspin'],
  ['BetVista', 'Sportsbook', 'betvista'],
  ['Quantum Leads', 'Crypto', 'quantum'],
  ['TradeWave Capital', 'Forex', 'tradewave'],
  ['GoldRush Casino', 'Casino', 'goldrush'],
  ['HealthPeak', 'Nutra', 'healthpeak'],
];
const REGIONS: [string, string[], string][] = [
  ['EU', ['DE', 'AT', 'NL'], 'EUR'],
  ['UK', ['GB', 'IE'], 'USD'],
  ['CA', ['CA'], 'USD'],
  ['PL', ['PL'], 'EUR'],
];
const CONTACTS = ['Greta', 'Owen', 'Ines', 'Pavel', 'Ruth', 'Tomas'];

const productsOf = (i: number, vertical: string): DemoProduct[] =>
  Array.from({ length: 1 + (i % 3) }, (_, k) => {
    const [region, geos, currency] = REGIONS[(i + k) % REGIONS.length];
    const integrationType = (['json', 'form', 'sandbox'] as const)[(i + k) % 3];
    const label = integrationType === 'json' ? 'JSON' : integrationType === 'form' ? 'Form' : 'Sandbox';
    return {
      name: `${vertical} ${region} — ${label}`,
      integrationType,
      paymentType: k === 2 ? 'revshare' : 'cpa',
      revenue: geos.map((geo, g) => ({ geo, amount: 30000 + ((i * 7 + g * 3) % 10) * 2500, currency })),
      geos,
      status: k === 1 && i % 2 ? 'not_active' : 'active',
    };
  });

/** 12 advertisers over the two managers, each with 1–3 products (revenue per geo in minor units). */
export const demoAdvertisers = (now = Date.now()): DemoAdvertiser[] =>
  COMPANIES.map(([company, vertical, slug], i) => ({
    email: `partners@${slug}.example`,
    company,
    firstName: CONTACTS[i % CONTACTS.length],
    lastName: company.split(' ')[0],
    status: i === 5 ? 'not_active' : 'active',
    manager: i % 2 ? 'manager2' : 'manager',
    notes: i % 3 === 0 ? 'Weekly invoicing, net 15' : '',
    contacts: {
      email: `am@${slug}.example`,
      ...(i % 2 === 0 && { telegram: `@${slug}_am` }),
      ...(i % 3 === 1 && { skype: `live:${slug}` }),
    },
    createdAt: new Date(now - (170 - i * 12) * DAY),
    products: productsOf(i, vertical),
  }));
