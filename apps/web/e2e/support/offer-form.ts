import { expect, type Page } from '@playwright/test';
import { expectNotice } from './notices.ts';
import { pick } from './offers.ts';

// The sections of the staff offer form, filled the way a network manager would.

export type PrimaryInput = { title: string; advertiser: string; advertiserSearch: string; notes: string };
export type GoalInput = { goal: string; revenue: string; payout: string };

/** Fills the primary section of /offers/create-direct-link and creates the offer; returns its uuid and number. */
export async function createFromPrimary(page: Page, input: PrimaryInput): Promise<{ uuid: string; id: string }> {
  await expect(page.getByTestId('locked-sections')).toBeVisible();
  const form = page.getByTestId('section-primary');
  await form.getByRole('textbox', { name: 'Title', exact: true }).fill(input.title);
  await pick(page, form, 'Vertical', 'Gambling');
  await pick(page, form, 'Advertiser', input.advertiser, input.advertiserSearch);
  await pick(page, form, 'Currency', 'EUR');
  await pick(page, form, 'Geos', 'DE — Germany', 'Germ');
  await page.keyboard.press('Escape');
  await form
    .getByRole('textbox', { name: 'Tracking URL' })
    .fill('https://track.e2e.example/go?click={click_id}&s1={sub1}');
  await form.getByRole('textbox', { name: 'Private notes' }).fill(input.notes);

  const saved = page.waitForResponse((r) => r.url().endsWith('/api/offers/v1/create'));
  await form.getByRole('button', { name: 'Create offer' }).click();
  expect((await saved).status(), 'POST /api/offers/v1/create').toBe(200);
  await expectNotice(page, /Offer \d+ created/);
  // The other sections unlock on the edit page the create leads to.
  await expect(page).toHaveURL(/\/offers\/edit-direct-link\/[0-9a-f-]{36}$/);
  const heading = await page
    .getByRole('main')
    .getByRole('heading', { name: /^Edit direct-link offer \d+$/ })
    .textContent();
  await expect(page.getByTestId('locked-sections')).toHaveCount(0);
  return { uuid: new URL(page.url()).pathname.split('/').pop()!, id: /(\d+)$/.exec(heading ?? '')![1] };
}

/** The goals section: the first (empty) goal row, then one "Add goal" per further goal; saved without "Save anyway". */
export async function saveGoals(page: Page, goals: GoalInput[]): Promise<void> {
  const section = page.getByTestId('section-goals');
  for (const [i, goal] of goals.entries()) {
    if (i > 0) await section.getByRole('button', { name: 'Add goal' }).click();
    const row = section.getByTestId(`goal-${i}`);
    // "Add goal" proposes the next goal not used yet; the first row starts empty.
    if (i === 0) await pick(page, row, 'Goal', goal.goal);
    else await expect(row.getByRole('combobox', { name: 'Goal', exact: true })).toHaveValue(goal.goal);
    await row.getByRole('textbox', { name: 'Revenue' }).fill(goal.revenue);
    await row.getByRole('textbox', { name: 'Payout', exact: true }).fill(goal.payout);
  }
  await section.getByRole('button', { name: 'Save goals' }).click();
  await expectNotice(page, 'Goals and payouts saved');
  await expect(section.getByText('Payout is higher than revenue')).toHaveCount(0);
}

/** The caps section: one cap of `limit` conversions a day (the defaults of a new cap row). */
export async function saveDailyCap(page: Page, limit: number): Promise<void> {
  const section = page.getByTestId('section-caps');
  await section.getByRole('button', { name: 'Add cap' }).click();
  const cap = section.getByTestId('cap-0');
  await cap.getByRole('textbox', { name: 'Limit' }).fill(String(limit));
  await expect(cap.getByRole('combobox', { name: 'Metric' })).toHaveValue('Conversions');
  await expect(cap.getByRole('combobox', { name: 'Period' })).toHaveValue('Day');
  await section.getByRole('button', { name: 'Save caps' }).click();
  await expectNotice(page, 'Caps saved');
}

/** The landings section: attach one landing found by a part of its name. */
export async function attachLanding(page: Page, name: string, search: string): Promise<void> {
  const section = page.getByTestId('section-landings');
  await pick(page, section, 'Landings and pre-landings', new RegExp(name), search);
  await page.keyboard.press('Escape');
  await expect(section.getByTestId('attached-landings')).toContainText(name);
  await section.getByRole('button', { name: 'Save landings' }).click();
  await expectNotice(page, 'Landings saved');
}
