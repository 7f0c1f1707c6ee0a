import { expect, test } from '@playwright/test';
import { routeTable } from '@pxl/contract/routes/index';
import { expectAccessible } from './support/axe.ts';
import { listRows, loadedTotal } from './support/list.ts';
import { expectRendered } from './support/pages.ts';
import { useSignedInPage } from './support/shared-page.ts';

const soft = expect.configure({ soft: true });

// The screens nobody signed in sees (sign-in, sign-up, recovery, the public texts): the route suites cover the rest.
test('guest screens have no WCAG 2 A/AA violations', async ({ page }) => {
  const paths = routeTable.filter((e) => e.roles === 'guest').map((e) => e.path);
  test.setTimeout(300_000 + paths.length * 10_000);
  for (const path of paths) {
    await test.step(path, async () => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, `guest ${path}`, soft);
    });
  }
});

// The open states the route suites never reach: a row menu, a confirm modal, the statistics filter drawer, the
// distribution drawer and the phone-size navigation drawer. Each is checked open, then closed with Escape; the
// drawers opened by a button give the focus back to it.
test.describe('admin: open menus, modals and drawers', () => {
  const signedIn = useSignedInPage('admin');

  test('row menu and confirm modal of the affiliates list', async () => {
    const page = signedIn();
    await page.goto('/roles/affiliates');
    await loadedTotal(page);
    const trigger = listRows(page)
      .first()
      .getByRole('button', { name: /^Actions for / });
    await trigger.click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expectAccessible(page, 'admin /roles/affiliates, row menu open', soft);
    await menu.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'admin /roles/affiliates, confirm modal open', soft);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  test('statistics filter drawer', async () => {
    const page = signedIn();
    await page.goto('/statistic/direct-link/general');
    await expectRendered(page);
    const button = page.getByRole('button', { name: 'Filters' });
    await button.click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await expect(drawer).toBeVisible();
    await expectAccessible(page, 'admin /statistic/direct-link/general, filter drawer open', soft);
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(button).toBeFocused();
  });

  test('distribution drawer of the Re-Cold API', async () => {
    const page = signedIn();
    await page.goto('/cold-api/re-cold-api');
    await expectRendered(page);
    const button = page.getByRole('button', { name: 'New distribution' });
    await button.click();
    const drawer = page.getByRole('dialog', { name: 'New distribution' });
    await expect(drawer).toBeVisible();
    await expectAccessible(page, 'admin /cold-api/re-cold-api, distribution drawer open', soft);
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(button).toBeFocused();
  });

  test('navigation drawer on a phone', async () => {
    const page = signedIn();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard');
    await expectRendered(page);
    await expectAccessible(page, 'admin /dashboard, phone', soft);
    const burger = page.getByRole('button', { name: 'Open the menu' });
    await burger.click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    await expectAccessible(page, 'admin /dashboard, phone, navigation drawer open', soft);
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(burger).toBeFocused();
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
