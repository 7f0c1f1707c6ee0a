import { expect, test, type Page } from '@playwright/test';
import { useSignedInPage } from './support/shared-page.ts';
import { shot as takeShot } from './support/shots.ts';

// An admin sets the support contacts and uploads a logo on /settings/general; the logo shows in the header and on the
// sign-in page, an affiliate sees the contacts on their dashboard, and the admin removes the logo again.

const LOAD = 30_000;

const shot = (page: Page, name: string) => takeShot(page, name, 'logo');

/** A real PNG drawn by the browser itself: a small wordmark. */
const drawLogo = async (page: Page) => {
  const draw = await page.context().newPage();
  await draw.setContent(
    '<div id="l" style="display:inline-flex;align-items:center;gap:8px;padding:6px 10px;font:700 28px sans-serif;' +
      'color:#fff;background:#e8590c;border-radius:10px">◆ ACME</div>',
  );
  const png = await draw.locator('#l').screenshot({ omitBackground: true });
  await draw.close();
  return png;
};

test.describe.serial('logo and support contacts', () => {
  const admin = useSignedInPage('admin');
  const affiliate = useSignedInPage('affiliate');

  test('admin sets the support contacts and uploads a logo; it shows in the header', async () => {
    const p = admin();
    await p.goto('/settings/general');
    const form = p.locator('form').filter({ has: p.locator('input[name="support_email"]') });
    await p.getByLabel('Support e-mail').fill('not an e-mail');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(p.getByText('Enter an e-mail address')).toBeVisible({ timeout: LOAD });
    await p.getByLabel('Support e-mail').fill('help@demo.test');
    await p.getByLabel('Telegram').fill('@demo_support');
    await p.getByLabel('Skype, WhatsApp or phone').fill('+1 555 010 20');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(p.getByText('Settings saved')).toBeVisible({ timeout: LOAD });

    const chooser = p.waitForEvent('filechooser');
    await p.getByRole('button', { name: /Upload logo|Replace logo/ }).click();
    await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await drawLogo(p) });
    await expect(p.getByRole('button', { name: 'Remove logo' })).toBeVisible({ timeout: LOAD });
    const headerLogo = p.locator('header').getByTestId('brand-logo');
    await expect(headerLogo).toBeVisible();
    await expect.poll(() => headerLogo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await shot(p, 'settings-general');
    await p.goto('/dashboard');
    await expect(headerLogo).toBeVisible({ timeout: LOAD });
    await shot(p, 'header');
    await p.setViewportSize({ width: 390, height: 800 });
    await expect(headerLogo).toBeVisible();
    await shot(p, 'header-mobile');
    await p.setViewportSize({ width: 1440, height: 900 });
  });

  test('the sign-in page shows the logo', async ({ browser }) => {
    const context = await browser.newContext();
    const p = await context.newPage();
    await p.goto('/login');
    const logo = p.getByTestId('brand-logo');
    await expect(logo).toBeVisible({ timeout: LOAD });
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await shot(p, 'sign-in');
    await context.close();
  });

  test('an affiliate sees the support contacts next to their manager', async () => {
    const p = affiliate();
    await p.goto('/dashboard');
    const card = p.getByTestId('support-card');
    await expect(card).toBeVisible({ timeout: LOAD });
    await expect(card.getByRole('link', { name: 'help@demo.test' })).toHaveAttribute('href', 'mailto:help@demo.test');
    await expect(card.getByRole('link', { name: '@demo_support' })).toHaveAttribute(
      'href',
      'https://t.me/demo_support',
    );
    await expect(card.getByText('+1 555 010 20')).toBeVisible();
    await shot(p, 'affiliate-dashboard');
  });

  test('admin removes the logo; the header shows the title alone', async () => {
    const p = admin();
    await p.goto('/settings/general');
    await p.getByRole('button', { name: 'Remove logo' }).click();
    await expect(p.getByText('No logo: the partner title is shown instead.')).toBeVisible({ timeout: LOAD });
    await expect(p.locator('header').getByTestId('brand-logo')).toHaveCount(0);
  });
});
