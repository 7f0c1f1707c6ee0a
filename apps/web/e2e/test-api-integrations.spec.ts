import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectScreen, visit } from './support/pages.ts';
import { useSignedInPage } from './support/shared-page.ts';

// A sandbox product of the demo advertiser gets its key in the product form
// (which makes it untested), is sent a test lead from Settings › Test API › Integrations (reached by the form's
// link), is accepted by the sandbox buyer of this very server and comes back tested. The key never shows.

const PATH = '/settings/test-api/integrations';
const PRODUCT = 'Forex CA — Sandbox'; // demo advertiser advertiser@demo.test, sandbox type
const main = (page: Page) => page.getByRole('main');

async function openProduct(page: Page): Promise<Locator> {
  await visit(page, '/roles/advertisers?search=advertiser%40demo.test');
  const row = main(page).getByRole('row').filter({ hasText: 'advertiser@demo.test' }).first();
  await row.getByRole('button', { name: 'Expand row' }).click();
  await main(page)
    .getByRole('button', { name: `Edit ${PRODUCT}` })
    .click();
  return page.getByRole('dialog', { name: `Edit product ${PRODUCT}` });
}

test.describe('Test API › Integrations', () => {
  const page = useSignedInPage('admin');

  test('a sandbox product with its key passes a test lead and is marked tested', async () => {
    const p = page();
    const secret = `e2e-sandbox-key-${Date.now()}`;

    await test.step('the product form stores a new key: the product is untested and links to its test', async () => {
      const modal = await openProduct(p);
      await modal.getByRole('button', { name: 'Replace credentials' }).click();
      const remove = modal.getByRole('button', { name: 'Remove credential' });
      while (await remove.count()) await remove.first().click();
      await modal.getByRole('button', { name: 'Add credential' }).click();
      await modal.getByRole('textbox', { name: 'Credential name' }).fill('api_key');
      await modal.getByLabel('Credential value').fill(secret);
      await modal.getByRole('button', { name: /Push call/ }).click();
      await expect(modal.getByRole('textbox', { name: 'Headers: value of X-Sandbox-Key' })).toHaveValue(
        '{credentials.api_key}',
      );
      await modal.getByRole('button', { name: 'Save product' }).click();
      await expect(modal).toBeHidden();
      const again = await openProduct(p);
      await expect(again.getByTestId('product-untested')).toContainText('untested products are never used for routing');
      await again.getByRole('link', { name: 'Send a test lead' }).click();
      await expectScreen(p, PATH, 'Test API');
      await expect(p).toHaveURL(/\?product=[0-9a-f-]{36}$/);
    });

    const form = p.getByRole('form', { name: 'Test lead' });
    await test.step('the product comes chosen; a bad email is named at its field and nothing is sent', async () => {
      await expect(form.getByRole('combobox', { name: 'Product' })).toHaveValue(PRODUCT);
      await expect(form).toContainText('Not tested yet');
      const email = form.getByRole('textbox', { name: 'Email' });
      const good = await email.inputValue();
      await email.fill('not-an-email');
      await form.getByRole('button', { name: 'Send test lead' }).click();
      await expect(form).toContainText('Enter a valid email address');
      await expect(p.getByTestId('integration-result')).toHaveCount(0);
      await email.fill(good);
    });

    await test.step('accepted: the exchange, what was read, and the product marked tested; the key is masked', async () => {
      await form.getByRole('button', { name: 'Send test lead' }).click();
      const result = p.getByTestId('integration-result');
      await expect(result.getByRole('status')).toContainText('Accepted: the integration works');
      await expect(result.getByTestId('marked-tested')).toContainText('Product marked as tested');
      await expect(result.getByTestId('parsed-answer')).toContainText('/autologin/');
      const request = result.getByTestId('exchange-request');
      await expect(request).toContainText(/POST\s*http:\/\/127\.0\.0\.1:\d+\/sandbox\/v1\/[0-9a-f-]{36}\/leads/);
      await expect(request.getByRole('row').filter({ hasText: 'X-Sandbox-Key' })).toContainText('••••');
      await expect(result.getByTestId('exchange-response')).toContainText('200');
      await expect(main(p)).not.toContainText(secret);
      await expect(form).toContainText('Tested at');
    });

    await test.step('the product form now says when it was tested', async () => {
      const modal = await openProduct(p);
      await expect(modal.getByTestId('product-tested')).toContainText('Tested at');
      await modal.getByRole('button', { name: 'Cancel' }).click();
    });
  });
});
