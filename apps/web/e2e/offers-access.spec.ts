import { expect, test, type Page } from '@playwright/test';
import { apiAs } from './support/api.ts';
import { sessionCookies } from './support/auth.ts';
import { BASE_URL } from './support/env.ts';
import { expectNotice } from './support/notices.ts';
import { createActiveOffer, portalSearch, uniqueTitle, type CreatedOffer } from './support/offers.ts';
import { expectScreen, visit } from './support/pages.ts';
import { pagerTotal, rowWith } from './support/list.ts';
import { useSignedInPage } from './support/shared-page.ts';

// Premoderation (docs/product/offers.md): the affiliate asks for access to a premoderation offer and
// sees it pending; their manager approves it on the offer's detail page (which adds them to the
// trusted affiliates); the affiliate then has the offer in Available, granted, with the link builder.
// The offer is made through the staff API here, so the test does not hang on another test's steps.

const main = (page: Page) => page.getByRole('main');
const MESSAGE = 'E2E: SEO traffic from DE, about 50 FTD a week';

test.describe('access requests: the affiliate asks, the manager approves', () => {
  const affiliate = useSignedInPage('affiliate');
  const manager = useSignedInPage('manager');

  test('request access → Pending → approved on the detail page → granted with the link builder', async ({
    browser,
    request,
  }) => {
    const title = uniqueTitle('Premoderated offer');
    let offer!: CreatedOffer;
    await test.step('set-up: an active premoderation offer (staff API)', async () => {
      const api = await apiAs(browser, request, 'admin');
      offer = await createActiveOffer(api, {
        title,
        privacy: 'premoderation',
        advertiser: 'Lucky Star Media',
        revenue: 25_000,
        payout: 17_500,
      });
    });
    const portal = affiliate();
    const detailPath = `/offers/direct-link/detail/${offer.id}`;

    await test.step('the affiliate finds it in All, not in Available', async () => {
      await portal.goto('/dashboard');
      const card = await portalSearch(portal, 'all', title);
      await expect(card).toHaveCount(1);
      await expect(card).toContainText('Request access');
      await expect(card.getByTestId('offer-payout')).toContainText('€175.00');
      await expect(await portalSearch(portal, 'available', title)).toHaveCount(0);
      await expect(portal.getByTestId('portal-empty')).toBeVisible();
    });

    await test.step('the affiliate requests access and sees it pending', async () => {
      await visit(portal, detailPath);
      const detail = portal.getByTestId('portal-offer-detail');
      await expect(detail.getByRole('heading', { name: title })).toBeVisible();
      await expect(portal.getByTestId('link-builder')).toHaveCount(0);
      const form = portal.getByRole('form', { name: 'Request access' });
      await form.getByRole('textbox', { name: 'Message to your manager' }).fill(MESSAGE);
      await form.getByRole('button', { name: 'Request access' }).click();
      await expect(portal.getByTestId('access-pending')).toContainText('Access requested');
      await expect(detail.getByText('Pending', { exact: true })).toBeVisible();
      await expect(portal.getByTestId('link-builder')).toHaveCount(0);
      const text = await main(portal).innerText();
      expect(text, 'revenue on the affiliate page').not.toContain('250.00');
      expect(text).not.toContain('Lucky Star Media');
    });

    await test.step('the manager sees the request on the offer and approves it', async () => {
      const staff = manager();
      await staff.goto('/offers');
      await expectScreen(staff, '/offers', 'Offers');
      await main(staff).getByRole('textbox', { name: 'Search' }).fill(title);
      await expect(staff).toHaveURL((url) => url.searchParams.get('search') === title);
      await expect(pagerTotal(staff)).toHaveText('1–1 of 1');
      const row = rowWith(staff, title);
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Premoderation');
      await row.getByRole('link', { name: title }).click();
      await expect(staff).toHaveURL(`${BASE_URL}/offers/detail-direct-link/${offer.uuid}`);
      const requests = staff.getByTestId('offer-access-requests');
      await expect(requests).toContainText('1 pending');
      await expect(requests).toContainText('affiliate@demo.test');
      await expect(requests).toContainText(MESSAGE);
      await requests.getByRole('button', { name: 'Approve' }).click();
      await expectNotice(staff, 'approved and added to the trusted affiliates');
      await expect(requests).toContainText('No pending requests.');
      await expect(staff.getByTestId('offer-trusted')).toContainText('Andy Affiliate');
    });

    await test.step('the affiliate: granted, with the link builder, and in Available', async () => {
      await portal.reload();
      const detail = portal.getByTestId('portal-offer-detail');
      await expect(detail.getByText('Access granted', { exact: true })).toBeVisible();
      await expect(portal.getByTestId('access-pending')).toHaveCount(0);
      const builder = portal.getByTestId('link-builder');
      await expect(builder).toBeVisible();
      await builder.getByRole('textbox', { name: 'sub2' }).fill('approved');
      await builder.getByRole('button', { name: 'Build link' }).click();
      const { uuid } = await sessionCookies(portal.context());
      await expect(builder.getByTestId('tracking-link').getByLabel('Tracking link')).toHaveText(
        `${BASE_URL}/click/${offer.id}?aff=${uuid}&sub2=approved`,
      );

      const card = await portalSearch(portal, 'available', title);
      await expect(card).toHaveCount(1);
      await expect(card).toContainText('Access granted');
    });
  });
});
