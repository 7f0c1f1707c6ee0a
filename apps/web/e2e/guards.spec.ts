import { expect, test, type Response } from '@playwright/test';
import { loginForm, signedInContext } from './support/auth.ts';
import { BASE_URL } from './support/env.ts';
import { expectNotFound, expectPath, expectScreen, visit } from './support/pages.ts';
import { useSignedInPage } from './support/shared-page.ts';

// Guards and navigation of docs/product/routes.md.

/** The server answers a page request with the SPA (its index.html), whatever the path. */
async function expectSpaServed(response: Response | null, path: string): Promise<void> {
  expect(response, `GET ${path}`).not.toBeNull();
  expect(`${response?.status()} ${response?.headers()['content-type']}`, `GET ${path} serves the web app`).toMatch(
    /^200 text\/html/,
  );
}

test.describe('signed out: the protected area sends to /login', () => {
  for (const path of ['/dashboard', '/billing', '/settings/general', '/offers/all', '/']) {
    test(`${path} → /login with the login form`, async ({ page }) => {
      await expectSpaServed(await page.goto(path), path);
      await expectPath(page, '/login');
      await expect(loginForm(page).locator('input[name="email"]')).toBeVisible();
      await expect(loginForm(page).locator('input[name="password"]')).toBeVisible();
      await expect(loginForm(page).locator('button[type="submit"]')).toBeVisible();
    });
  }

  test('an unknown path is the 404 page, not a redirect', async ({ page }) => {
    await page.goto('/no-such-page');
    await expectNotFound(page, '/no-such-page');
  });

  test('the guest pages open', async ({ page }) => {
    for (const path of [
      '/login',
      '/signup',
      '/password-recovery',
      '/user-privacy-policy',
      '/user-agreement',
      '/user-terms-and-conditions',
    ]) {
      await test.step(path, async () => {
        await visit(page, path);
        await expectPath(page, path);
        await expect(page.getByRole('heading').first()).toBeVisible();
        await expect(page.getByRole('heading', { name: '404', exact: true })).toHaveCount(0);
        await expect(page).toHaveTitle(/^Demo Network \| /);
      });
    }
  });
});

test.describe('signed in: the guest pages send to /dashboard', () => {
  const page = useSignedInPage('manager');

  for (const path of ['/login', '/signup', '/password-recovery', '/user-agreement']) {
    test(`${path} → /dashboard (page load)`, async () => {
      await expectSpaServed(await page().goto(path), path);
      await expectScreen(page(), '/dashboard', 'Dashboard');
    });
  }

  test('/login and /signup → /dashboard (client-side)', async () => {
    await page().goto('/tickets');
    for (const path of ['/login', '/signup']) {
      await visit(page(), path);
      await expectScreen(page(), '/dashboard', 'Dashboard');
      await visit(page(), '/tickets');
    }
  });

  test('/ → /dashboard', async () => {
    await expectSpaServed(await page().goto('/'), '/');
    await expectScreen(page(), '/dashboard', 'Dashboard');
  });
});

test.describe('the five-square loader', () => {
  test('shows while the reference constants load, then the page', async ({ browser }) => {
    // A context made from the storage state: the remembered session without the IndexedDB
    // copy of the constants (docs/product/api-and-errors.md), which a context that has just signed in would hold,
    // so the constants really load from the server here.
    const signedIn = await signedInContext(browser, 'team_lead');
    const state = await signedIn.storageState();
    await signedIn.close();
    const context = await browser.newContext({ baseURL: BASE_URL, storageState: state });
    const page = await context.newPage();
    let release!: () => void;
    let asked = false;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/constant/v1/all', async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await page.goto('/dashboard');
    const loader = page.getByRole('status', { name: 'Loading' });
    await expect(loader).toBeVisible();
    await expect(loader.locator('span')).toHaveCount(5);
    await expect.poll(() => asked, { message: 'the constants are asked of the server' }).toBe(true);
    // While the answer is held the guard keeps the loader up (not just a lazy chunk's short fallback).
    await expect(loader.locator('span')).toHaveCount(5);
    release();
    await expectScreen(page, '/dashboard', 'Dashboard');
    await expect(loader).toHaveCount(0);
    await context.close();
  });
});
