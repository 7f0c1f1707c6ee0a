import type { Role } from '../access/roles.ts';
import { buildPath } from './build-path.ts';
import { matchPath } from './match-path.ts';
import { canVisit } from './route-rules.ts';

export type NavItem = { key: string; label: string; path: string };

/**
 * Header sections mapped as docs/product/routes.md decides: distribution → Cold API,
 * messages → Tickets, payment → Billing (staff) / Payments (affiliate), products → Roles › Advertisers.
 * marksel leads nowhere known and is omitted. Items the role cannot visit are dropped.
 */
const SECTIONS: readonly NavItem[] = [
  { key: 'dashboard', label: 'Dashboard', path: '/dashboard' },
  { key: 'roles', label: 'Roles', path: '/roles' },
  { key: 'products', label: 'Products', path: '/roles/advertisers' },
  { key: 'offers', label: 'Offers', path: '/offers' },
  { key: 'landings', label: 'Landings', path: '/landings' },
  { key: 'statistic', label: 'Statistics', path: '/statistic' },
  { key: 'distribution', label: 'Cold API', path: '/cold-api' },
  { key: 'payment', label: 'Billing', path: '/billing' },
  { key: 'payment', label: 'Reconciliation', path: '/billing/reconciliation' },
  { key: 'payment', label: 'Payments', path: '/payments' },
  { key: 'messages', label: 'Tickets', path: '/tickets' },
  { key: 'settings', label: 'Settings', path: '/settings' },
];

export function navSections(role: Role): NavItem[] {
  const shown = SECTIONS.filter((item) => canVisit(role, item.path));
  // One item per section: a manager, who cannot open /billing, gets its reconciliation entry instead.
  return shown.filter((item, i) => shown.findIndex((other) => other.key === item.key) === i);
}

/** The one header item to highlight: the longest item path containing the current path. */
export function activeSection(items: readonly NavItem[], pathname: string): NavItem | null {
  let best: NavItem | null = null;
  for (const item of items) {
    if (matchPath(item.path, pathname, true) && (!best || item.path.length > best.path.length)) best = item;
  }
  return best;
}

export type Tab = { label: string; path: string };
export type TabRow = { base: string; tabs: Tab[] };
export type ResolvedTab = Tab & { active: boolean };

/** Tab rows inside sections; a row shows under `base` when the role can visit two or more of its tabs. */
export const TAB_ROWS: readonly TabRow[] = [
  {
    base: '/dashboard',
    tabs: [
      { label: 'Overview', path: '/dashboard' },
      { label: 'News', path: '/dashboard/news' },
    ],
  },
  {
    base: '/roles',
    tabs: [
      { label: 'Affiliates', path: '/roles/affiliates' },
      { label: 'Advertisers', path: '/roles/advertisers' },
      { label: 'Managers', path: '/roles/managers' },
    ],
  },
  {
    base: '/offers',
    tabs: [
      { label: 'All', path: '/offers/all' },
      { label: 'Live', path: '/offers/live' },
      { label: 'Available', path: '/offers/available' },
    ],
  },
  {
    base: '/billing',
    tabs: [
      { label: 'Invoices', path: '/billing' },
      { label: 'Reconciliation', path: '/billing/reconciliation' },
    ],
  },
  {
    base: '/statistic',
    tabs: [
      { label: 'Direct link', path: '/statistic/direct-link' },
      { label: 'API', path: '/statistic/api' },
      { label: 'Postbacks', path: '/statistic/postbacks' },
    ],
  },
  {
    base: '/statistic/direct-link',
    tabs: [
      { label: 'General', path: '/statistic/direct-link/general' },
      { label: 'Clicks', path: '/statistic/direct-link/clicks' },
      { label: 'Conversions', path: '/statistic/direct-link/conversion' },
    ],
  },
  {
    base: '/statistic/api',
    tabs: [
      { label: 'General', path: '/statistic/api/general' },
      { label: 'Clicks', path: '/statistic/api/clicks' },
      { label: 'User sessions', path: '/statistic/api/user-session' },
      { label: 'Conversions', path: '/statistic/api/conversion' },
    ],
  },
  {
    base: '/cold-api',
    tabs: [
      { label: 'Re-Cold API', path: '/cold-api/re-cold-api' },
      { label: 'Rules', path: '/cold-api/rules' },
      { label: 'Lead-List', path: '/cold-api/lead-list' },
    ],
  },
  ...['add', 'details'].map((kind) => ({
    base: `/cold-api/lead-list/${kind}/:uuid`,
    tabs: [
      { label: 'User sessions', path: `/cold-api/lead-list/${kind}/:uuid/user-session` },
      { label: 'Conversions', path: `/cold-api/lead-list/${kind}/:uuid/conversion` },
    ],
  })),
  {
    base: '/settings',
    tabs: [
      { label: 'General', path: '/settings/general' },
      { label: 'Domains', path: '/settings/domains' },
      { label: 'SMTP', path: '/settings/smtp' },
      { label: 'Trafficback', path: '/settings/trafficback' },
      { label: 'News', path: '/settings/news' },
      { label: 'Test API', path: '/settings/test-api' },
      { label: 'Affiliates', path: '/settings/affiliates' },
      { label: 'Registration', path: '/settings/registration' },
      { label: 'Fraud', path: '/settings/fraud' },
      { label: 'Automation', path: '/settings/automation' },
      { label: 'System', path: '/settings/system' },
      { label: 'Personal', path: '/settings/personal' },
      { label: 'Profile', path: '/settings/profile' },
      { label: 'Payments', path: '/settings/payments' },
      { label: 'Postback', path: '/settings/postback' },
      { label: 'Referrals', path: '/settings/referrals' },
      { label: 'Notifications', path: '/settings/notifications' },
      { label: 'Security', path: '/settings/security' },
    ],
  },
  {
    base: '/settings/test-api',
    tabs: [
      { label: 'Integrations', path: '/settings/test-api/integrations' },
      { label: 'Offer', path: '/settings/test-api/offer' },
      { label: 'Direct link', path: '/settings/test-api/direct-link' },
    ],
  },
  {
    base: '/settings/personal',
    tabs: [
      { label: 'Profile', path: '/settings/personal' },
      { label: 'Activity log', path: '/settings/personal/logs' },
    ],
  },
];

const isUnder = (tabPath: string, pathname: string) => matchPath(tabPath, pathname, true) !== null;

/** The tab rows to show on a page, outermost first; in each row the longest matching tab is active. */
export function tabsFor(role: Role, pathname: string): ResolvedTab[][] {
  const rows: ResolvedTab[][] = [];
  for (const row of TAB_ROWS) {
    const params = matchPath(row.base, pathname, true);
    if (!params) continue;
    const tabs = row.tabs
      .map((tab) => ({ label: tab.label, path: buildPath(tab.path, params) }))
      .filter((tab) => canVisit(role, tab.path));
    if (tabs.length < 2) continue;
    const active = tabs.reduce<Tab | null>(
      (best, tab) => (isUnder(tab.path, pathname) && (!best || tab.path.length > best.path.length) ? tab : best),
      null,
    );
    rows.push(tabs.map((tab) => ({ ...tab, active: tab === active })));
  }
  return rows;
}
