import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin } from './support/auth.ts';
import { parseCsv } from './support/csv.ts';
import { BASE_URL } from './support/env.ts';
import { shot } from './support/shots.ts';
import { useSignedInPage } from './support/shared-page.ts';

// An admin opens general statistics, groups by offer, filters a geo and exports; an affiliate
// sees only their own rows and no revenue or Fraud % column. Figures are checked against the report API on the demo traffic.

const PATH = '/statistic/direct-link/general';
type Metrics = {
  clicks: number;
  revenue?: Record<string, number>;
  payout?: Record<string, number>;
  fraud_rate?: number | null;
};
type Report = {
  list: Array<Metrics & { keys: Array<{ dimension: string; value: string; label: string }> }>;
  count: number;
  totals: Metrics;
};

const table = (page: Page) => page.locator('table[data-list="statistic-general-direct_link"]');
const headers = (page: Page) => table(page).locator('thead th').allInnerTexts();
const bodyRows = (page: Page) => table(page).locator('tbody tr');
const totalsRow = (page: Page) => page.getByTestId('general-totals');
const number = (text: string) => Number(text.replace(/,/g, ''));

async function report(request: APIRequestContext, token: string, query: Record<string, string>): Promise<Report> {
  const response = await request.get(`${BASE_URL}/api/statistic/v1/general`, {
    params: { kind: 'direct_link', ...query },
    headers: { 'PXL-AUTHORIZATION': token },
  });
  expect(response.status(), JSON.stringify(query)).toBe(200);
  return (await response.json()).data as Report;
}

/** The dates the screen asked for (the default period in the partner zone), read from its report request. */
async function openReport(page: Page, path: string): Promise<Record<string, string>> {
  const answered = page.waitForResponse((r) => r.url().includes('/api/statistic/v1/general') && r.ok());
  await page.goto(path);
  const url = new URL((await answered).url());
  await expect(totalsRow(page)).toBeVisible();
  return {
    date_from: url.searchParams.get('date_from') ?? '',
    date_to: url.searchParams.get('date_to') ?? '',
    tz: url.searchParams.get('tz') ?? '',
  };
}

const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

