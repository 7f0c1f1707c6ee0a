import { expect, test, type Page } from '@playwright/test';
import { apiAs } from './support/api.ts';
import { createActiveOffer, uniqueTitle } from './support/offers.ts';
import { useSignedInPage } from './support/shared-page.ts';
import { shot as takeShot } from './support/shots.ts';

// The demo affiliate opens a ticket with a screenshot attached; their manager sees it unread, answers; the affiliate
// sees the answer, replies and closes it. Each side sees the other's message and the status moving.

const LOAD = 30_000;
const SUBJECT = uniqueTitle('ticket');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const shot = (page: Page, name: string) => takeShot(page, name, 'tickets');
const main = (page: Page) => page.getByRole('main');
const status = (page: Page) => page.getByTestId('ticket-status');

test.describe.serial('tickets', () => {
  const affiliate = useSignedInPage('affiliate');
  const manager = useSignedInPage('manager');
  let ticketUrl = '';

  test('the affiliate opens a ticket with an attachment', async () => {
    const page = affiliate();
    await page.goto('/tickets');
    await expect(main(page).getByRole('link', { name: 'When is the October payout?' })).toBeVisible({ timeout: LOAD });
    await shot(page, 'affiliate-list');
    await main(page).getByRole('link', { name: 'New ticket' }).click();
    await expect(page).toHaveURL(/\/tickets\/create$/);
    await main(page).getByRole('textbox', { name: 'Subject' }).fill(SUBJECT);
    await main(page).getByRole('textbox', { name: 'Message' }).fill('My clicks from yesterday are missing.');
    await main(page)
      .locator('input[type=file]')
      .setInputFiles({ name: 'clicks.png', mimeType: 'image/png', buffer: PNG });
    await expect(main(page).getByText(/clicks\.png/)).toBeVisible({ timeout: LOAD });
    await shot(page, 'affiliate-new-ticket');
    await main(page).getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/, { timeout: LOAD });
    ticketUrl = new URL(page.url()).pathname;
    await expect(status(page)).toHaveText('Open');
    await expect(page.getByTestId('ticket-message')).toHaveCount(1);
    await expect(main(page).getByRole('button', { name: /clicks\.png/ })).toBeVisible();
    await page.goto('/dashboard');
    const card = page.getByTestId('open-tickets-card');
    await expect(card.getByRole('link', { name: SUBJECT })).toBeVisible({ timeout: LOAD });
    await shot(page, 'affiliate-dashboard');
  });

  test('the manager sees it unread, reads the attachment and answers', async () => {
    const page = manager();
    await page.goto('/dashboard');
    const card = page.getByTestId('open-tickets-card');
    // Oldest waiting first: the seeded ticket the advertiser wrote 20 hours ago comes before the new one.
    await expect(card.getByRole('link', { name: SUBJECT })).toBeVisible({ timeout: LOAD });
    const subjects = await card.getByRole('link').allTextContents();
    expect(subjects.indexOf('Raise the daily cap on our offer')).toBeLessThan(subjects.indexOf(SUBJECT));
    await shot(page, 'manager-dashboard');
    await page.goto('/tickets');
    await expect(page.getByTestId('nav-count-tickets')).toBeVisible({ timeout: LOAD });
    await main(page).getByPlaceholder('Subject, partner name or email').fill(SUBJECT);
    const row = main(page).getByRole('row').filter({ hasText: SUBJECT });
    await expect(row.getByTestId('ticket-unread')).toBeVisible({ timeout: LOAD });
    await shot(page, 'manager-list');
    await row.getByRole('link', { name: SUBJECT }).click();
    await expect(page.getByText('My clicks from yesterday are missing.')).toBeVisible({ timeout: LOAD });
    const download = page.waitForEvent('download');
    await main(page)
      .getByRole('button', { name: /clicks\.png/ })
      .click();
    expect((await download).suggestedFilename()).toBe('clicks.png');
    await main(page).getByRole('textbox', { name: 'Reply' }).fill('We found them: they are in the report now.');
    await main(page).getByRole('button', { name: 'Send reply' }).click();
    await expect(status(page)).toHaveText('Answered', { timeout: LOAD });
    await expect(page.getByTestId('ticket-message')).toHaveCount(2);
    await shot(page, 'manager-ticket');
  });

  test('the affiliate sees the answer, replies (open again) and closes it', async () => {
    const page = affiliate();
    await page.goto(ticketUrl);
    await expect(page.getByText('We found them: they are in the report now.')).toBeVisible({ timeout: LOAD });
    await expect(status(page)).toHaveText('Answered');
    await main(page).getByRole('textbox', { name: 'Reply' }).fill('Thank you, all there.');
    await main(page).getByRole('button', { name: 'Send reply' }).click();
    await expect(status(page)).toHaveText('Open', { timeout: LOAD });
    await shot(page, 'affiliate-ticket');
    await main(page).getByRole('button', { name: 'Close ticket' }).click();
    await expect(status(page)).toHaveText('Closed', { timeout: LOAD });
  });

  test("the manager sees the affiliate's reply and the ticket closed", async () => {
    const page = manager();
    await page.goto(ticketUrl);
    await expect(page.getByText('Thank you, all there.')).toBeVisible({ timeout: LOAD });
    await expect(status(page)).toHaveText('Closed');
    await expect(page.getByTestId('ticket-message')).toHaveCount(3);
  });

  test('an access request opens a ticket; the manager approves it there', async ({ browser, request }) => {
    const admin = await apiAs(browser, request, 'admin');
    const offer = await createActiveOffer(admin, {
      title: uniqueTitle('Premoderated offer'),
      privacy: 'premoderation',
      advertiser: 'Lucky Star Media',
      revenue: 25_000,
      payout: 17_500,
    });
    const aff = await apiAs(browser, request, 'affiliate');
    await aff.post(`/api/offers/v1/portal/${offer.id}/access-request`, { message: 'DE SEO traffic, 50 FTD a week' });
    const page = manager();
    await page.goto(`/tickets?type=offer_access&search=${encodeURIComponent(`#${offer.id}`)}`);
    await main(page)
      .getByRole('link', { name: `Access to offer #${offer.id}`, exact: false })
      .click();
    await expect(page.getByText('DE SEO traffic, 50 FTD a week')).toBeVisible({ timeout: LOAD });
    await shot(page, 'manager-access-request');
    await main(page).getByRole('button', { name: 'Approve: add as trusted' }).click();
    await expect(status(page)).toHaveText('Answered', { timeout: LOAD });
    await expect(page.getByText(/^Access approved/)).toBeVisible();
    await shot(page, 'manager-access-approved');
    const portal = await aff.get<{ access: string }>(`/api/offers/v1/portal/${offer.id}`);
    expect(portal.access).toBe('granted');
  });
});
