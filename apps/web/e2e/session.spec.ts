import { expect, test, type Page } from '@playwright/test';
import { cookieKey, DEMO_EMAIL, loginForm, loginViaUi, meStatus, sessionCookies, submitLogin } from './support/auth.ts';
import { BASE_URL, DEMO_PASSWORD } from './support/env.ts';
import { expectPath, expectScreen, visit } from './support/pages.ts';

const UNAUTHORIZED = '401: Unauthorized. Please log in.';
const alerts = (page: Page) => page.getByRole('alert');

// These tests sign in on their own: they revoke or replace the token.

test.describe('401 handling', () => {
  test('a revoked token: notification, auth cookies cleared, back to /login', async ({ page, context }) => {
    await loginViaUi(page, 'team_lead');
    const { token } = await sessionCookies(context);
    expect(token, 'token cookie after sign-in').toBeTruthy();

    const revoke = await page.request.get(`${BASE_URL}/api/auth/v1/logout`, {
      headers: { 'PXL-AUTHORIZATION': token },
    });
    expect(revoke.status()).toBe(200);
    expect(await meStatus(page.request, token)).toBe(401);

    // The activity log screen loads the log: the first request with the dead token.
    await visit(page, '/settings/personal/logs');
    await expect(alerts(page).filter({ hasText: UNAUTHORIZED }).first()).toBeVisible();
    await expectPath(page, '/login');
    await expect(loginForm(page).locator('input[name="email"]')).toBeVisible();
    expect(await sessionCookies(context), 'auth cookies after the 401').toEqual({});
  });

  test('a garbage token cookie: notification, cookies cleared, /login', async ({ page, context }) => {
    const cookie = (field: string, value: string) => ({ name: cookieKey(field), value, url: BASE_URL });
    await context.addCookies([
      cookie('token', 'not-a-real-token'),
      cookie('role', 'admin'),
      cookie('uuid', '3f1c9a2e-7b4d-4e8a-9c51-2d6f0b8e4a17'),
      cookie('type', 'admin'),
      cookie('email', 'admin@demo.test'),
    ]);
    await page.goto('/dashboard'); // the dashboard asks GET /api/auth/v1/me
    await expect(alerts(page).filter({ hasText: UNAUTHORIZED }).first()).toBeVisible();
    await expectPath(page, '/login');
    await expect(loginForm(page).locator('input[name="password"]')).toBeVisible();
    expect(await sessionCookies(context), 'auth cookies after the 401').toEqual({});
  });
});

test.describe('notifications', () => {
  test('at most 3 show; one closes by its button; a successful login clears them', async ({ page }) => {
    await page.goto('/login');
    for (let attempt = 1; attempt <= 4; attempt++) {
      const answered = page.waitForResponse(
        (r) => r.url().endsWith('/api/auth/v1/login') && r.request().method() === 'POST',
      );
      await submitLogin(page, DEMO_EMAIL.advertiser, `wrong-password-${attempt}`);
      expect((await answered).status()).toBe(401);
      await expect(alerts(page).first()).toBeVisible();
      expect(await alerts(page).count(), `alerts after attempt ${attempt}`).toBeLessThanOrEqual(3);
    }
    await expect(alerts(page)).toHaveCount(3);
    await expect(alerts(page).filter({ hasText: UNAUTHORIZED }).first()).toBeVisible();

    await alerts(page).nth(1).getByRole('button', { name: 'Close notification' }).click();
    await expect(alerts(page)).toHaveCount(2);

    await submitLogin(page, DEMO_EMAIL.advertiser, DEMO_PASSWORD);
    await expectScreen(page, '/dashboard', 'Dashboard');
    await expect(alerts(page)).toHaveCount(0);
  });
});
