import { describe, expect, it } from 'vitest';
import type { Role } from '../access/roles.ts';
import { canVisit, defaultPath, findRoute, pageTitle, routesForRole, tabTitle } from './route-rules.ts';
import { routeTable } from './route-table.ts';

const paths = (role: Role) => routesForRole(role).map((entry) => entry.path);

const ADMIN_SET = [
  '/dashboard',
  '/ohma',
  '/cold-api',
  '/cold-api/re-cold-api',
  '/cold-api/rules',
  '/cold-api/lead-list',
  '/cold-api/re-cold-api/list/:uuid',
  '/cold-api/lead-list/details/:uuid/user-session',
  '/cold-api/lead-list/details/:uuid/conversion',
  '/cold-api/lead-list/add/:uuid/user-session',
  '/cold-api/lead-list/add/:uuid/conversion',
  '/roles/affiliates',
  '/roles/affiliates/create',
  '/roles/affiliates/edit/:uuid',
  '/roles/advertisers',
  '/roles/advertisers/create',
  '/roles/advertisers/edit/:uuid',
  '/roles/managers',
  '/roles/managers/create',
  '/roles/managers/edit/:uuid',
  '/billing',
  '/billing/invoice-create',
  '/billing/invoice-edit/:uuid',
  '/billing/invoice-delete/:uuid',
  '/billing/invoice-detail/:uuid',
  '/billing/reconciliation',
  '/billing/reconciliation/:uuid',
  '/landings',
  '/landings/create',
  '/landings/edit/:uuid',
  '/offers',
  '/offers/create-direct-link',
  '/offers/edit-direct-link/:uuid',
  '/offers/detail-direct-link/:uuid',
  '/offers/create-api',
  '/offers/edit-api/:uuid',
  '/offers/detail-api/:uuid',
  '/statistic/direct-link/general',
  '/statistic/direct-link/clicks',
  '/statistic/direct-link/conversion',
  '/statistic/api/general',
  '/statistic/api/clicks',
  '/statistic/api/user-session',
  '/statistic/api/conversion',
  '/statistic/direct-link/conversion/detail/:uuid',
  '/statistic/api/conversion/detail/:uuid',
  '/statistic/postbacks',
  '/tickets',
  '/settings/general',
  '/settings/domains',
  '/settings/smtp',
  '/settings/trafficback',
  '/settings/news',
  '/settings/news/create',
  '/settings/news/edit/:uuid',
  '/settings/test-api/integrations',
  '/settings/test-api/offer',
  '/settings/test-api/direct-link',
  '/settings/affiliates',
  '/settings/registration',
  '/settings/system',
  '/settings/fraud',
  '/settings/automation',
  '/settings/notifications',
  '/settings/personal',
  '/settings/personal/logs',
];

