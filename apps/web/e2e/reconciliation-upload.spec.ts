import { expect, request as requests, test, type APIRequestContext, type Page } from '@playwright/test';
import { FRAUD_DEFAULT_WEIGHTS } from '@pxl/contract/fraud/fraud.schemas';
import { sendAdvertiserPostback } from './support/advertiser-postback.ts';
import { allAffiliates, apiAs, type Api } from './support/api.ts';
import { expectAccessible } from './support/axe.ts';
import { BASE_URL } from './support/env.ts';
import { expectNotice } from './support/notices.ts';
import { createActiveOffer, uniqueTitle } from './support/offers.ts';
import { useSignedInPage } from './support/shared-page.ts';
import { shot as takeShot } from './support/shots.ts';

// The imports screen of reconciliation (docs/product/reconciliation.md, Screens): the admin uploads a fresh
// advertiser's report of three conversions of €60. The guessed mapping is spoilt on purpose (the amount read from
// the status column): the preview shows the error in each amount cell and the upload is refused under the file.
// Fixed, previewed again and uploaded, the new import opens; the index then lists it and charts the advertiser's
// discrepancy with the import's own totals (€180 of ours against their €170, unless traffic quality held back some
// of ours). A manager reaches the screen from the header.

const main = (page: Page) => page.getByRole('main');
const section = (page: Page) => page.getByTestId('upload-report');
const LOAD = 30_000;
const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const shot = (page: Page, name: string) => takeShot(page, name, 'reconciliation');
const eur = (minor: number) => `€${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

type World = { advertiser: { uuid: string; company: string }; clicks: string[] };

/** A new visitor's click: a context of its own, since a repeat visitor keeps the click its cookie names. */
async function click(offerId: number, affiliate: string): Promise<string> {
  const visitor = await requests.newContext();
  try {
    const res = await visitor.get(`${BASE_URL}/click/${offerId}?aff=${affiliate}`, { maxRedirects: 0 });
    expect(res.status(), await res.text()).toBe(302);
    const id = new URL(res.headers().location).searchParams.get('click');
    expect(id, `the click reached the offer, not trafficback: ${res.headers().location}`).toBeTruthy();
    return id!;
  } finally {
    await visitor.dispose();
  }
}

/** A fresh advertiser (no saved mapping, no imports) with an offer paying €60 and three approved conversions. */
async function buildWorld(api: Api, request: APIRequestContext): Promise<World> {
  const company = uniqueTitle('Upload advertiser');
  const adv = await api.post<{ uuid: string }>('/api/advertisers/v1/create', {
    email: `${company.replace(/\W+/g, '-').toLowerCase()}@e2e.test`,
    company,
    password: 'e2e-Upload-pass-2026',
  });
  const created = await createActiveOffer(api, {
    title: uniqueTitle('Upload offer'),
    privacy: 'public',
    advertiser: company,
    revenue: 6_000,
    payout: 4_000,
    geos: [],
  });
  // Visitors from one address within seconds, while other specs click too, look like a flood to the fraud checks and
  // go to trafficback; this offer has them off.
  const off = Object.fromEntries(Object.keys(FRAUD_DEFAULT_WEIGHTS).map((code) => [code, 0]));
  await api.call('PUT', `/api/offers/v1/${created.uuid}/fraud-settings`, { fraud_settings: { weights: off } });
  const offer = await api.get<{ id: number }>(`/api/offers/v1/${created.uuid}`);
  const { list: active } = await allAffiliates(api, { status: 'active' });
  const partner = active.filter((a) => a.email !== 'affiliate@demo.test').at(-1) ?? active[0];
  expect(partner, 'an active affiliate').toBeTruthy();
  const clicks: string[] = [];
  for (let i = 0; i < 3; i++) {
    const id = await click(offer.id, partner!.uuid);
    const { response } = await sendAdvertiserPostback(request, api.token, adv.uuid, {
      click_id: id,
      goal: 'ftd',
      status: 'approved',
    });
    expect(response.status(), await response.text()).toBe(200);
    clicks.push(id);
  }
  return { advertiser: { uuid: adv.uuid, company }, clicks };
}

/** Their report: `;`-separated, decimal comma, one row paid €50 instead of €60. */
const reportCsv = (clicks: string[], today: string) =>
  [
    'Click ID;Status;Amount;Currency;Date',
    `${clicks[0]};confirmed;60,00;EUR;${today}`,
    `${clicks[1]};confirmed;60,00;EUR;${today}`,
    `${clicks[2]};confirmed;50,00;EUR;${today}`,
  ].join('\n');

/** Picks `option` in the select labelled `label` of the upload form. */
async function pick(page: Page, label: string, option: string) {
  await section(page).getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('reconciliation imports', () => {
  test.use({ actionTimeout: 20_000 });
  const admin = useSignedInPage('admin');

  test('a spoilt mapping is shown and refused, the fixed one uploads and opens the import', async ({
    browser,
    request,
  }) => {
    const page = admin();
    const api = await apiAs(browser, request, 'admin');
    const w = await buildWorld(api, request);
    const today = day(Date.now());

    await test.step('the billing tabs lead to the imports; Upload report opens the form', async () => {
      await page.goto('/billing');
      await page
        .getByRole('navigation', { name: 'Section tabs' })
        .getByRole('link', { name: 'Reconciliation' })
        .click();
      await expect(page).toHaveURL(/\/billing\/reconciliation$/);
      await expect(main(page).getByRole('columnheader', { name: 'Uploaded by' })).toBeVisible({ timeout: LOAD });
      await main(page).getByRole('button', { name: 'Upload report' }).click();
      await expect(section(page)).toContainText('CSV or XLSX, at most 20 MB');
    });

    await test.step('advertiser, period and file; the preview reads it with a guessed mapping', async () => {
      const advertiser = section(page).getByRole('combobox', { name: 'Advertiser' });
      await advertiser.click();
      await advertiser.fill(w.advertiser.company);
      await page.getByRole('option', { name: w.advertiser.company }).click();
      await section(page)
        .locator('input[name="period_from"]')
        .fill(day(Date.now() - 7 * DAY));
      await section(page)
        .locator('input[name="period_to"]')
        .fill(day(Date.now() + DAY));
      await section(page)
        .locator('input[type="file"]')
        .setInputFiles({ name: 'report.csv', mimeType: 'text/csv', buffer: Buffer.from(reportCsv(w.clicks, today)) });
      await section(page).getByRole('button', { name: 'Preview' }).click();
      const summary = section(page).getByTestId('preview-summary');
      await expect(summary).toContainText('CSV · UTF-8 · separator ;', { timeout: LOAD });
      await expect(summary).toContainText('3 rows');
      await expect(summary.locator('[data-source]')).toHaveAttribute('data-source', 'guess');
      await expect(section(page).getByRole('combobox', { name: 'Amount', exact: true })).toHaveValue('Amount');
      await expect(section(page).getByRole('combobox', { name: 'Decimal mark' })).toHaveValue('Comma: 1.234,56');
      await expect(section(page).getByTestId('report-preview').locator('tbody tr')).toHaveCount(3);
      await expect(section(page).getByTestId('cell-error')).toHaveCount(0);
    });

    await test.step('the amount read from the status column: errors in the cells, the upload refused', async () => {
      await pick(page, 'Amount', 'Status');
      await expect(section(page).getByTestId('preview-stale')).toBeVisible();
      await section(page).getByRole('button', { name: 'Preview again' }).click();
      const amounts = section(page).getByTestId('report-preview').locator('td[data-field="amount"]');
      await expect(amounts).toHaveCount(3, { timeout: LOAD });
      await expect(amounts.first()).toContainText('confirmed');
      await expect(amounts.first().getByTestId('cell-error')).toContainText('not an amount');
      await section(page).getByRole('button', { name: 'Upload' }).click();
      // The refusal stands under the file it is about, with the row and column named.
      const fileError = section(page).getByText(/^Row 1, column Status: .*Nothing was stored\.$/);
      await expect(fileError).toBeVisible({ timeout: LOAD });
      const fileInput = section(page).getByRole('button', { name: 'Report file' });
      await expect(fileInput).toHaveAttribute('aria-invalid', 'true');
      await expect(page).toHaveURL(/\/billing\/reconciliation$/);
      await shot(page, 'upload-preview-error');
      await expectAccessible(page, 'reconciliation upload with a preview and an error');
    });

    await test.step('fixed and previewed again, the upload opens the new import', async () => {
      await pick(page, 'Amount', 'Amount');
      await section(page).getByRole('button', { name: 'Preview again' }).click();
      await expect(section(page).getByTestId('preview-stale')).toBeHidden({ timeout: LOAD });
      await expect(section(page).getByTestId('cell-error')).toHaveCount(0);
      await expect(section(page).locator('td[data-field="amount"]').last()).toHaveText('50.00');
      await section(page).getByRole('button', { name: 'Upload' }).click();
      await expect(page).toHaveURL(/\/billing\/reconciliation\/[0-9a-f-]{36}$/, { timeout: LOAD });
      await expectNotice(page, 'Report uploaded: 3 rows');
    });
    const importUuid = page.url().split('/').pop()!;

    await test.step('the index lists the import and charts the advertiser', async () => {
      await page.goto(`/billing/reconciliation?advertiser_uuid=${w.advertiser.uuid}`);
      const rows = main(page).locator('table[data-list="reconciliation-imports"] tbody tr');
      await expect(rows).toHaveCount(1, { timeout: LOAD });
      await expect(rows.first()).toContainText('report.csv');
      await expect(rows.first()).toContainText(w.advertiser.company);
      await expect(rows.first().getByRole('link')).toHaveAttribute('href', `/billing/reconciliation/${importUuid}`);
      const chart = main(page).getByTestId('discrepancy-chart');
      await expect(chart).toContainText(w.advertiser.company);
      // The figures as screen readers get them: the percent and the amounts behind it, as the import's summary has
      // them (the quick clicks of this test may have some of ours rejected for traffic quality).
      const { summary } = await api.get<{ summary: Record<'ours' | 'theirs' | 'difference', Record<string, number>> }>(
        `/api/reconciliation/v1/imports/${importUuid}`,
      );
      const [ours, theirs, diff] = [summary.ours.EUR ?? 0, summary.theirs.EUR ?? 0, summary.difference.EUR ?? 0];
      expect(theirs).toBe(17_000);
      expect(ours, 'some of our conversions count').toBeGreaterThan(0);
      const percent = Math.round((Math.abs(diff) / ours) * 1000) / 10;
      const signed = diff > 0 ? `+${eur(diff)}` : diff < 0 ? `-${eur(-diff)}` : eur(0);
      await expect(chart.getByRole('list')).toContainText(
        `EUR ${percent}%: ours ${eur(ours)}, theirs ${eur(theirs)}, difference ${signed}`,
        { timeout: LOAD },
      );
      await expect(chart.locator('.recharts-bar-rectangle')).toHaveCount(1);
      await shot(page, 'index-with-chart');
      await expectAccessible(page, 'reconciliation imports with the chart');
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(chart).toBeVisible();
      await shot(page, 'index-narrow');
      await main(page).getByRole('button', { name: 'Upload report' }).click();
      await expect(section(page)).toBeVisible();
      await shot(page, 'upload-narrow');
      await page.setViewportSize({ width: 1440, height: 900 });
    });
  });
});

test.describe('reconciliation for a manager', () => {
  const manager = useSignedInPage('manager');

  test('the header leads to the imports, though the rest of billing is not theirs', async () => {
    const page = manager();
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Billing' })).toHaveCount(0, { timeout: LOAD });
    await nav.getByRole('link', { name: 'Reconciliation' }).click();
    await expect(page).toHaveURL(/\/billing\/reconciliation$/);
    await expect(main(page).getByRole('columnheader', { name: 'Uploaded at' })).toBeVisible({ timeout: LOAD });
    await expect(main(page).getByRole('button', { name: 'Upload report' })).toBeVisible();
  });
});
