import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './support/api.ts';
import { expectScreen } from './support/pages.ts';
import { listRows, loadedTotal, pagerTotal, rowWith } from './support/list.ts';
import { expectNotice } from './support/notices.ts';
import { useSignedInPage } from './support/shared-page.ts';

// An admin creates an affiliate and finds it by search; the search lives in the
// URL, so reloading the link reproduces the view; the edit form shows what was stored.

const main = (page: Page) => page.getByRole('main');

/** Picks an option of a Mantine select / multi-select (a combobox with a listbox of options). */
async function choose(page: Page, combobox: string, option: string, type?: string): Promise<void> {
  const box = main(page).getByRole('combobox', { name: combobox, exact: true });
  await box.click();
  if (type) await box.fill(type);
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('admin: create an affiliate and find it by search', () => {
  const signedIn = useSignedInPage('admin');

  test('create → back on the list → search by email (in the URL) → reload → edit shows the stored values', async () => {
    const page = signedIn();
    const email = uniqueEmail('created');
    const firstName = 'Erin';
    // Unique but letters only: a name holds no digits (docs/product/roles-and-scoping.md, "Sign-up").
    const lastName = `Created${Date.now()
      .toString(36)
      .replace(/\d/g, (d) => 'abcdefghij'[Number(d)])}`;
    const tag = 'e2e-tag';
    const wallet = 'erin@paypal.example';

    await test.step('the list shows rows and a total', async () => {
      await page.goto('/roles/affiliates');
      await expectScreen(page, '/roles/affiliates', 'Affiliates');
      const total = await loadedTotal(page);
      expect(total, 'demo affiliates in the list').toBeGreaterThan(20);
      await expect(listRows(page)).toHaveCount(Math.min(total, 50));
      await expect(pagerTotal(page)).toHaveText(`1–${Math.min(total, 50)} of ${total}`);
    });

    await test.step('"Create affiliate" opens the form; fill and save', async () => {
      await main(page).getByRole('link', { name: 'Create affiliate' }).click();
      await expectScreen(page, '/roles/affiliates/create', 'Affiliates');
      const form = main(page);
      await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
      await form.getByRole('textbox', { name: 'Password', exact: true }).fill('e2e-Passw0rd-2026');
      await form.getByRole('textbox', { name: 'First name' }).fill(firstName);
      await form.getByRole('textbox', { name: 'Last name' }).fill(lastName);
      // Not the default "Active": shows the choice is stored. Also keeps the demo's active set
      // unchanged for export.spec.ts, which counts status=active rows while other files run.
      await choose(page, 'Status', 'Not active');
      await choose(page, 'Geos', 'UA — Ukraine', 'Ukr');
      await page.keyboard.press('Escape');
      const tags = form.getByRole('combobox', { name: 'Tags' });
      await tags.fill(tag);
      await tags.press('Enter');
      await form.getByRole('button', { name: 'Add payment method' }).click();
      await choose(page, 'Payment system', 'PayPal');
      await form.getByRole('textbox', { name: 'Account details' }).fill(wallet);

      const saved = page.waitForResponse((r) => r.url().endsWith('/api/affiliates/v1/create'));
      await form.getByRole('button', { name: 'Create affiliate' }).click();
      expect((await saved).status(), 'POST /api/affiliates/v1/create').toBe(200);
      await expectNotice(page, `Affiliate ${email} created`);
      await expectScreen(page, '/roles/affiliates', 'Affiliates');
    });

    const expectOnlyTheNewOne = async () => {
      await expect(pagerTotal(page)).toHaveText('1–1 of 1');
      await expect(listRows(page)).toHaveCount(1);
      const row = rowWith(page, email);
      await expect(row).toHaveCount(1);
      await expect(row.getByRole('link', { name: `${firstName} ${lastName}` })).toBeVisible();
      await expect(row).toContainText('Not active');
      await expect(row).toContainText(tag);
      await expect(row.getByRole('img', { name: 'UA' })).toBeVisible();
    };

    await test.step('search by the email: exactly that affiliate, search= in the URL', async () => {
      await loadedTotal(page);
      await main(page).getByRole('textbox', { name: 'Search' }).fill(email);
      await expect(page).toHaveURL(
        (url) => url.pathname === '/roles/affiliates' && url.searchParams.get('search') === email,
      );
      await expectOnlyTheNewOne();
    });

    await test.step('reloading the URL reproduces the view', async () => {
      await page.reload();
      await expect(main(page).getByRole('textbox', { name: 'Search' })).toHaveValue(email);
      await expectOnlyTheNewOne();
    });

    await test.step('its edit page shows the stored values', async () => {
      await rowWith(page, email)
        .getByRole('link', { name: `${firstName} ${lastName}` })
        .click();
      await expect(page).toHaveURL(/\/roles\/affiliates\/edit\/[0-9a-f-]{36}$/);
      const form = main(page);
      await expect(form.getByRole('heading', { name: 'Edit affiliate' })).toBeVisible();
      await expect(form.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
      await expect(form.getByRole('textbox', { name: 'Password', exact: true })).toHaveValue('');
      await expect(form.getByRole('textbox', { name: 'First name' })).toHaveValue(firstName);
      await expect(form.getByRole('textbox', { name: 'Last name' })).toHaveValue(lastName);
      await expect(form.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('Not active');
      await expect(form.getByText('UA — Ukraine', { exact: true })).toBeVisible();
      await expect(form.getByText(tag, { exact: true })).toBeVisible();
      await expect(form.getByRole('combobox', { name: 'Payment system' })).toHaveValue('PayPal');
      await expect(form.getByRole('textbox', { name: 'Account details' })).toHaveValue(wallet);
      await expect(form.getByRole('textbox', { name: 'Priority' })).toHaveValue('1');
    });
  });
});
