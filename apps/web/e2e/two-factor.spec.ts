import { expect, test, type Page } from '@playwright/test';
import { apiAs, uniqueEmail } from './support/api.ts';
import { loginForm, submitLogin } from './support/auth.ts';
import { BASE_URL } from './support/env.ts';
import { expectPath, expectScreen } from './support/pages.ts';
import { msLeftInStep, totp, wrongTotp } from './support/totp.ts';

// 2FA set-up and login (TOTP, RFC 6238; recovery codes spent once). A user of
// its own, so turning 2FA on cannot lock out the demo accounts other files sign in with.

const PASSWORD = 'e2e-2fa-Passw0rd';
const CODE_LABEL = 'Authentication code or recovery code';

const codeField = (page: Page) => loginForm(page).getByRole('textbox', { name: CODE_LABEL });

/** Submits the login form and waits for the server's answer to the login call. */
async function answeredLogin(page: Page, submit: () => Promise<void>): Promise<number> {
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/v1/login') && r.request().method() === 'POST');
  await submit();
  return (await answer).status();
}

/** Email and password: the account has 2FA, so the form asks for the code and stays on /login. */
async function passwordStep(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  expect(await answeredLogin(page, () => submitLogin(page, email, PASSWORD))).toBe(401);
  await expect(codeField(page)).toBeVisible();
  await expectPath(page, '/login');
}

async function codeStep(page: Page, code: string): Promise<number> {
  return answeredLogin(page, async () => {
    await codeField(page).fill(code);
    await loginForm(page).getByRole('button', { name: 'Sign in' }).click();
  });
}

async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expectPath(page, '/login');
}

test('2FA: set up with the manual key, then sign in with a TOTP code and with a one-time recovery code', async ({
  browser,
  request,
}) => {
  const email = uniqueEmail('2fa');
  await test.step('an affiliate of its own, created by the admin through the API', async () => {
    const admin = await apiAs(browser, request, 'admin');
    // not_active signs in like active (SIGN_IN_STATUSES) and keeps the status=active set that
    // export.spec.ts counts unchanged while the files run in parallel.
    await admin.post('/api/affiliates/v1/create', {
      email,
      password: PASSWORD,
      first_name: 'Tess',
      last_name: 'Twofactor',
      status: 'not_active',
    });
  });

  const context = await browser.newContext({ baseURL: BASE_URL });
  const page = await context.newPage();
  let secret = '';
  let setupCode = '';
  let recoveryCodes: string[] = [];

  await test.step('sign in with the password only (no 2FA yet)', async () => {
    await page.goto('/login');
    await submitLogin(page, email, PASSWORD);
    await expectScreen(page, '/dashboard', 'Dashboard');
    await expect(page.getByTestId('user-email')).toHaveText(email);
  });

  await test.step('/settings/security: enable 2FA with the key for manual entry and a computed code', async () => {
    await page.goto('/settings/security');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    await main.getByRole('button', { name: 'Enable', exact: true }).click();
    const form = main.getByRole('form', { name: 'Enable two-factor authentication' });
    await expect(form.getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
    secret = ((await form.getByTestId('totp-secret').textContent()) ?? '').trim();
    expect(secret, 'a base32 secret').toMatch(/^[A-Z2-7]{16,}$/);

    if (msLeftInStep() < 2_000) await page.waitForTimeout(msLeftInStep() + 100);
    setupCode = totp(secret);
    await form.getByRole('textbox', { name: '2. Enter the 6-digit code from the app' }).fill(setupCode);
    await form.getByRole('button', { name: 'Enable', exact: true }).click();

    const codesBox = main.getByTestId('recovery-codes');
    await expect(main.getByText('Two-factor authentication is on')).toBeVisible();
    await expect(codesBox.getByText(/^[a-z0-9]{5}-[a-z0-9]{5}$/)).toHaveCount(10);
    recoveryCodes = (await codesBox.getByText(/^[a-z0-9]{5}-[a-z0-9]{5}$/).allTextContents()).map((c) => c.trim());
    expect(new Set(recoveryCodes).size, 'ten different recovery codes').toBe(10);
    await main.getByRole('button', { name: 'I have saved them' }).click();
    await expect(main.getByText('Signing in asks for a code from your authenticator app.')).toBeVisible();
    await expect(main.getByRole('button', { name: 'Disable' })).toBeVisible();
  });

  await test.step('log out; the password alone now asks for the code', async () => {
    await logout(page);
    await passwordStep(page, email);
    await expect(loginForm(page).getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
  });

  await test.step('a wrong code is refused', async () => {
    expect(await codeStep(page, wrongTotp(secret))).toBe(401);
    await expect(loginForm(page).getByText('The code is not valid')).toBeVisible();
    await expectPath(page, '/login');
  });

  await test.step('the right code lands on /dashboard', async () => {
    // A fresh step's code, so the test does not rely on the server accepting a code twice.
    if (totp(secret) === setupCode) await page.waitForTimeout(msLeftInStep() + 200);
    expect(await codeStep(page, totp(secret))).toBe(200);
    await expectScreen(page, '/dashboard', 'Dashboard');
    await expect(page.getByTestId('user-email')).toHaveText(email);
  });

  const recovery = recoveryCodes[3];
  await test.step('sign out, sign in with a recovery code instead', async () => {
    await logout(page);
    await passwordStep(page, email);
    expect(await codeStep(page, recovery)).toBe(200);
    await expectScreen(page, '/dashboard', 'Dashboard');
    await expect(page.getByTestId('user-email')).toHaveText(email);
  });

  await test.step('the same recovery code a second time is refused', async () => {
    await logout(page);
    await passwordStep(page, email);
    expect(await codeStep(page, recovery)).toBe(401);
    await expect(loginForm(page).getByText('The code is not valid')).toBeVisible();
    await expectPath(page, '/login');
  });

  await context.close();
});
