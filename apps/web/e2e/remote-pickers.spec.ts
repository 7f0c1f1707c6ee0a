import { expect, test, type Route } from '@playwright/test';
import { expectScreen } from './support/pages.ts';
import { useSignedInPage } from './support/shared-page.ts';

// A picker that searches the server offers only what the typed text found. While the answer is on its way, the
// options of the previous search must not be shown: a click on one of them lands on a list about to be replaced
// and picks nothing, or the wrong record. The answer is held here, so the in-between state lasts as long as the
// test looks at it, whatever the machine's speed.

const SEARCH = 'Lucky Star';
const ADVERTISER = 'Lucky Star Media';

test.describe('remote pickers', () => {
  const admin = useSignedInPage('admin');

  test('the advertiser picker shows no stale options while its search is answered', async () => {
    const page = admin();
    await page.goto('/offers/create-direct-link');
    await expectScreen(page, '/offers/create-direct-link', 'Direct Link');
    const box = page.getByTestId('section-primary').getByRole('combobox', { name: 'Advertiser', exact: true });

    await test.step('opened empty, it lists advertisers found for no text', async () => {
      await box.click();
      await expect(page.getByRole('option').first()).toBeVisible();
    });

    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let asked = () => {};
    const searched = new Promise<void>((resolve) => (asked = resolve));
    const held = async (route: Route) => {
      asked();
      await released;
      await route.continue();
    };
    const typedSearch = (url: URL) =>
      url.pathname === '/api/advertisers/v1/list' && url.searchParams.get('search') === SEARCH;
    await page.route(typedSearch, held);

    await test.step('typed, it offers nothing but says it is searching until the answer comes', async () => {
      await box.fill(SEARCH);
      await searched;
      await expect(page.getByText('Searching…')).toBeVisible();
      await expect(page.getByRole('option')).toHaveCount(0);
    });

    await test.step('answered, it offers what was found and the click picks it', async () => {
      release();
      const options = page.getByRole('option');
      await expect(options.first()).toBeVisible();
      for (const name of await options.allTextContents()) expect(name).toContain('Lucky');
      await page.getByRole('option', { name: ADVERTISER, exact: true }).click();
      await expect(box).toHaveValue(ADVERTISER);
    });
    await page.unroute(typedSearch, held);
  });
});
