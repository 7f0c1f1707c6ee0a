import { OFFER_EDITORS, type Role } from '../access/roles.ts';
import { CHANNEL_ROLES } from '../notifications/notifications.schemas.ts';
import { RECON_ROLES } from '../reconciliation/reconciliation.schemas.ts';

/** Header sections of docs/product/routes.md (marksel is left out, as it decides). */
export type SectionKey =
  | 'dashboard'
  | 'roles'
  | 'billing'
  | 'landings'
  | 'offers'
  | 'payments'
  | 'tickets'
  | 'statistic'
  | 'cold-api'
  | 'settings'
  | 'test'
  | 'auth'
  | 'public';

export type RouteAccess = readonly Role[] | 'guest';

/**
 * One path of docs/product/routes.md. `path` uses `:name` parameters (the product docs write {uuid} and :id).
 * `redirect` makes the path open on a default child (docs/product/routes.md), per role where they differ.
 */
export type RouteEntry = {
  path: string;
  title: string;
  section: SectionKey;
  roles: RouteAccess;
  redirect?: string | Partial<Record<Role, string>>;
};

const ADMIN_HEAD = ['admin', 'head'] as const satisfies readonly Role[];
const STAFF = ['admin', 'head', 'manager', 'team_lead'] as const satisfies readonly Role[];
const ROLE_MANAGERS = STAFF;
const MANAGER_ADMIN = ['admin', 'head', 'team_lead'] as const satisfies readonly Role[];
const COLD_API = ['admin', 'head', 'team_lead'] as const satisfies readonly Role[];
const EVERYONE = [
  'admin',
  'head',
  'manager',
  'team_lead',
  'affiliate',
  'advertiser',
] as const satisfies readonly Role[];
const STAT_TABS = EVERYONE;
const AFFILIATE = ['affiliate'] as const satisfies readonly Role[];
const PARTNERS = ['affiliate', 'advertiser'] as const satisfies readonly Role[];

const r = (
  path: string,
  title: string,
  section: SectionKey,
  roles: RouteAccess,
  redirect?: RouteEntry['redirect'],
): RouteEntry => (redirect === undefined ? { path, title, section, roles } : { path, title, section, roles, redirect });

const crud = (base: string, title: string, section: SectionKey, roles: RouteAccess): RouteEntry[] => [
  r(base, title, section, roles),
  r(`${base}/create`, title, section, roles),
  r(`${base}/edit/:uuid`, title, section, roles),
];

const leadListTabs = (base: string): RouteEntry[] => [
  r(base, 'Lead-List', 'cold-api', COLD_API, `${base}/user-session`),
  r(`${base}/user-session`, 'Lead-List', 'cold-api', COLD_API),
  r(`${base}/conversion`, 'Lead-List', 'cold-api', COLD_API),
];

