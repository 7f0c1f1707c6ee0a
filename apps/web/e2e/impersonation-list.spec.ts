import { expect, test } from '@playwright/test';
import { DEMO_EMAIL, sessionCookies } from './support/auth.ts';
import { expectScreen } from './support/pages.ts';
import { listRows, loadedTotal, rowWith } from './support/list.ts';
import { useSignedInPage } from './support/shared-page.ts';

// Impersonate and return, from the affiliates list's row action "Log in as"
// (impersonation in docs/product/roles-and-scoping.md; the dashboard form is covered by impersonation.spec.ts).

test.describe('admin: "Log in as" from the affiliates list', () => {
  const signedIn = useSignedInPage('admin');

  test('row action → the affiliate session with the banner → "Return to my account" → admin again', async () => {
    // Four screens, two of them dashboards with their figures: more than 30 s on a busy 2-core machine.
    test.slow();
    const page = signedIn();
    const email = DEMO_EMAIL.affiliate;
    const banner = page.getByTestId('impersonation-banner');
    const adminBefore = await sessionCookies(page.context());

    await test.step('find the affiliate by search', async () => {
      await page.goto('/roles/affiliates');
      await loadedTotal(page);
      await page.getByRole('main').getByRole('textbox', { name: 'Search' }).fill(email);
      await expect(page).toHaveURL((url) => url.searchParams.get('search') === email);
      await loadedTotal(page);
      await expect(listRows(page)).toHaveCount(1);
      await expect(banner).toHaveCount(0);
    });

    await test.step('"Log in as" in the row menu', async () => {
      const issued = page.waitForResponse((r) => r.url().endsWith('/api/auth/v1/get-affiliate-token'));
      await rowWith(page, email)
        .getByRole('button', { name: `Actions for ${email}` })
        .click();
      await page.getByRole('menuitem', { name: 'Log in as' }).click();
      expect((await issued).status()).toBe(200);
      await expectScreen(page, '/dashboard', 'Dashboard');
      await expect(banner).toContainText(`Signed in as ${email}`);
      await expect(page.getByTestId('user-email')).toHaveText(email);
      await expect(page.getByTestId('user-card')).toContainText('Role: Affiliate');
      expect((await sessionCookies(page.context())).role).toBe('affiliate');
    });

    await test.step('"Return to my account": the admin on the dashboard, no banner', async () => {
      await banner.getByRole('button', { name: 'Return to my account' }).click();
      await expectScreen(page, '/dashboard', 'Dashboard');
      await expect(page.getByTestId('user-email')).toHaveText(DEMO_EMAIL.admin);
      await expect(banner).toHaveCount(0);
      expect(await sessionCookies(page.context())).toEqual(adminBefore);
      expect(await sessionCookies(page.context(), true), 'no old copies left').toEqual({});
    });

    await test.step('the admin still manages affiliates', async () => {
      await page.goto('/roles/affiliates');
      await expectScreen(page, '/roles/affiliates', 'Affiliates');
      expect(await loadedTotal(page)).toBeGreaterThan(1);
    });
  });
});
