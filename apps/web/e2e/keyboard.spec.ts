import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_EMAIL } from './support/auth.ts';
import { parseCsv } from './support/csv.ts';
import { DEMO_PASSWORD } from './support/env.ts';
import { listRows, listTable, loadedTotal } from './support/list.ts';

// The panel without a mouse (docs/decisions/029-accessibility.md): every step below is a key press; no click.

// A list's or a sign-in's answer from a server that shares a loaded machine with the browser and other specs.
const LOAD = 30_000;

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/**
 * Presses Tab until `target` has the focus (at most `max` presses), then checks that the focus shows: the element's
 * outline, border or shadow differ from how it looks without the focus (Mantine rings buttons, colours input borders).
 */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) break;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
  const shows = await target.evaluate((el: HTMLElement) => {
    const looks = () => {
      const s = getComputedStyle(el);
      return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.borderColor, s.boxShadow].join('|');
    };
    const focused = looks();
    el.blur();
    const blurred = looks();
    el.focus();
    return focused !== blurred;
  });
  expect(shows, 'the focus is visible').toBe(true);
}

test('admin: sign in, skip to the content, filter, sort, row menu and CSV export from the keyboard', async ({
  page,
}) => {
  // Some 150 key presses, each with a look at the focus: a budget for their count, not for a quick machine.
  const email = DEMO_EMAIL.affiliate;
  // No transitions: the focus check compares styles right after a blur.
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = '*, *::before, *::after { transition: none !important; }';
      document.head.append(style);
    }),
  );

  await test.step('sign in with Tab and Enter', async () => {
    await page.goto('/login');
    await tabTo(page, page.getByRole('textbox', { name: 'Email' }));
    await page.keyboard.type(DEMO_EMAIL.admin);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeFocused();
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: LOAD });
  });

  await page.goto('/roles/affiliates');
  await loadedTotal(page);

  await test.step('the skip link is the first stop and moves the focus to the main area', async () => {
    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });

  await test.step('filter the list by typing in the search box', async () => {
    const search = page.getByRole('main').getByRole('textbox', { name: 'Search' });
    await tabTo(page, search);
    // The search goes out trimmed; coming back in the URL it must not set the box back to itself, which ate the
    // space here and, on a slow machine, the letters typed while it was on its way.
    await page.keyboard.type(`${email} `);
    await expect(page).toHaveURL((url) => url.searchParams.get('search') === email);
    // The URL changes first; the list's request follows it, so the old total may still show for a moment.
    await expect.poll(() => loadedTotal(page), { timeout: LOAD }).toBe(1);
    await expect(search).toHaveValue(`${email} `);
    await expect(listRows(page)).toHaveCount(1);
    await expect(listRows(page).first()).toContainText(email);
  });

  await test.step('sort by a column with Enter: the header cell tells the order', async () => {
    const sort = listTable(page).getByRole('button', { name: 'Sort by Created' });
    const header = listTable(page)
      .getByRole('columnheader')
      .filter({ has: page.getByRole('button', { name: 'Sort by Created' }) });
    await tabTo(page, sort);
    const before = await header.getAttribute('aria-sort');
    await page.keyboard.press('Enter');
    await expect(header).toHaveAttribute('aria-sort', before === 'descending' ? 'ascending' : 'descending');
    await loadedTotal(page);
  });

  await test.step('open the row menu, walk it with the arrows, close it with Escape: the focus comes back', async () => {
    const trigger = page.getByRole('button', { name: `Actions for ${email}` });
    await tabTo(page, trigger);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Log in as' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(trigger).toBeFocused();
  });

  await test.step('the column chooser opens with Enter and closes with Escape', async () => {
    const chooser = page.getByRole('button', { name: 'Choose columns' });
    await tabTo(page, chooser);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(chooser).toBeFocused();
  });

  await test.step('export the filtered list as CSV with Enter', async () => {
    await tabTo(page, page.getByRole('button', { name: 'Export CSV' }));
    const downloading = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const download = await downloading;
    const rows = parseCsv(await readFile(await download.path(), 'utf8'));
    expect(rows).toHaveLength(2);
    expect(rows[1]![rows[0]!.indexOf('Email')]).toBe(email);
  });
});
