import { expect, test } from '@playwright/test';
import { loginForm, loginViaUi, meStatus, sessionCookies } from './support/auth.ts';
import { expectPath, expectScreen } from './support/pages.ts';
import { useSignedInPage } from './support/shared-page.ts';

// Header navigation (burger menu, back arrow) of docs/product/routes.md, and logout (docs/product/api-and-errors.md).

test.describe('header on a narrow screen', () => {
  const page = useSignedInPage('affiliate');

  test('the burger menu lists the sections and navigates', async () => {
    const p = page();
    await p.setViewportSize({ width: 700, height: 900 }); // docs/product/screens-and-lists.md: below 768 is mobile
    await p.goto('/dashboard');
    await expect(p.getByRole('navigation', { name: 'Main', exact: true })).toHaveCount(0);
    await p.getByRole('button', { name: 'Open the menu' }).click();
    const menu = p.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link')).toHaveText([
      'Dashboard',
      'Offers',
      'Statistics',
      'Payments',
      /^Tickets\d*$/, // with the unread count beside it
      'Settings',
    ]);
    await menu.getByRole('link', { name: 'Statistics' }).click();
    await expectScreen(p, '/statistic/direct-link/general', 'Statistics');
    await expect(menu).toBeHidden();
  });

  test('the back arrow returns to the previous page', async () => {
    const p = page();
    await p.setViewportSize({ width: 1440, height: 900 });
    await p.goto('/payments');
    await p.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Tickets' }).click();
    await expectScreen(p, '/tickets', 'Tickets');
    await p.getByRole('button', { name: 'Back' }).click();
    await expectScreen(p, '/payments', 'Payments');
  });
});

test('Logout revokes the token, clears the cookies and shows the login page', async ({ page, context }) => {
  await loginViaUi(page, 'head');
  const { token } = await sessionCookies(context);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expectPath(page, '/login');
  await expect(loginForm(page).locator('input[name="email"]')).toBeVisible();
  expect(await sessionCookies(context)).toEqual({});
  expect(await meStatus(page.request, token)).toBe(401);
});

test.describe('wide lists on a laptop screen', () => {
  const page = useSignedInPage('admin');

  test('the row actions stay in sight while the table scrolls sideways', async () => {
    const p = page();
    await p.setViewportSize({ width: 1440, height: 900 });
    await p.goto('/roles/affiliates');
    await expectScreen(p, '/roles/affiliates', 'Affiliates');
    const actions = p.getByRole('main').getByRole('button', { name: /^Actions for / });
    await expect(actions.first()).toBeVisible();
    // The affiliates table is wider than 1440 px: without the sticky column its actions sit past the right edge.
    const table = p.getByRole('main').locator('table[data-list]');
    const overflow = await table.evaluate((t) => t.scrollWidth - (t.parentElement?.clientWidth ?? t.scrollWidth));
    expect(overflow, 'the table overflows its frame').toBeGreaterThan(0);
    await expect(actions.first()).toBeInViewport({ ratio: 1 });
  });
});
