import { expect, test } from '@playwright/test';
import { apiLogin, DEMO_EMAIL, meStatus, sessionCookies } from './support/auth.ts';
import { BASE_URL } from './support/env.ts';
import { expectNotFound, expectScreen, visit } from './support/pages.ts';
import { useSignedInPage } from './support/shared-page.ts';

// Impersonation (docs/product/roles-and-scoping.md, docs/product/screens-and-lists.md): staff switch into an affiliate's session and back.

test.describe('impersonation and return', () => {
  const page = useSignedInPage('admin');

  test('admin logs in as the affiliate and returns to their own account', async () => {
    const p = page();
    const affiliate = await apiLogin(p.request, 'affiliate');
    // The API sign-in above only served to learn the UUID; revoke that token again.
    await p.request.get(`${BASE_URL}/api/auth/v1/logout`, { headers: { 'PXL-AUTHORIZATION': affiliate.token } });
    const adminBefore = await sessionCookies(p.context());

    await p.goto('/dashboard');
    const banner = p.getByTestId('impersonation-banner');
    await expect(banner).toHaveCount(0);
    await p.getByRole('textbox', { name: 'Affiliate UUID' }).fill(affiliate.uuid);
    await p.getByRole('button', { name: 'Log in as affiliate' }).click();

    await test.step('the affiliate session, with the banner', async () => {
      await expect(banner).toContainText(`Signed in as ${DEMO_EMAIL.affiliate}`);
      await expectScreen(p, '/dashboard', 'Dashboard');
      await expect(p.getByTestId('user-email')).toHaveText(DEMO_EMAIL.affiliate);
      await expect(p.getByTestId('user-card')).toContainText('Role: Affiliate');
      const cookies = await sessionCookies(p.context());
      expect(cookies.role).toBe('affiliate');
      expect(cookies.uuid).toBe(affiliate.uuid);
      expect(await sessionCookies(p.context(), true), 'the old copies hold the admin session').toEqual(adminBefore);
    });
    const affiliateToken = (await sessionCookies(p.context())).token;
    expect(affiliateToken).not.toBe(adminBefore.token);

    await test.step('the affiliate route set applies', async () => {
      await visit(p, '/payments');
      await expectScreen(p, '/payments', 'Payments');
      await expect(banner).toBeVisible();
      await visit(p, '/billing');
      await expectNotFound(p, '/billing');
    });

    await test.step('"Return to my account" restores the admin', async () => {
      await banner.getByRole('button', { name: 'Return to my account' }).click();
      await expectScreen(p, '/dashboard', 'Dashboard');
      await expect(p.getByTestId('user-email')).toHaveText(DEMO_EMAIL.admin);
      await expect(banner).toHaveCount(0);
      expect(await sessionCookies(p.context())).toEqual(adminBefore);
      expect(await sessionCookies(p.context(), true), 'the old copies are gone').toEqual({});
      await visit(p, '/billing');
      await expectScreen(p, '/billing', 'Billing');
    });

    await test.step('the affiliate token is revoked, the admin token still works', async () => {
      expect(await meStatus(p.request, affiliateToken)).toBe(401);
      expect(await meStatus(p.request, adminBefore.token)).toBe(200);
    });
  });
});

test.describe("the affiliate's dashboard", () => {
  const page = useSignedInPage('affiliate');

  test("shows their manager's name and a telegram link", async () => {
    await page().goto('/dashboard');
    const card = page().getByTestId('manager-card');
    await expect(card).toContainText('Your manager');
    await expect(card.getByRole('heading', { name: 'Mark Manager' })).toBeVisible();
    await expect(card.getByRole('link', { name: 'mark_manager' })).toHaveAttribute('href', 'https://t.me/mark_manager');
    await expect(page().getByTestId('user-card')).toContainText('Andy Affiliate');
  });
});
