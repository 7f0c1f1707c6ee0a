import { expect, test, type Page } from '@playwright/test';
import { sessionCookies } from './support/auth.ts';
import { BASE_URL } from './support/env.ts';
import { listRows, loadedTotal, pagerTotal, rowWith } from './support/list.ts';
import { attachLanding, createFromPrimary, saveDailyCap, saveGoals } from './support/offer-form.ts';
import { expectNotice } from './support/notices.ts';
import { pick, portalSearch, uniqueTitle } from './support/offers.ts';
import { expectScreen, visit } from './support/pages.ts';
import { useSignedInPage } from './support/shared-page.ts';

// An admin creates a direct-link offer with two goals and a cap through the
// form (primary section first, then each section on its own), finds it in the list, activates it
// and builds a tracking link; the affiliate then finds it in All and Available and opens its
// detail, which shows payouts but never the revenue, the advertiser or the private notes.

const main = (page: Page) => page.getByRole('main');

const ADVERTISER = 'Lucky Star Media';
const LANDING = 'Casino welcome bonus — EN';
const NOTES = 'E2E note: the advertiser pays on Fridays';
// Amounts typed in the form (major units) and how they read (EUR). Revenue amounts differ from
// every payout, so finding them on the affiliate's page would mean revenue leaked.
const GOALS = [
  { goal: 'Registration', revenue: '23.45', payout: '12.34' },
  { goal: 'FTD', revenue: '187.65', payout: '111.11' },
];

test.describe('offers: create with goals and a cap, list, tracking link; the affiliate finds it', () => {
  const admin = useSignedInPage('admin');
  const affiliate = useSignedInPage('affiliate');

  test('admin builds the offer through the form; the affiliate sees it without revenue', async () => {
    const page = admin();
    const title = uniqueTitle('Direct offer');
    let uuid = '';
    let id = '';

    await test.step('the primary section creates the offer and opens the edit page', async () => {
      await page.goto('/offers');
      await expectScreen(page, '/offers', 'Offers');
      await main(page).getByRole('link', { name: 'Create direct-link offer' }).click();
      await expectScreen(page, '/offers/create-direct-link', 'Direct Link');
      ({ uuid, id } = await createFromPrimary(page, {
        title,
        advertiser: ADVERTISER,
        advertiserSearch: 'Lucky Star',
        notes: NOTES,
      }));
    });
    await test.step('goals section: two goals with revenue and payout', () => saveGoals(page, GOALS));
    await test.step('caps section: one cap', () => saveDailyCap(page, 100));
    await test.step('landings section: attach an active landing', () =>
      attachLanding(page, LANDING, 'welcome bonus — EN'));

    await test.step('the list finds it by title, with its goals and cap; activate it from the row', async () => {
      await visit(page, '/offers');
      await expectScreen(page, '/offers', 'Offers');
      await loadedTotal(page);
      await main(page).getByRole('textbox', { name: 'Search' }).fill(title);
      await expect(page).toHaveURL((url) => url.searchParams.get('search') === title);
      await expect(pagerTotal(page)).toHaveText('1–1 of 1');
      await expect(listRows(page)).toHaveCount(1);
      const row = rowWith(page, title);
      await expect(row.getByRole('link', { name: title })).toBeVisible();
      await expect(row).toContainText('Not active');
      await expect(row).toContainText(ADVERTISER);
      await expect(row).toContainText('Registration €12.34 / €23.45');
      await expect(row).toContainText('FTD €111.11 / €187.65');
      await expect(row).toContainText('100/day conversions');

      await row.getByRole('button', { name: `Actions for offer ${id}` }).click();
      await page.getByRole('menuitem', { name: 'Activate' }).click();
      await expectNotice(page, `Offer ${id} activated`);
      await expect(row).toContainText('Active');
      await expect(row).not.toContainText('Not active');
    });

    let andyUuid = '';
    await test.step('the detail builds a tracking link for the affiliate', async () => {
      andyUuid = (await sessionCookies(affiliate().context())).uuid;
      expect(andyUuid, "the affiliate's uuid").toMatch(/^[0-9a-f-]{36}$/);
      await rowWith(page, title).getByRole('link', { name: title }).click();
      await expect(page).toHaveURL(`${BASE_URL}/offers/detail-direct-link/${uuid}`);
      const detail = page.getByTestId('offer-detail');
      await expect(detail.getByRole('heading', { name: title })).toBeVisible();
      await expect(page.getByTestId('offer-goals')).toContainText('€187.65');
      await expect(page.getByTestId('offer-notes')).toContainText(NOTES);

      const builder = page.getByTestId('tracking-link-builder');
      await pick(page, builder, 'Affiliate', /Andy Affiliate \(affiliate@demo\.test\)/, 'affiliate@demo.test');
      await pick(page, builder, 'Landing', new RegExp(LANDING));
      await builder.getByRole('textbox', { name: 'sub1' }).fill('e2e-camp');
      await builder.getByRole('button', { name: 'Build link' }).click();
      const link = builder.getByTestId('tracking-link');
      await expect(link).toHaveValue(
        new RegExp(`^${BASE_URL}/click/${id}\\?aff=${andyUuid}&landing=\\d+&sub1=e2e-camp$`),
      );
    });

    const portal = affiliate();
    const findIn = async (tab: 'all' | 'available') => {
      const card = await portalSearch(portal, tab, title);
      await expect(card).toHaveCount(1);
      await expect(card).toContainText(`ID ${id}`);
      // The headline payout is the affiliate's (the best goal), never a revenue amount.
      await expect(card.getByTestId('offer-payout')).toContainText('€111.11');
      await expect(card).toContainText('Access granted');
      return card;
    };

    await test.step('as the affiliate: it is in All', async () => {
      await portal.goto('/dashboard');
      await findIn('all');
    });

    await test.step('as the affiliate: it is in Available; its detail shows payouts, not revenue', async () => {
      const card = await findIn('available');
      await card.getByRole('link', { name: title }).click();
      await expect(portal).toHaveURL(`${BASE_URL}/offers/direct-link/detail/${id}`);
      const detail = portal.getByTestId('portal-offer-detail');
      await expect(detail.getByRole('heading', { name: title })).toBeVisible();
      await expect(detail.getByRole('table', { name: 'Goals and payout' })).toContainText('€12.34');
      await expect(detail.getByRole('table', { name: 'Goals and payout' })).toContainText('€111.11');
      await expect(detail.getByTestId('offer-cap')).toContainText('100 conversions per day');
      await expect(detail.getByTestId('offer-landing')).toContainText(LANDING);
      await expect(portal.getByTestId('link-builder')).toBeVisible();
      const text = await main(portal).innerText();
      for (const goal of GOALS)
        expect(text, `revenue ${goal.revenue} on the affiliate's page`).not.toContain(goal.revenue);
      expect(text).not.toMatch(/revenue/i);
      expect(text, 'the advertiser').not.toContain(ADVERTISER);
      expect(text, 'the private notes').not.toContain(NOTES);
    });
  });
});
