import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { FRAUD_DEFAULT_WEIGHTS } from '@pxl/contract/fraud/fraud.schemas';
import { AUTH_HEADER } from '@pxl/contract/http/headers';
import { sendAdvertiserPostback } from './support/advertiser-postback.ts';
import { expectAccessible } from './support/axe.ts';
import { allAffiliates, apiAs, type Api } from './support/api.ts';
import { BASE_URL } from './support/env.ts';
import { expectNotice } from './support/notices.ts';
import { createActiveOffer, uniqueTitle } from './support/offers.ts';
import { useSignedInPage } from './support/shared-page.ts';
import { shot } from './support/shots.ts';

// One import's detail end to end (docs/product/reconciliation.md): a fresh advertiser with five conversions of €60
// and a click without one; their report agrees on one, rejects one, pays €55 for one, has the lost click and an id
// we never saw, and lacks the fifth conversion. The screen shows both totals and a difference the buckets explain,
// filters the rows by bucket, applies one bucket whole and two ticked rows, and lists both applies.

const main = (page: Page) => page.getByRole('main');
const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const REVENUE = 6_000; // €60.00

type World = { importUuid: string; advertiser: string; lines: Record<string, number> };

type Playwright = PlaywrightWorkerArgs['playwright'];

/** A visitor's click: a context of its own, since a repeat visitor keeps their first click (a cookie per offer). */
async function click(playwright: Playwright, offerId: number, affiliate: string): Promise<string> {
  const visitor = await playwright.request.newContext();
  const res = await visitor.get(`${BASE_URL}/click/${offerId}?aff=${affiliate}`, { maxRedirects: 0 });
  expect(res.status(), await res.text()).toBe(302);
  const id = new URL(res.headers().location).searchParams.get('click')!;
  await visitor.dispose();
  return id;
}

