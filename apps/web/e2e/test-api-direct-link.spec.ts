import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectScreen, visit } from './support/pages.ts';
import { useSignedInPage } from './support/shared-page.ts';

// Test a click in Settings › Test API › Direct link. The demo offer "SpinWin Casino — DE/AT"
// (active, public, geos DE and AT) with affiliate@demo.test goes to the offer from DE and is refused from FR.
// No click is recorded; the one test conversion it asks for is marked as test, so no figure of other specs moves.

const PATH = '/settings/test-api/direct-link';
const OFFER = 'SpinWin Casino — DE/AT';

/** Opens a Mantine Select of the form, types into it (some search the server) and clicks the option. */
async function pick(page: Page, form: Locator, combobox: string, type: string, option: RegExp): Promise<void> {
  const box = form.getByRole('combobox', { name: combobox, exact: true });
  await box.click();
  await box.fill(type);
  await page.getByRole('option', { name: option }).first().click();
}

test.describe('Test API › Direct link', () => {
  const page = useSignedInPage('admin');

  test('a click from an offer geo goes to the offer; from another country the Country check fails', async () => {
    const p = page();
    await visit(p, PATH);
    await expectScreen(p, PATH, 'Test API');
    await expect(
      p.getByRole('navigation', { name: 'Section tabs' }).getByRole('link', { name: 'Direct link' }),
    ).toHaveAttribute('aria-current', 'page');
    const form = p.getByRole('form', { name: 'Simulated click' });
    const outcome = p.getByTestId('simulation-result').getByRole('status');
    const checks = p.getByRole('list', { name: 'Checks' });

    await test.step('without an offer and an affiliate the fields say what is missing', async () => {
      await form.getByRole('button', { name: 'Run test' }).click();
      await expect(form).toContainText('Choose an offer');
      await expect(form).toContainText('Choose an affiliate');
    });

    await test.step('DE: goes to the offer with the subs filled in', async () => {
      await pick(p, form, 'Offer', 'SpinWin', new RegExp(OFFER));
      await pick(p, form, 'Affiliate', 'affiliate@demo.test', /affiliate@demo\.test/);
      await pick(p, form, 'Country', 'DE', /^DE — Germany/);
      await form.getByRole('textbox', { name: 'sub1' }).fill('e2e-sub');
      await form.getByRole('button', { name: 'Run test' }).click();
      await expect(outcome).toContainText('Goes to the offer');
      await expect(p.getByRole('textbox', { name: 'Final URL' })).toHaveValue(
        /^https:\/\/track\.spinwin-casino-de-at\.example\/go\?.*s1=e2e-sub/,
      );
      await expect(p.getByRole('link', { name: 'Open' })).toHaveAttribute(
        'href',
        /track\.spinwin-casino-de-at\.example/,
      );
      await expect(checks.getByRole('listitem').filter({ hasText: 'Country' })).toContainText('✓');
      await expect(checks.getByRole('listitem').filter({ hasText: '✗' })).toHaveCount(0);
    });

    await test.step('FR: refused for the country, the Country check failed and is the last one', async () => {
      await pick(p, form, 'Country', 'FR', /^FR — France/);
      await form.getByRole('button', { name: 'Run test' }).click();
      // Trafficback or the plain page, as Settings › Trafficback says today: either way not the offer.
      await expect(outcome).toContainText(/Goes to trafficback|Offer not available/);
      await expect(outcome).toContainText('Reason: Country not allowed');
      const failed = checks.getByRole('listitem').filter({ hasText: '✗' });
      await expect(failed).toHaveCount(1);
      await expect(failed).toContainText('Country');
      await expect(failed).toContainText('FR');
      await expect(checks.getByRole('listitem').last()).toContainText('Country');
      await expect(p.getByTestId('test-conversion')).toHaveCount(0);
    });

    await test.step("DE with a test conversion: stored as test with the goal table's payout", async () => {
      await pick(p, form, 'Country', 'DE', /^DE — Germany/);
      await form.getByRole('checkbox', { name: 'Also fire a test conversion' }).check();
      await form.getByRole('button', { name: 'Run test' }).click();
      const stored = p.getByTestId('test-conversion');
      await expect(stored).toContainText('Test conversion stored');
      await expect(stored).toContainText(/Goal \w+, approved: payout \S*\d/);
      await expect(stored).toContainText('marked as test');
    });

    await test.step('a headless user agent: the Traffic quality check shows its score and reason', async () => {
      await form.getByRole('checkbox', { name: 'Also fire a test conversion' }).uncheck();
      await form
        .getByRole('textbox', { name: 'User agent' })
        .fill(
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0 Safari/537.36',
        );
      await form.getByRole('button', { name: 'Run test' }).click();
      const quality = checks.getByRole('listitem').filter({ hasText: 'Traffic quality' });
      await expect(quality).toContainText('Score 80');
      await expect(quality).toContainText('headless or automated browser (HeadlessChrome)');
    });
  });
});