async function pick(page: Page, select: string, option: string) {
  await page.getByRole('main').getByRole('combobox', { name: select, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('general statistics: admin', () => {
  const page = useSignedInPage('admin');

  test('groups by offer, filters a geo and exports what the screen shows', async ({ request }) => {
    const p = page();
    const period = await openReport(p, PATH);
    expect(period.date_from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await expect(p.getByRole('main').getByRole('combobox', { name: 'Period' })).toHaveValue('Last 7 days');

    await test.step('group by offer', async () => {
      await pick(p, 'Group by', 'Offer');
      await expect(p).toHaveURL(/group=offer/);
      await expect
        .poll(() => headers(p))
        .toEqual(expect.arrayContaining(['Offer', 'Clicks', 'Revenue', 'Payout', 'Profit']));
      expect((await headers(p))[0]).toBe('Offer');
    });

    await test.step('filter Germany: a chip, the badge, and the figures of the report API', async () => {
      await p.getByRole('button', { name: 'Filters' }).click();
      const drawer = p.getByRole('dialog', { name: 'Filters' });
      await drawer.getByRole('combobox', { name: 'Geo' }).fill('Germany');
      await p.getByRole('option', { name: 'Germany (DE)' }).click();
      await drawer.getByRole('button', { name: 'Apply' }).click();
      await expect(p).toHaveURL(/geo=DE/);
      await expect(p.getByTestId('stat-filter-chip')).toHaveText(/Geo:\s*Germany \(DE\)/);

      const admin = await apiLogin(request, 'admin');
      const expected = await report(request, admin.token, { ...period, group: 'offer', geo: 'DE', count: '100' });
      const all = await report(request, admin.token, { ...period, group: 'offer' });
      expect(expected.totals.clicks, 'Germany has demo traffic in the period').toBeGreaterThan(0);
      expect(expected.totals.clicks).toBeLessThan(all.totals.clicks);
      await expect(totalsRow(p).locator('td').nth(1)).toHaveText(expected.totals.clicks.toLocaleString('en-US'));
      await expect(bodyRows(p)).toHaveCount(expected.list.length);

      // Fraud % (staff only, docs/product/fraud.md): the share of flagged clicks, per row and in the totals.
      const shown = await headers(p);
      const at = shown.indexOf('Fraud %');
      expect(at, 'the Fraud % column').toBeGreaterThan(0);
      const percent = (n: number | null | undefined) => (n === null || n === undefined ? '—' : `${n.toFixed(2)}%`);
      await expect(totalsRow(p).locator('td').nth(at)).toHaveText(percent(expected.totals.fraud_rate));
      const offers = await bodyRows(p).locator('td:first-child').allInnerTexts();
      for (const row of expected.list) {
        const i = offers.indexOf(row.keys[0]!.label);
        expect(i, row.keys[0]!.label).toBeGreaterThanOrEqual(0);
        await expect(bodyRows(p).nth(i).locator('td').nth(at)).toHaveText(percent(row.fraud_rate));
      }
      await shot(p, 'stats-fraud-admin', 'fraud');
    });

    await test.step("export: the header is the visible columns, a row is the screen's row", async () => {
      const shownHeaders = await headers(p);
      const firstRow = await bodyRows(p).first().locator('td').allInnerTexts();
      const downloading = p.waitForEvent('download');
      await p.getByRole('button', { name: 'Export CSV' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^statistic-direct-link-general.*\.csv$/);
      const rows = parseCsv(await readFile((await download.path())!, 'utf8'));
      expect(rows[0]).toEqual(shownHeaders);
      // The rows, then the totals row, as on screen.
      expect(rows.length - 2).toBe(await bodyRows(p).count());
      const totals = await totalsRow(p).locator('td').allInnerTexts();
      expect(rows.at(-1)![0]).toBe('Total');
      expect(number(rows.at(-1)![1]!)).toBe(number(totals[1]!));
      const csvRow = rows[1]!;
      expect(csvRow[0]).toBe(firstRow[0]);
      expect(number(csvRow[1]!)).toBe(number(firstRow[1]!));
      // Money: one line per currency on screen, "; " between them in the file.
      const revenueAt = shownHeaders.indexOf('Revenue');
      expect(csvRow[revenueAt]).toBe(firstRow[revenueAt] === '—' ? '' : firstRow[revenueAt]!.split('\n').join('; '));
    });
  });
});

test.describe('general statistics: affiliate', () => {
  const page = useSignedInPage('affiliate');

  test('sees only their own rows, payouts but no revenue, profit or advertiser grouping', async ({ request }) => {
    const p = page();
    const current = await openReport(p, `${PATH}?group=offer`);
    // Other specs send the demo affiliate's clicks today while this one runs; the days before are settled, so the
    // screen and the report API read the same figures.
    const settled = { date_from: current.date_from, date_to: dayBefore(current.date_to) };
    const period = await openReport(p, `${PATH}?group=offer&date_from=${settled.date_from}&date_to=${settled.date_to}`);
    expect(period.date_to).toBe(settled.date_to);
    const shown = await headers(p);
    expect(shown).toEqual(expect.arrayContaining(['Offer', 'Clicks', 'Payout']));
    expect(shown).not.toContain('Revenue');
    expect(shown).not.toContain('Profit');
    expect(shown).not.toContain('Fraud %');

    const affiliate = await apiLogin(request, 'affiliate');
    const admin = await apiLogin(request, 'admin');
    const own = await report(request, admin.token, {
      ...period,
      group: 'offer',
      affiliate: affiliate.uuid,
      count: '100',
    });
    const all = await report(request, admin.token, { ...period, group: 'offer' });
    expect(own.totals.clicks, 'the demo affiliate has traffic in the period').toBeGreaterThan(0);
    expect(own.totals.clicks).toBeLessThan(all.totals.clicks);
    // The screen's total and offers are the admin's report narrowed to this affiliate.
    await expect(totalsRow(p).locator('td').nth(1)).toHaveText(own.totals.clicks.toLocaleString('en-US'));
    const offers = await bodyRows(p).locator('td:first-child').allInnerTexts();
    expect(offers.sort()).toEqual(own.list.map((r) => r.keys[0]!.label).sort());

    await p.getByRole('main').getByRole('combobox', { name: 'Group by', exact: true }).click();
    await expect(p.getByRole('option', { name: 'Geo', exact: true })).toBeVisible();
    await expect(p.getByRole('option', { name: 'Advertiser', exact: true })).toHaveCount(0);
    await expect(p.getByRole('option', { name: 'Product', exact: true })).toHaveCount(0);
    await p.keyboard.press('Escape');

    await p.getByRole('button', { name: 'Filters' }).click();
    const drawer = p.getByRole('dialog', { name: 'Filters' });
    await expect(drawer.getByRole('combobox', { name: 'Offer' })).toBeVisible();
    await expect(drawer.getByRole('combobox', { name: 'Advertiser' })).toHaveCount(0);
    await expect(drawer.getByRole('combobox', { name: 'Affiliate manager' })).toHaveCount(0);
  });
});
