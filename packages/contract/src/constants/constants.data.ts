import type { MANAGER_ROLE_VALUES, MANAGER_TYPE_VALUES } from '../access/roles.ts';

// Fixed reference lists served by GET /api/constant/v1/all. Arrays give value = label;
// maps give value = key, label = value (docs/product/screens-and-lists.md "Reference constants").

export const CURRENCIES = ['EUR', 'UAH', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const DEVICES = ['desktop', 'mobile', 'tablet'] as const;
export type Device = (typeof DEVICES)[number];

export const OSS = ['android', 'ios', 'huawei', 'mac-os', 'windows', 'other-os'] as const;
export type Os = (typeof OSS)[number];

export const BROWSERS = [
  'chrome',
  'safari',
  'firefox',
  'edge',
  'opera',
  'samsung',
  'yandex',
  'uc-browser',
  'other-browser',
] as const;
export type Browser = (typeof BROWSERS)[number];

export const VERTICALS = {
  gambling: 'Gambling',
  betting: 'Betting',
  crypto: 'Crypto',
  forex: 'Forex',
  nutra: 'Nutra',
  dating: 'Dating',
  finance: 'Finance',
  'e-commerce': 'E-commerce',
  sweepstakes: 'Sweepstakes',
  other: 'Other',
} as const;

export const GOALS = {
  registration: 'Registration',
  ftd: 'FTD',
  deposit: 'Deposit',
  lead: 'Lead',
  sale: 'Sale',
  install: 'Install',
  other: 'Other',
} as const;

export const TRAFFIC_SOURCES = {
  facebook: 'Facebook',
  google: 'Google',
  tiktok: 'TikTok',
  push: 'Push',
  native: 'Native',
  seo: 'SEO',
  email: 'Email',
  sms: 'SMS',
  'in-app': 'In-app',
  pop: 'Pop',
  context: 'Context',
  other: 'Other',
} as const;

export const INTEGRATION_TYPES = {
  json: 'JSON HTTP template',
  form: 'Form-encoded template',
  sandbox: 'Sandbox buyer',
} as const;

export const PAID_STATUSES = {
  waiting: 'Waiting',
  partly_paid: 'Partly paid',
  approved: 'Approved',
  declined: 'Declined',
} as const;

export const PAYMENT_SYSTEMS = {
  usdt_trc20: 'USDT (TRC20)',
  usdt_erc20: 'USDT (ERC20)',
  btc: 'Bitcoin',
  wire: 'Bank wire',
  paypal: 'PayPal',
  capitalist: 'Capitalist',
  webmoney: 'WebMoney',
} as const;

// docs/product/roles-and-scoping.md: manager_roles and manager_types describe kinds of staff below admin;
// the values are those of access/roles.ts, these are their labels.
export const MANAGER_ROLE_LABELS = {
  head: 'Head',
  team_lead: 'Team lead',
  manager: 'Manager',
} as const satisfies Record<(typeof MANAGER_ROLE_VALUES)[number], string>;

export const MANAGER_TYPE_LABELS = {
  affiliate: 'Affiliate',
  advertiser: 'Advertiser',
  support: 'Support',
  finance: 'Finance',
  head: 'Head',
} as const satisfies Record<(typeof MANAGER_TYPE_VALUES)[number], string>;

export const GENDERS = { male: 'Male', female: 'Female', other: 'Other' } as const;

export const LEAD_HISTORY_STATUSES = {
  new: 'New',
  no_answer: 'No answer',
  call_back: 'Call back',
  not_interested: 'Not interested',
  wrong_number: 'Wrong number',
  interested: 'Interested',
  ftd: 'FTD',
  invalid: 'Invalid',
  duplicate: 'Duplicate',
} as const;

export const PAGE_ACCESS = {
  dashboard: 'Dashboard',
  roles: 'Roles',
  offers: 'Offers',
  landings: 'Landings',
  billing: 'Billing',
  cold_api: 'Cold API',
  statistic: 'Statistic',
  tickets: 'Tickets',
  news: 'News',
  settings: 'Settings',
} as const;

// Placeholders accepted in tracking and postback URLs.
export const MACROS = [
  '{click_id}',
  '{offer_id}',
  '{affiliate_id}',
  '{landing_id}',
  '{sub1}',
  '{sub2}',
  '{sub3}',
  '{sub4}',
  '{sub5}',
  '{geo}',
  '{ip}',
  '{conversion_id}',
  '{goal}',
  '{status}',
  '{payout}',
  '{currency}',
  '{lead_id}',
] as const;

export const TIME_PERIODS = {
  today: 'Today',
  yesterday: 'Yesterday',
  last_7_days: 'Last 7 days',
  this_month: 'This month',
  last_month: 'Last month',
  last_30_days: 'Last 30 days',
  custom: 'Custom',
} as const;
