import { randomBytes } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import type { Api, Paged } from './api.ts';
import { expectScreen, visit } from './pages.ts';

// Helpers of the offers specs: unique titles, Mantine pickers, API set-up of an offer.

/** An offer title no other run or test uses. */
export const uniqueTitle = (label: string) =>
  `E2E ${label} ${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;

/**
 * Picks an option of a Mantine Select / MultiSelect inside `scope`: opens the combobox, types
 * `type` when given (searchable pickers, some of which search the server), clicks the option.
 * Options render in a portal, so they are looked up on the whole page.
 */
export async function pick(
  page: Page,
  scope: Locator,
  combobox: string,
  option: string | RegExp,
  type?: string,
): Promise<void> {
  const box = scope.getByRole('combobox', { name: combobox, exact: true });
  await box.click();
  if (type !== undefined) await box.fill(type);
  await page
    .getByRole('option', { name: option, exact: typeof option === 'string' })
    .first()
    .click();
}

/** The first advertiser whose company or email matches `company` (the staff list search; the demo advertiser has no company). */
export async function advertiserUuid(api: Api, company: string): Promise<string> {
  const data = await api.get<Paged<{ uuid: string; company: string; email: string }>>(
    `/api/advertisers/v1/list?search=${encodeURIComponent(company)}`,
  );
  const found = data.list.find((a) => a.company === company || a.email === company);
  expect(found, `advertiser ${company}`).toBeTruthy();
  return found!.uuid;
}

export type CreatedOffer = { uuid: string; id: number; title: string };

/**
 * A direct-link offer made through the staff API, with one CPA goal and activated, so a test that
 * is about something else (access requests) does not depend on another test's UI steps.
 */
export async function createActiveOffer(
  api: Api,
  input: {
    title: string;
    privacy: 'public' | 'premoderation' | 'private';
    advertiser: string;
    revenue: number;
    payout: number;
    /** Countries taken (default DE and AT); [] takes every country, so a click from 127.0.0.1 (no country) passes. */
    geos?: string[];
    /**
     * Days a pending conversion waits before the every-minute hold job approves it (default 0: at its next run). A
     * test that reads a conversion as pending gives some, or it races the job.
     */
    holdDays?: number;
  },
): Promise<CreatedOffer> {
  const offer = await api.post<CreatedOffer>('/api/offers/v1/create', {
    type: 'direct_link',
    title: input.title,
    vertical: 'gambling',
    privacy: input.privacy,
    currency: 'EUR',
    geos: input.geos ?? ['DE', 'AT'],
    advertiser_uuid: await advertiserUuid(api, input.advertiser),
    tracking_url: 'https://track.e2e.example/go?click={click_id}&s1={sub1}',
    notes: 'E2E private note: never shown to affiliates',
  });
  await api.call('PUT', `/api/offers/v1/${offer.uuid}/goals`, {
    hold_days: input.holdDays ?? 0,
    goals: [{ goal: 'ftd', payment_type: 'cpa', revenue: input.revenue, payout: input.payout, geo_rates: [] }],
    overrides: [],
  });
  await api.post(`/api/offers/v1/${offer.uuid}/status`, { status: 'active' });
  return offer;
}

/** Searches an affiliate's offers tab for a title; returns the cards showing it once the result is in. */
export async function portalSearch(page: Page, tab: 'all' | 'available', title: string): Promise<Locator> {
  await visit(page, `/offers/${tab}`);
  await expectScreen(page, `/offers/${tab}`, 'Offers');
  await page.getByRole('main').getByRole('textbox', { name: 'Search' }).fill(title);
  await expect(page).toHaveURL((url) => url.pathname === `/offers/${tab}` && url.searchParams.get('search') === title);
  await expect(page.getByTestId('portal-offers')).not.toHaveAttribute('aria-busy', 'true');
  return page.getByTestId('offer-card').filter({ hasText: title });
}