/** The advertiser, their offer, conversions made by postback, and their report uploaded as the admin. */
async function buildWorld(api: Api, request: APIRequestContext, playwright: Playwright): Promise<World> {
  const company = uniqueTitle('Recon advertiser');
  const adv = await api.post<{ uuid: string }>('/api/advertisers/v1/create', {
    email: `${company.replace(/\W+/g, '-').toLowerCase()}@e2e.test`,
    company,
    password: 'e2e-Recon-pass-2026',
  });
  const created = await createActiveOffer(api, {
    title: uniqueTitle('Recon offer'),
    privacy: 'public',
    advertiser: company,
    revenue: REVENUE,
    payout: 4_000,
    geos: [],
  });
  // Six visitors from one address within seconds look like a flood to the fraud checks; this offer has them off.
  const off = Object.fromEntries(Object.keys(FRAUD_DEFAULT_WEIGHTS).map((code) => [code, 0]));
  await api.call('PUT', `/api/offers/v1/${created.uuid}/fraud-settings`, { fraud_settings: { weights: off } });
  const offer = await api.get<{ id: number }>(`/api/offers/v1/${created.uuid}`);
  const { list: active } = await allAffiliates(api, { status: 'active' });
  const partner = active.filter((a) => a.email !== 'affiliate@demo.test').at(-1) ?? active[0];
  expect(partner, 'an active affiliate').toBeTruthy();

  const clicks: string[] = [];
  for (let i = 0; i < 6; i++) clicks.push(await click(playwright, offer.id, partner!.uuid));
  expect(new Set(clicks).size, 'six clicks').toBe(6);
  // Conversions on clicks 0–3 and 5; click 4 is the "lost postback".
  for (const i of [0, 1, 2, 3, 5]) {
    const { response } = await sendAdvertiserPostback(request, api.token, adv.uuid, {
      click_id: clicks[i]!,
      goal: 'ftd',
      status: 'approved',
    });
    expect(response.status(), await response.text()).toBe(200);
  }
  const csv = [
    'Click ID,Status,Amount,Currency',
    `${clicks[0]},approved,60.00,EUR`, // 1 matched
    `${clicks[1]},rejected,60.00,EUR`, // 2 status differs
    `${clicks[2]},approved,55.00,EUR`, // 3 amount differs
    `${clicks[4]},approved,60.00,EUR`, // 4 missing here
    `7b0e3c52-1f3a-4c1e-9d7a-0c2b4a6e8f10,approved,10.00,EUR`, // 5 unknown id
    `${clicks[3]},approved,60.00,EUR`, // 6 matched; click 5's conversion is missing there
  ].join('\n');
  const mapping = {
    columns: {
      click_id: 'Click ID',
      lead_id: null,
      txid: null,
      status: 'Status',
      amount: 'Amount',
      currency: 'Currency',
      date: null,
    },
    date_format: 'auto',
    decimal: 'point',
    statuses: { approved: ['approved'], pending: [], rejected: ['rejected'], hold: [] },
  };
  const upload = await request.post(`${BASE_URL}/api/reconciliation/v1/imports`, {
    headers: { [AUTH_HEADER]: api.token },
    multipart: {
      advertiser_uuid: adv.uuid,
      period_from: day(Date.now() - DAY),
      period_to: day(Date.now() + DAY),
      mapping: JSON.stringify(mapping),
      file: { name: 'report-e2e.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) },
    },
  });
  const body = await upload.json();
  expect(upload.status(), JSON.stringify(body)).toBe(200);
  return {
    importUuid: body.data.uuid as string,
    advertiser: company,
    lines: { matched: 1, status: 2, amount: 3, missingHere: 4, unknown: 5 },
  };
}

const bucketRow = (page: Page, bucket: string) => main(page).locator(`[data-bucket-row="${bucket}"]`);

test.describe('reconciliation detail', () => {
  test.use({ actionTimeout: 20_000 });
  const admin = useSignedInPage('admin');

  test('summary, a bucket filter, apply a bucket and ticked rows, the applies', async ({
    browser,
    request,
    playwright,
  }) => {
    const page = admin();
    const api = await apiAs(browser, request, 'admin');
    const w = await buildWorld(api, request, playwright);

    await test.step('the header and the totals: ours €300, theirs €245, the buckets explain −€55', async () => {
      await page.goto(`/billing/reconciliation/${w.importUuid}`);
      const header = main(page).getByTestId('import-header');
      await expect(header).toContainText(w.advertiser);
      await expect(header).toContainText('report-e2e.csv');
      await expect(header).toContainText('Classified');
      const totals = main(page).getByTestId('import-totals');
      await expect(totals.locator('[data-figure="ours"]')).toHaveText('€300.00');
      await expect(totals.locator('[data-figure="theirs"]')).toHaveText('€245.00');
      await expect(totals.locator('[data-figure="difference"]')).toHaveText('−€55.00');
      await expect(main(page).getByTestId('bucket-sum').locator('[data-figure="difference"]')).toHaveText('−€55.00');
      const counts = {
        matched: '2',
        status_differs: '1',
        amount_differs: '1',
        missing_here: '1',
        missing_there: '1',
        unknown_id: '1',
        duplicate_in_file: '0',
      };
      for (const [bucket, n] of Object.entries(counts)) {
        await expect(bucketRow(page, bucket).locator('[data-figure="count"]'), bucket).toHaveText(n);
      }
      await expect(bucketRow(page, 'amount_differs').locator('[data-figure="difference"]')).toHaveText('−€5.00');
      await expect(bucketRow(page, 'missing_here')).toContainText('a lost postback');
      await expect(main(page).getByTestId('import-rows').locator('tbody tr')).toHaveCount(7);
      await shot(page, 'detail', 'reconciliation');
      await expectAccessible(page, 'reconciliation detail');
    });

    await test.step('a bucket shows only its rows, and the differences CSV downloads', async () => {
      await bucketRow(page, 'status_differs').getByRole('button').first().click();
      await expect(page).toHaveURL(/bucket=status_differs/);
      const rows = main(page).getByTestId('import-rows').locator('tbody tr');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toHaveAttribute('data-row-line', String(w.lines.status));
      await expect(rows.first()).toContainText('Rejected');
      await expect(rows.first()).toContainText('Approved');
      await shot(page, 'rows-filtered', 'reconciliation');

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download differences (CSV)' }).click();
      const file = await download;
      expect(readFileSync(await file.path(), 'utf8')).toContain('7b0e3c52-1f3a-4c1e-9d7a-0c2b4a6e8f10');
    });

    await test.step('apply the whole missing-there bucket: the confirmation says what happens', async () => {
      await bucketRow(page, 'missing_there').getByRole('button', { name: 'Apply all 1' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText('1 row of Missing there: our conversions are rejected.');
      await expect(dialog).toContainText("adjustment on the affiliate's next invoice");
      await shot(page, 'confirm', 'reconciliation');
      await dialog.getByRole('button', { name: 'Apply 1 row' }).click();
      await expectNotice(page, /Applied 1 row: 1 conversion changed/);
      await expect(dialog).toHaveCount(0);
      await main(page).getByRole('combobox', { name: 'Bucket' }).click();
      await page.getByRole('option', { name: 'Missing there', exact: true }).click();
      const rows = main(page).getByTestId('import-rows').locator('tbody tr');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText('Applied');
      await expect(rows.first().getByRole('checkbox')).toBeDisabled();
    });

    await test.step('tick the status row and the lost click, apply the two', async () => {
      await main(page).getByRole('combobox', { name: 'Bucket' }).click();
      await page.getByRole('option', { name: 'Every bucket', exact: true }).click();
      const table = main(page).getByTestId('import-rows');
      await expect(table.locator('tbody tr')).toHaveCount(7);
      // A matched row cannot be ticked: it has nothing to apply.
      await expect(table.getByRole('checkbox', { name: `Tick line ${w.lines.matched}` })).toBeDisabled();
      await table.getByRole('checkbox', { name: `Tick line ${w.lines.status}` }).check();
      await table.getByRole('checkbox', { name: `Tick line ${w.lines.missingHere}` }).check();
      await main(page).getByRole('button', { name: 'Apply selected (2)' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText('1 row of Status differs: our conversions take the status of their report.');
      await expect(dialog).toContainText('1 row of Missing here: new conversions are made from their rows');
      await dialog.getByRole('button', { name: 'Apply 2 rows' }).click();
      await expectNotice(page, /Applied 2 rows: 1 conversion changed, 1 created/);
      await expect(main(page).getByRole('button', { name: 'Apply selected (0)' })).toBeDisabled();
      for (const line of [w.lines.status, w.lines.missingHere]) {
        await expect(table.locator(`tr[data-row-line="${line}"]`)).toContainText('Applied');
      }
    });

    await test.step('the applies, newest first, by the admin', async () => {
      const applies = main(page).getByTestId('import-applies').locator('tbody tr');
      await expect(applies).toHaveCount(2);
      await expect(applies.nth(0).locator('td').nth(2)).toHaveText('2');
      await expect(applies.nth(1).locator('td').nth(2)).toHaveText('1');
      await expect(applies.nth(0).locator('td').nth(4)).toHaveText('1');
      await shot(page, 'applied', 'reconciliation');
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, 'narrow', 'reconciliation');
      await page.setViewportSize({ width: 1440, height: 900 });
    });
  });
});

test.describe('reconciliation detail, scoped', () => {
  const manager = useSignedInPage('manager');

  test("another advertiser's import is not found for a manager", async ({ browser, request, playwright }) => {
    const page = manager();
    const api = await apiAs(browser, request, 'admin');
    // The newest import of any advertiser the demo manager does not manage.
    const mine = await (
      await apiAs(browser, request, 'manager')
    ).get<{ list: { uuid: string }[] }>('/api/reconciliation/v1/imports?count=100');
    const all = await api.get<{ list: { uuid: string }[] }>('/api/reconciliation/v1/imports?count=100');
    let other = all.list.find((i) => !mine.list.some((m) => m.uuid === i.uuid))?.uuid;
    if (!other) other = (await buildWorld(api, request, playwright)).importUuid;
    await page.goto(`/billing/reconciliation/${other}`);
    await expect(main(page).getByText('Import not found')).toBeVisible();
  });
});
