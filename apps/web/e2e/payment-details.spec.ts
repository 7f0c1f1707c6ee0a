import { expect, test } from '@playwright/test';
import { apiAs, uniqueEmail } from './support/api.ts';
import { submitLogin } from './support/auth.ts';
import { BASE_URL } from './support/env.ts';
import { expectScreen } from './support/pages.ts';

// An affiliate's payment details change only with the current password (docs/product/billing.md). An affiliate of its
// own, so a wrong password counts toward no demo account's failure limit.

const PASSWORD = 'e2e-pay-Passw0rd';

test('payment details: saving asks for the current password; a wrong one is refused, the right one saves', async ({
  browser,
  request,
}) => {
  const email = uniqueEmail('pay');
  const admin = await apiAs(browser, request, 'admin');
  // not_active signs in like active and keeps the status=active set that export.spec.ts counts unchanged.
  await admin.post('/api/affiliates/v1/create', { email, password: PASSWORD, first_name: 'Pat', status: 'not_active' });

  const context = await browser.newContext({ baseURL: BASE_URL });
  const page = await context.newPage();
  await page.goto('/login');
  await submitLogin(page, email, PASSWORD);
  await expectScreen(page, '/dashboard', 'Dashboard');

  await page.goto('/settings/payments');
  const form = page.getByRole('form', { name: 'Payment details' });
  await form.getByRole('button', { name: 'Add payment system' }).click();
  await form.getByRole('textbox', { name: 'Account details' }).fill('TXe2eWallet4455');
  const password = form.getByLabel('Current password');
  const save = form.getByRole('button', { name: 'Save', exact: true });

  await test.step('without the password: asked for it, nothing sent', async () => {
    await save.click();
    await expect(form.getByText('Enter your current password to change payment details')).toBeVisible();
  });

  await test.step('a wrong password: the server refuses it under the field', async () => {
    await password.fill('not-my-password');
    await save.click();
    await expect(form.getByText('Password is wrong')).toBeVisible();
  });

  await test.step('the right password saves; the field is emptied again', async () => {
    await password.fill(PASSWORD);
    await save.click();
    await expect(page.getByText('Payment details saved')).toBeVisible();
    await expect(password).toHaveValue('');
    await page.reload();
    await expect(form.getByRole('textbox', { name: 'Account details' })).toHaveValue('TXe2eWallet4455');
  });
  await context.close();
});
