import { expect, type Locator, type Page } from '@playwright/test';

/** The data table of a list screen (the toolkit's one table). */
export const listTable = (page: Page) => page.getByRole('main').getByRole('table');

/** Body rows of the list (the second row group; the first holds the headers). */
export const listRows = (page: Page): Locator => listTable(page).getByRole('rowgroup').nth(1).getByRole('row');

/** The row showing a given text (an email, a name). */
export const rowWith = (page: Page, text: string): Locator => listRows(page).filter({ hasText: text });

/** The pager's "from–to of total" text. */
export const pagerTotal = (page: Page): Locator => page.getByTestId('table-total');

/**
 * Waits until the list has loaded (no skeleton rows, no dimmed previous rows, a total in the
 * pager) and returns the total count the pager shows.
 */
export async function loadedTotal(page: Page): Promise<number> {
  // A list's answer, not a rendering: on a machine loaded by other specs it comes past the 10 s default.
  const timeout = 30_000;
  await expect(listTable(page).locator('[aria-busy="true"]')).toHaveCount(0, { timeout });
  await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0, { timeout });
  await expect(pagerTotal(page)).toHaveText(/^(No records|\d+–\d+ of \d+)$/, { timeout });
  const text = (await pagerTotal(page).textContent()) ?? '';
  return text === 'No records' ? 0 : Number(/of (\d+)$/.exec(text)![1]);
}

/** Index of a column by its header text (sortable headers read as their button text). */
export async function columnIndex(page: Page, header: string): Promise<number> {
  const headers = (await listTable(page).getByRole('columnheader').allInnerTexts()).map((h) => h.trim());
  const index = headers.indexOf(header);
  expect(index, `column "${header}" among ${JSON.stringify(headers)}`).toBeGreaterThanOrEqual(0);
  return index;
}

/** The visible column headers, in order, without the actions column. */
export async function visibleHeaders(page: Page): Promise<string[]> {
  const headers = (await listTable(page).getByRole('columnheader').allInnerTexts()).map((h) => h.trim());
  return headers.filter((h) => h !== '');
}
