import { expect, test, type Page } from '@playwright/test';
import { apiAs, uniqueEmail, type Paged } from './support/api.ts';
import { BASE_URL } from './support/env.ts';
import { visit } from './support/pages.ts';
import { useSignedInPage } from './support/shared-page.ts';

// The advertiser's postback token is shown once, when it is issued, with a copy button; the screen afterwards shows
// only its last characters (docs/decisions/016-token-totp-audit.md).

const main = (page: Page) => page.getByRole('main');
const NO_CLICK = '00000000-0000-4000-8000-000000000000';

test.describe('advertiser postback token', () => {
  const page = useSignedInPage('admin');

  test('is shown once on creation and once on rotation; the old one stops working', async ({ browser, request }) => {
    const p = page();
    const api = await apiAs(browser, request, 'admin');
    const email = uniqueEmail('adv-token');
    const postback = async (token: string) =>
      (await request.get(`${BASE_URL}/postback`, { params: { click_id: NO_CLICK, token } })).status();

    const first = await test.step('creating an advertiser shows its token once, with a copy button', async () => {
      await visit(p, '/roles/advertisers/create');
      await main(p).getByRole('textbox', { name: 'Company', exact: true }).fill(`Token test ${Date.now()}`);
      await main(p).getByRole('textbox', { name: 'Email', exact: true }).fill(email);
      await main(p).locator('input[name="password"]').fill('advertiser-pass-1');
      await main(p).getByRole('button', { name: 'Create advertiser' }).click();
      const shown = main(p).getByRole('textbox', { name: 'New postback token' });
      await expect(shown).toHaveValue(/^[A-Za-z0-9_-]{43}$/);
      await expect(main(p).getByRole('button', { name: 'Copy postback token' })).toBeVisible();
      const token = await shown.inputValue();
      await main(p).getByRole('button', { name: 'Done' }).click();
      await expect(shown).toBeHidden();
      return token;
    });
    // A token the server knows: a postback with it gets past the token (to the unknown click), a made-up one does not.
    expect(await postback(first)).toBe(404);
    expect(await postback(`${first}x`)).toBe(403);

    const uuid = (
      await api.get<Paged<{ uuid: string; email: string }>>(
        `/api/advertisers/v1/list?search=${encodeURIComponent(email)}`,
      )
    ).list[0].uuid;

    await test.step('the edit screen shows only the last characters; a new token is shown once and replaces the old', async () => {
      await visit(p, `/roles/advertisers/edit/${uuid}`);
      await expect(main(p).getByRole('textbox', { name: 'Postback token', exact: true })).toHaveValue(
        `••••${first.slice(-4)}`,
      );
      await expect(main(p)).not.toContainText(first);
      await main(p).getByRole('button', { name: 'Issue a new token' }).click();
      await p
        .getByRole('dialog', { name: 'Issue a new postback token' })
        .getByRole('button', { name: 'Issue the token' })
        .click();
      const shown = main(p).getByRole('textbox', { name: 'New postback token' });
      await expect(shown).toHaveValue(/^[A-Za-z0-9_-]{43}$/);
      const second = await shown.inputValue();
      expect(second).not.toBe(first);
      await expect(main(p).getByRole('textbox', { name: 'Postback token', exact: true })).toHaveValue(
        `••••${second.slice(-4)}`,
      );
      expect(await postback(second)).toBe(404);
      expect(await postback(first)).toBe(403);
      const detail = await request.get(`${BASE_URL}/api/advertisers/v1/${uuid}`, {
        headers: { 'PXL-AUTHORIZATION': api.token },
      });
      expect(await detail.text()).not.toContain(second);
    });
  });
});
