import { describe, expect, it } from 'vitest';
import { activeSection, navSections, tabsFor } from './navigation.ts';

const labels = (items: { label: string }[]) => items.map((i) => i.label);

describe('header navigation per role', () => {
  it('shows only what the role can visit', () => {
    expect(labels(navSections('admin'))).toEqual([
      'Dashboard',
      'Roles',
      'Products',
      'Offers',
      'Landings',
      'Statistics',
      'Cold API',
      'Billing',
      'Tickets',
      'Settings',
    ]);
    expect(labels(navSections('affiliate'))).toEqual([
      'Dashboard',
      'Offers',
      'Statistics',
      'Payments',
      'Tickets',
      'Settings',
    ]);
    // A manager cannot open /billing: the section's one item is the reconciliation of their advertisers.
    expect(labels(navSections('manager'))).toEqual([
      'Dashboard',
      'Roles',
      'Products',
      'Offers',
      'Statistics',
      'Reconciliation',
      'Tickets',
      'Settings',
    ]);
    expect(navSections('manager').find((i) => i.label === 'Reconciliation')?.path).toBe('/billing/reconciliation');
    expect(labels(navSections('team_lead'))).toEqual([
      'Dashboard',
      'Roles',
      'Products',
      'Statistics',
      'Cold API',
      'Settings',
    ]);
  });
});

describe('active header section', () => {
  it('prefers the most specific item', () => {
    const items = navSections('admin');
    expect(activeSection(items, '/roles/advertisers/edit/u')?.label).toBe('Products');
    expect(activeSection(items, '/roles/managers')?.label).toBe('Roles');
    expect(activeSection(items, '/ohma')).toBeNull();
    expect(activeSection(items, '/billing/reconciliation')?.label).toBe('Billing');
    expect(activeSection(navSections('manager'), '/billing/reconciliation')?.label).toBe('Reconciliation');
  });
});

describe('tabs inside sections', () => {
  it('marks the longest matching tab active and fills parameters', () => {
    const rows = tabsFor('admin', '/cold-api/lead-list/details/u1/conversion');
    expect(rows).toHaveLength(2);
    expect(rows[1].map((t) => [t.path, t.active])).toEqual([
      ['/cold-api/lead-list/details/u1/user-session', false],
      ['/cold-api/lead-list/details/u1/conversion', true],
    ]);
  });

  it('hides tabs the role cannot visit', () => {
    expect(labels(tabsFor('manager', '/roles/affiliates')[0])).toEqual(['Affiliates', 'Advertisers']);
    expect(labels(tabsFor('affiliate', '/offers/live')[0])).toEqual(['All', 'Live', 'Available']);
    expect(tabsFor('admin', '/offers')).toEqual([]);
  });

  it('billing: invoices and reconciliation tabs for admin and head, none for a manager', () => {
    const [row] = tabsFor('head', '/billing/reconciliation');
    expect(row.map((t) => [t.label, t.active])).toEqual([
      ['Invoices', false],
      ['Reconciliation', true],
    ]);
    expect(tabsFor('admin', '/billing/invoice-detail/u')[0]?.find((t) => t.active)?.label).toBe('Invoices');
    expect(tabsFor('manager', '/billing/reconciliation')).toEqual([]);
  });

  it('settings: automation for admin and head, notifications for every role keeping alert channels', () => {
    const [admin] = tabsFor('admin', '/settings/automation');
    expect(admin.find((t) => t.active)?.label).toBe('Automation');
    expect(labels(admin)).toEqual(expect.arrayContaining(['Fraud', 'Automation', 'Notifications']));
    // A manager's settings were one page; with its own alert channels they are two tabs.
    expect(labels(tabsFor('manager', '/settings/notifications')[0])).toEqual(['Personal', 'Notifications']);
    expect(labels(tabsFor('affiliate', '/settings/notifications')[0])).toEqual([
      'Profile',
      'Payments',
      'Postback',
      'Referrals',
      'Notifications',
      'Security',
    ]);
    expect(tabsFor('team_lead', '/settings/personal')[0]?.map((t) => t.label)).not.toContain('Notifications');
  });

  it('dashboard tab is not active on the news page', () => {
    const [row] = tabsFor('affiliate', '/dashboard/news');
    expect(row.find((t) => t.active)?.label).toBe('News');
  });
});
