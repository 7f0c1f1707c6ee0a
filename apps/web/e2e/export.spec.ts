import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { allAffiliates, apiAs, type AffiliateRow, type Paged } from './support/api.ts';
import { parseCsv } from './support/csv.ts';
import { expectScreen, tabTitle } from './support/pages.ts';
import { columnIndex, listRows, listTable, loadedTotal, visibleHeaders } from './support/list.ts';
import { useSignedInPage } from './support/shared-page.ts';

// An export downloads a CSV whose rows match the list (export and CSV rules of docs/product/screens-and-lists.md):
// the current filter, only the visible columns, '.csv' file name, every row of
// the filter (not just the page shown), and the tab title "✅ Export Complete!" for 3 s.

const DONE_TITLE = '✅ Export Complete!';
const HIDDEN = 'Tags';

test.describe('admin: CSV export of the affiliates list', () => {
  const signedIn = useSignedInPage('admin');

  test('status=active, one column hidden: the CSV has the visible columns and every matching row', async ({
    browser,
    request,
  }) => {
    const page = signedIn();
    await page.goto('/roles/affiliates?status=active');
    await expectScreen(page, '/roles/affiliates', 'Affiliates');
    await expect(page.getByRole('main').getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('Active');
    const total = await loadedTotal(page);
    expect(total, 'active demo affiliates').toBeGreaterThan(10);

    await test.step(`hide the "${HIDDEN}" column in the column chooser`, async () => {
      await page.getByRole('button', { name: 'Choose columns' }).click();
      const item = page.getByRole('menuitemcheckbox', { name: HIDDEN });
      await expect(item).toBeChecked();
      await item.click();
      await expect(item).not.toBeChecked();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toHaveCount(0);
      await expect(listTable(page).getByRole('columnheader', { name: HIDDEN })).toHaveCount(0);
    });
    const headers = await visibleHeaders(page);
    expect(headers).not.toContain(HIDDEN);
    const emailColumn = await columnIndex(page, 'Email');
    const shownEmails = await listRows(page).evaluateAll(
      (rows, index) => rows.map((row) => (row.querySelectorAll('td')[index] as HTMLElement).innerText.trim()),
      emailColumn,
    );
    expect(shownEmails).toHaveLength(Math.min(total, 50));

    // Records every change of the tab title with a timestamp, to time the "complete" title.
    await page.evaluate(() => {
      const log: Array<[string, number]> = [];
      (window as unknown as { titleLog: typeof log }).titleLog = log;
      new MutationObserver(() => log.push([document.title, performance.now()])).observe(
        document.querySelector('title')!,
        { childList: true, characterData: true, subtree: true },
      );
    });

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename(), 'the file name').toMatch(/^affiliates.*\.csv$/);
    const rows = parseCsv(await readFile((await download.path())!, 'utf8'));

    await test.step('the tab title: "✅ Export Complete!" for about 3 s, then the normal title', async () => {
      // Read from the page's own record of title changes, not from the tab: on a busy machine the complete title
      // can be gone before the test has handled the download, and the page's timer can fire late (never early).
      const changes = () => page.evaluate(() => (window as unknown as { titleLog: Array<[string, number]> }).titleLog);
      const shownThenRestored = (log: Array<[string, number]>) => {
        const shown = log.find(([title]) => title === DONE_TITLE);
        const restored = log.find(([title, at]) => title === tabTitle('Affiliates') && shown && at > shown[1]);
        return shown && restored ? (restored[1] - shown[1]) / 1000 : null;
      };
      await expect
        .poll(async () => shownThenRestored(await changes()), { message: 'the complete title, then the normal one' })
        .not.toBeNull();
      const seconds = shownThenRestored(await changes())!;
      expect(seconds, 'seconds the complete title stayed').toBeGreaterThanOrEqual(2.5);
      await expect(page).toHaveTitle(tabTitle('Affiliates'));
    });

    await test.step('header row = the visible columns only', async () => {
      expect(rows[0]).toEqual(headers);
      expect(rows[0]).not.toContain(HIDDEN);
    });

    await test.step("data rows = the filter's total, every one active", async () => {
      const data = rows.slice(1);
      const admin = await apiAs(browser, request, 'admin');
      const apiCount = (await admin.get<Paged<AffiliateRow>>('/api/affiliates/v1/list?status=active&count=1')).count;
      expect(apiCount, 'the pager and the API agree').toBe(total);
      expect(data, 'CSV data rows').toHaveLength(total);
      for (const row of data) expect(row, 'every row has every column').toHaveLength(headers.length);
      const status = headers.indexOf('Status');
      expect(new Set(data.map((row) => row[status].toLowerCase())), 'the Status column').toEqual(new Set(['active']));

      const csvEmails = data.map((row) => row[headers.indexOf('Email')]);
      for (const email of shownEmails) expect(csvEmails, 'an email of the first page').toContain(email);
      const everyActive = await allAffiliates(admin, { status: 'active' });
      expect(new Set(csvEmails), 'the CSV holds exactly the active affiliates').toEqual(
        new Set(everyActive.list.map((a) => a.email)),
      );
      const ids = new Set(everyActive.list.map((a) => a.uuid));
      for (const row of data) expect(ids.has(row[headers.indexOf('ID')]), 'the ID column holds full UUIDs').toBe(true);
    });
  });
});
