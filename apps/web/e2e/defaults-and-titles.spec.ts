import { expect, test } from '@playwright/test';
import { PARTNER_TITLE } from './support/env.ts';
import { expectPath, expectRendered, expectScreen, SAMPLE_UUID, visit } from './support/pages.ts';
import { useSignedInPage } from './support/shared-page.ts';

// Expectations are written out from docs/product/routes.md, not derived from the route table.

/** Each path, opened by URL as `role`, lands on its default child with the partner title in the tab. */
const opensOn = (role: 'admin' | 'affiliate', cases: [string, string][]) => {
  const page = useSignedInPage(role);
  for (const [from, to] of cases) {
    test(`${from} → ${to}`, async () => {
      await page().goto(from);
      await expectPath(page(), to);
      await expectRendered(page());
      await expect(page()).toHaveTitle(/^Demo Network \| /);
    });
  }
};

test.describe('default sub-routes, opened by URL', () => {
  test.describe('admin', () => {
    opensOn('admin', [
      ['/statistic', '/statistic/direct-link/general'],
      ['/cold-api', '/cold-api/re-cold-api'],
      ['/roles', '/roles/affiliates'],
      [`/cold-api/lead-list/details/${SAMPLE_UUID}`, `/cold-api/lead-list/details/${SAMPLE_UUID}/user-session`],
      [`/cold-api/lead-list/add/${SAMPLE_UUID}`, `/cold-api/lead-list/add/${SAMPLE_UUID}/user-session`],
      ['/settings', '/settings/general'],
      ['/settings/test-api', '/settings/test-api/integrations'],
    ]);
  });

  test.describe('affiliate', () => {
    opensOn('affiliate', [
      ['/settings', '/settings/profile'],
      ['/offers', '/offers/all'],
      ['/statistic', '/statistic/direct-link/general'],
    ]);
  });
});

test.describe('tab titles: "{partner title} | {section}"', () => {
  const page = useSignedInPage('admin');
  const titles: [string, string][] = [
    ['/dashboard', 'Dashboard'],
    ['/roles/affiliates', 'Affiliates'],
    ['/roles/advertisers', 'Advertisers'],
    ['/roles/managers', 'Managers'],
    ['/cold-api/re-cold-api', 'Re-Cold API'],
    ['/cold-api/lead-list', 'Lead-List'],
    ['/billing', 'Billing'],
    ['/landings', 'Landings'],
    ['/offers', 'Offers'],
    ['/offers/create-direct-link', 'Direct Link'],
    ['/offers/create-api', 'Api'],
  ];

  test('each named section sets its title', async () => {
    // Each path loads a real screen (lists, the offer form's pickers): room per step, as the route suites give.
    test.setTimeout(300_000 + titles.length * 10_000);
    await page().goto('/dashboard');
    for (const [path, section] of titles) {
      await test.step(path, async () => {
        await visit(page(), path);
        await expect(page()).toHaveTitle(`${PARTNER_TITLE} | ${section}`);
        await expectScreen(page(), path, section);
      });
    }
  });

  test('header sections navigate client-side and keep the title in step', async () => {
    await page().goto('/dashboard');
    const header = page().getByRole('navigation', { name: 'Main' });
    for (const [label, path, section] of [
      ['Billing', '/billing', 'Billing'],
      ['Landings', '/landings', 'Landings'],
      ['Cold API', '/cold-api/re-cold-api', 'Re-Cold API'],
      ['Roles', '/roles/affiliates', 'Affiliates'],
      ['Dashboard', '/dashboard', 'Dashboard'],
    ] as const) {
      await test.step(label, async () => {
        await header.getByRole('link', { name: label, exact: true }).click();
        await expectScreen(page(), path, section);
        await expect(header.getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
      });
    }
  });
});