export const routeTable: readonly RouteEntry[] = [
  r('/ohma', 'Test page', 'test', ADMIN_HEAD),

  r('/login', 'Sign in', 'auth', 'guest'),
  r('/signup', 'Sign up', 'auth', 'guest'),
  r('/password-recovery', 'Password recovery', 'auth', 'guest'),
  r('/user-privacy-policy', 'Privacy Policy', 'public', 'guest'),
  r('/user-agreement', 'User Agreement', 'public', 'guest'),
  r('/user-terms-and-conditions', 'Terms and Conditions', 'public', 'guest'),

  r('/dashboard', 'Dashboard', 'dashboard', EVERYONE),
  r('/dashboard/news', 'News', 'dashboard', PARTNERS),

  r('/roles', 'Affiliates', 'roles', ROLE_MANAGERS, '/roles/affiliates'),
  ...crud('/roles/affiliates', 'Affiliates', 'roles', ROLE_MANAGERS),
  ...crud('/roles/advertisers', 'Advertisers', 'roles', ROLE_MANAGERS),
  ...crud('/roles/managers', 'Managers', 'roles', MANAGER_ADMIN),

  r('/billing', 'Billing', 'billing', ADMIN_HEAD),
  r('/billing/invoice-create', 'Billing', 'billing', ADMIN_HEAD),
  r('/billing/invoice-edit/:uuid', 'Billing', 'billing', ADMIN_HEAD),
  r('/billing/invoice-delete/:uuid', 'Billing', 'billing', ADMIN_HEAD),
  r('/billing/invoice-detail/:uuid', 'Billing', 'billing', ADMIN_HEAD),
  // A manager reconciles the advertisers they manage, though the rest of billing is not theirs.
  r('/billing/reconciliation', 'Reconciliation', 'billing', RECON_ROLES),
  r('/billing/reconciliation/:uuid', 'Reconciliation', 'billing', RECON_ROLES),

  ...crud('/landings', 'Landings', 'landings', ADMIN_HEAD),

  // Staff and the advertiser (read only, docs/product/routes.md) see the index; the affiliate opens on /offers/all.
  r('/offers', 'Offers', 'offers', [...OFFER_EDITORS, 'affiliate', 'advertiser'], { affiliate: '/offers/all' }),
  r('/offers/create-direct-link', 'Direct Link', 'offers', OFFER_EDITORS),
  r('/offers/edit-direct-link/:uuid', 'Direct Link', 'offers', OFFER_EDITORS),
  r('/offers/detail-direct-link/:uuid', 'Direct Link', 'offers', [...OFFER_EDITORS, 'advertiser']),
  r('/offers/create-api', 'Api', 'offers', OFFER_EDITORS),
  r('/offers/edit-api/:uuid', 'Api', 'offers', OFFER_EDITORS),
  r('/offers/detail-api/:uuid', 'Api', 'offers', [...OFFER_EDITORS, 'advertiser']),
  r('/offers/all', 'Offers', 'offers', AFFILIATE),
  r('/offers/live', 'Offers', 'offers', AFFILIATE),
  r('/offers/available', 'Offers', 'offers', AFFILIATE),
  r('/offers/direct-link/detail/:id', 'Direct Link', 'offers', AFFILIATE),
  r('/offers/api/detail/:id', 'Api', 'offers', AFFILIATE),

  r('/payments', 'Payments', 'payments', AFFILIATE),
  r('/tickets', 'Tickets', 'tickets', [...OFFER_EDITORS, 'affiliate', 'advertiser']),
  r('/tickets/create', 'Tickets', 'tickets', PARTNERS),
  r('/tickets/:uuid', 'Tickets', 'tickets', [...OFFER_EDITORS, 'affiliate', 'advertiser']),

  r('/statistic', 'Statistics', 'statistic', STAT_TABS, '/statistic/direct-link/general'),
  r('/statistic/postbacks', 'Postbacks', 'statistic', STAFF),
  r('/statistic/direct-link', 'Statistics', 'statistic', STAT_TABS, '/statistic/direct-link/general'),
  r('/statistic/direct-link/general', 'Statistics', 'statistic', STAT_TABS),
  r('/statistic/direct-link/clicks', 'Clicks', 'statistic', STAT_TABS),
  r('/statistic/direct-link/conversion', 'Conversions', 'statistic', STAT_TABS),
  r('/statistic/direct-link/conversion/detail/:uuid', 'Conversion', 'statistic', STAFF),
  r('/statistic/api', 'Statistics', 'statistic', STAT_TABS, '/statistic/api/general'),
  r('/statistic/api/general', 'Statistics', 'statistic', STAT_TABS),
  r('/statistic/api/clicks', 'Clicks', 'statistic', STAT_TABS),
  r('/statistic/api/user-session', 'User Sessions', 'statistic', STAT_TABS),
  r('/statistic/api/conversion', 'Conversions', 'statistic', STAT_TABS),
  r('/statistic/api/conversion/detail/:uuid', 'Conversion', 'statistic', STAFF),

  r('/cold-api', 'Re-Cold API', 'cold-api', COLD_API, '/cold-api/re-cold-api'),
  r('/cold-api/re-cold-api', 'Re-Cold API', 'cold-api', COLD_API),
  r('/cold-api/re-cold-api/list/:uuid', 'Re-Cold API', 'cold-api', COLD_API),
  r('/cold-api/rules', 'Rules', 'cold-api', COLD_API),
  r('/cold-api/lead-list', 'Lead-List', 'cold-api', COLD_API),
  ...leadListTabs('/cold-api/lead-list/add/:uuid'),
  ...leadListTabs('/cold-api/lead-list/details/:uuid'),

  r('/settings', 'Settings', 'settings', EVERYONE, {
    admin: '/settings/general',
    head: '/settings/general',
    manager: '/settings/personal',
    team_lead: '/settings/personal',
    affiliate: '/settings/profile',
    advertiser: '/settings/profile',
  }),
  r('/settings/general', 'General Settings', 'settings', ADMIN_HEAD),
  r('/settings/domains', 'Domains', 'settings', ADMIN_HEAD),
  r('/settings/smtp', 'SMTP', 'settings', ADMIN_HEAD),
  r('/settings/trafficback', 'Trafficback', 'settings', ADMIN_HEAD),
  r('/settings/affiliates', 'Affiliate Settings', 'settings', ADMIN_HEAD),
  r('/settings/registration', 'Registration', 'settings', ADMIN_HEAD),
  r('/settings/system', 'System', 'settings', ADMIN_HEAD),
  r('/settings/fraud', 'Fraud', 'settings', ADMIN_HEAD),
  r('/settings/automation', 'Automation', 'settings', ADMIN_HEAD),
  // Every role that keeps alert channels: the network's (admin, head) or one's own (manager, affiliate).
  r('/settings/notifications', 'Notifications', 'settings', CHANNEL_ROLES),
  ...crud('/settings/news', 'News', 'settings', ADMIN_HEAD),
  r('/settings/test-api', 'Test API', 'settings', ADMIN_HEAD, '/settings/test-api/integrations'),
  r('/settings/test-api/integrations', 'Test API', 'settings', ADMIN_HEAD),
  r('/settings/test-api/offer', 'Test API', 'settings', ADMIN_HEAD),
  r('/settings/test-api/direct-link', 'Test API', 'settings', ADMIN_HEAD),
  r('/settings/personal', 'Personal Settings', 'settings', STAFF),
  r('/settings/personal/logs', 'Activity Log', 'settings', STAFF),
  r('/settings/profile', 'Profile', 'settings', PARTNERS),
  r('/settings/payments', 'Payment Details', 'settings', AFFILIATE),
  r('/settings/postback', 'Postback', 'settings', AFFILIATE),
  r('/settings/referrals', 'Referrals', 'settings', AFFILIATE),
  r('/settings/security', 'Security', 'settings', PARTNERS),
];