describe('route sets per role', () => {
  it.each(['admin', 'head'] as const)('%s has the full staff set and nothing of the partner portal', (role) => {
    expect(paths(role)).toEqual(expect.arrayContaining(ADMIN_SET));
    for (const p of ['/offers/all', '/payments', '/dashboard/news', '/settings/profile', '/settings/security']) {
      expect(canVisit(role, p)).toBe(false);
    }
  });

  it('manager: dashboard, affiliate and advertiser roles, offers, tickets, statistics; no billing, landings, cold API, managers, settings', () => {
    for (const p of [
      '/dashboard',
      '/roles/affiliates/edit/1',
      '/roles/advertisers/create',
      '/offers',
      '/offers/create-api',
      '/offers/detail-direct-link/x',
      '/tickets',
      '/statistic/api/user-session',
      '/statistic/api/conversion/detail/x',
      '/statistic/postbacks',
      '/settings/personal/logs',
      '/settings/notifications',
      '/billing/reconciliation',
      '/billing/reconciliation/u',
    ])
      expect(canVisit('manager', p), p).toBe(true);
    for (const p of [
      '/billing',
      '/landings',
      '/cold-api/rules',
      '/roles/managers',
      '/settings/general',
      '/settings/news',
      '/settings/system',
      '/settings/fraud',
      '/settings/automation',
      '/ohma',
    ])
      expect(canVisit('manager', p), p).toBe(false);
  });

  it('team lead: cold API with all children, three role tabs, statistics; no offers, billing, landings, tickets, settings', () => {
    for (const p of [
      '/dashboard',
      '/cold-api/re-cold-api/list/u',
      '/cold-api/lead-list/add/u/conversion',
      '/cold-api/lead-list/details/u/user-session',
      '/roles/managers/edit/u',
      '/statistic/direct-link/clicks',
      '/settings/personal',
    ])
      expect(canVisit('team_lead', p), p).toBe(true);
    for (const p of [
      '/offers',
      '/billing',
      '/billing/reconciliation/u',
      '/landings',
      '/tickets',
      '/settings/general',
      '/settings/test-api/offer',
      '/settings/automation',
      '/settings/notifications',
    ])
      expect(canVisit('team_lead', p), p).toBe(false);
  });

  it('affiliate: own portal only', () => {
    expect(paths('affiliate').sort()).toEqual(
      [
        '/dashboard',
        '/dashboard/news',
        '/offers',
        '/offers/all',
        '/offers/live',
        '/offers/available',
        '/offers/direct-link/detail/:id',
        '/offers/api/detail/:id',
        '/payments',
        '/tickets',
        '/tickets/create',
        '/tickets/:uuid',
        '/statistic',
        '/statistic/direct-link',
        '/statistic/direct-link/general',
        '/statistic/direct-link/clicks',
        '/statistic/direct-link/conversion',
        '/statistic/api',
        '/statistic/api/general',
        '/statistic/api/clicks',
        '/statistic/api/user-session',
        '/statistic/api/conversion',
        '/settings',
        '/settings/profile',
        '/settings/payments',
        '/settings/postback',
        '/settings/referrals',
        '/settings/notifications',
        '/settings/security',
      ].sort(),
    );
  });

  it('advertiser: its own set', () => {
    for (const p of [
      '/dashboard',
      '/dashboard/news',
      '/offers',
      '/offers/detail-api/u',
      '/offers/detail-direct-link/u',
      '/statistic/api/general',
      '/tickets',
      '/settings/profile',
      '/settings/security',
    ])
      expect(canVisit('advertiser', p), p).toBe(true);
    for (const p of [
      '/offers/all',
      '/offers/create-api',
      '/payments',
      '/settings/payments',
      '/roles/advertisers',
      '/settings/notifications',
    ])
      expect(canVisit('advertiser', p), p).toBe(false);
  });

  it('guest pages are for signed-out users only, unknown paths for nobody', () => {
    expect(canVisit(null, '/login')).toBe(true);
    expect(canVisit('admin', '/login')).toBe(false);
    expect(canVisit(null, '/dashboard')).toBe(false);
    expect(canVisit('admin', '/nope')).toBe(false);
    expect(findRoute('/dashboard/unknown')).toBeNull();
  });

  it('every path of the route inventory is reachable by someone', () => {
    for (const entry of routeTable) expect(entry.roles === 'guest' || entry.roles.length > 0).toBe(true);
  });
});

describe('default sub-routes', () => {
  it.each([
    ['admin', '/statistic', '/statistic/direct-link/general'],
    ['affiliate', '/statistic', '/statistic/direct-link/general'],
    ['admin', '/statistic/api', '/statistic/api/general'],
    ['admin', '/cold-api', '/cold-api/re-cold-api'],
    ['team_lead', '/roles', '/roles/affiliates'],
    ['admin', '/cold-api/lead-list/details/abc', '/cold-api/lead-list/details/abc/user-session'],
    ['admin', '/cold-api/lead-list/add/abc', '/cold-api/lead-list/add/abc/user-session'],
    ['admin', '/settings', '/settings/general'],
    ['head', '/settings', '/settings/general'],
    ['affiliate', '/settings', '/settings/profile'],
    ['advertiser', '/settings', '/settings/profile'],
    ['manager', '/settings', '/settings/personal'],
    ['admin', '/settings/test-api', '/settings/test-api/integrations'],
    ['affiliate', '/offers', '/offers/all'],
    ['admin', '/offers', '/offers'],
    ['manager', '/billing', null],
  ] as const)('%s %s → %s', (role, from, to) => {
    expect(defaultPath(role, from)).toBe(to);
  });
});

describe('page titles', () => {
  it.each([
    ['/dashboard', 'Dashboard'],
    ['/roles/affiliates', 'Affiliates'],
    ['/roles/advertisers/edit/x', 'Advertisers'],
    ['/roles/managers/create', 'Managers'],
    ['/cold-api/re-cold-api', 'Re-Cold API'],
    ['/cold-api/lead-list', 'Lead-List'],
    ['/billing', 'Billing'],
    ['/landings', 'Landings'],
    ['/offers', 'Offers'],
    ['/offers/create-direct-link', 'Direct Link'],
    ['/offers/create-api', 'Api'],
    ['/ohma', 'Test page'],
    ['/what', 'Page not found'],
  ])('%s → %s', (path, title) => expect(pageTitle(path)).toBe(title));

  it('tab title is "{partner title} | {section}"', () => {
    expect(tabTitle('Demo Network', '/billing')).toBe('Demo Network | Billing');
    expect(tabTitle('Demo Network', '/billing', 'admin')).toBe('Demo Network | Billing');
    expect(tabTitle('Demo Network', '/billing', 'manager')).toBe('Demo Network | Page not found');
  });

  it('every entry has a title', () => {
    for (const entry of routeTable) expect(entry.title.length).toBeGreaterThan(0);
  });
});
