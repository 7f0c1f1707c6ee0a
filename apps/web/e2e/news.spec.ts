import { expect, test, type Page } from '@playwright/test';
import { apiAs } from './support/api.ts';
import { BASE_URL } from './support/env.ts';
import { uniqueTitle } from './support/offers.ts';
import { useSignedInPage } from './support/shared-page.ts';
import { shot as takeShot } from './support/shots.ts';

// Admin writes a news item for affiliates with hostile Markdown in it; the demo affiliate sees it rendered safely,
// unread on the dashboard and the news page, then read once opened; the demo advertiser never sees it.

const LOAD = 30_000;
const TITLE = uniqueTitle('news');
// Each trick would set window.__xss (or open a dialog) if any of it ran in the reader's page.
const HOSTILE = [
  '## Payout boost this week',
  'Send traffic to **crypto** offers and earn *more*.',
  '<script>window.__xss = "script"</script>',
  '<img src="/none.png" onerror="window.__xss = \'img\'" alt="banner">',
  "[claim it](javascript:window.__xss='link') or read [the terms](https://example.com/terms)",
  '<svg onload="window.__xss = \'svg\'"></svg><iframe src="javascript:alert(1)"></iframe>',
].join('\n\n');

type Feed = { list: { uuid: string; title: string; read: boolean }[]; unread: number };

const shot = (page: Page, name: string) => takeShot(page, name, 'news');
const main = (page: Page) => page.getByRole('main');
const noScriptRan = async (page: Page) =>
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();

test.describe.serial('news', () => {
  const admin = useSignedInPage('admin');
  const affiliate = useSignedInPage('affiliate');
  const advertiser = useSignedInPage('advertiser');

  test('admin writes a news item for affiliates, previewed through the server', async () => {
    const page = admin();
    await page.goto('/settings/news/create');
    await main(page).getByLabel('Title').fill(TITLE);
    await main(page).getByRole('combobox', { name: 'Audience', exact: true }).click();
    await page.getByRole('option', { name: 'Affiliates', exact: true }).click();
    await main(page).getByRole('textbox', { name: 'Text' }).fill(HOSTILE);
    await shot(page, 'settings-news-create');
    await main(page).getByText('Preview', { exact: true }).click();
    const preview = page.getByTestId('markdown-preview');
    await expect(preview.getByRole('heading', { name: 'Payout boost this week' })).toBeVisible({ timeout: LOAD });
    await expect(preview.locator('a[href^="javascript"], script, svg, iframe, [onerror], [onload]')).toHaveCount(0);
    await noScriptRan(page);
    await shot(page, 'settings-news-preview');
    await main(page).getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/settings\/news$/);
    await expect(main(page).getByRole('link', { name: TITLE })).toBeVisible({ timeout: LOAD });
    await shot(page, 'settings-news-list');
  });

  test('the affiliate sees it unread, rendered safely, and read once opened', async ({ browser, request }) => {
    const page = affiliate();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto('/dashboard');
    const card = page.getByTestId('latest-news-card');
    await expect(card.getByText(TITLE)).toBeVisible({ timeout: LOAD });
    await expect(card.getByText(/\d+ unread/)).toBeVisible();
    await shot(page, 'dashboard-affiliate');

    await page.goto('/dashboard/news');
    const item = main(page).getByTestId('news-item').filter({ hasText: TITLE });
    await expect(item.getByTestId('news-unread')).toBeVisible({ timeout: LOAD });
    await item.getByRole('button', { name: new RegExp(TITLE) }).click();
    const body = item.getByTestId('news-body');
    await expect(body.getByRole('heading', { name: 'Payout boost this week' })).toBeVisible();
    await expect(body.getByRole('link', { name: 'the terms' })).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(body.getByText('claim it')).toBeVisible();
    await expect(body.locator('a[href^="javascript"], script, svg, iframe, [onerror], [onload]')).toHaveCount(0);
    await expect(item.getByTestId('news-unread')).toHaveCount(0);
    await noScriptRan(page);
    expect(dialogs).toEqual([]);
    await shot(page, 'dashboard-news-affiliate');

    const api = await apiAs(browser, request, 'affiliate');
    const feed = await api.get<Feed>('/api/news/v1/feed?count=100');
    expect(feed.list.find((i) => i.title === TITLE)?.read).toBe(true);
    await page.reload();
    await expect(main(page).getByTestId('news-item').filter({ hasText: TITLE })).toBeVisible({ timeout: LOAD });
    await expect(main(page).getByTestId('news-item').filter({ hasText: TITLE }).getByTestId('news-unread')).toHaveCount(
      0,
    );
  });

  test('the advertiser never sees it', async ({ browser, request }) => {
    const api = await apiAs(browser, request, 'advertiser');
    const feed = await api.get<Feed>('/api/news/v1/feed?count=100');
    expect(feed.list.map((i) => i.title)).not.toContain(TITLE);
    const page = advertiser();
    await page.goto('/dashboard/news');
    await expect(main(page).getByTestId('news-item').first()).toBeVisible({ timeout: LOAD });
    await expect(main(page).getByText(TITLE)).toHaveCount(0);
    await shot(page, 'dashboard-news-advertiser');
    await page.goto('/dashboard');
    await expect(page.getByTestId('latest-news-card')).toBeVisible({ timeout: LOAD });
    await expect(page.getByTestId('latest-news-card').getByText(TITLE)).toHaveCount(0);
    await shot(page, 'dashboard-advertiser');
  });

  test('the public documents are edited in the general settings and shown rendered', async ({ browser }) => {
    const page = admin();
    await page.goto('/settings/general');
    await expect(main(page).getByRole('tab', { name: 'User Agreement' })).toBeVisible({ timeout: LOAD });
    await shot(page, 'settings-general-documents');
    const visitor = await browser.newContext({ baseURL: BASE_URL });
    const guest = await visitor.newPage();
    await guest.goto('/user-agreement');
    await expect(guest.getByTestId('public-document').getByRole('heading', { level: 2 }).first()).toBeVisible({
      timeout: LOAD,
    });
    await shot(guest, 'public-user-agreement');
    await visitor.close();
  });
});
