import { expect, test, type Page } from '@playwright/test';
import { sendAdvertiserPostback } from './support/advertiser-postback.ts';
import { allAffiliates, apiAs } from './support/api.ts';
import { BASE_URL } from './support/env.ts';
import { createActiveOffer, uniqueTitle } from './support/offers.ts';
import { useSignedInPage } from './support/shared-page.ts';

// Billing end to end: the admin previews the invoices of a period for one affiliate and currency, generates the
// invoice, prints it (only the invoice sheet is on paper), records a partial payment (an overpayment is refused at
// the field first), then the rest; the invoice is approved and its conversions read as paid in the invoice, the
// conversion detail and the conversions log.

const main = (page: Page) => page.getByRole('main');
const LOAD = 30_000;
const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

type Preview = {
  list: { affiliate: { uuid: string; email: string }; currency: string; total: number; conversions: number }[];
};

/** The next request for `url` waits until `release()`; `requested` settles once the page asked for it. */
async function holdBack(page: Page, url: string) {
  let asked!: () => void;
  let release!: () => void;
  const requested = new Promise<void>((resolve) => (asked = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    url,
    async (route) => {
      asked();
      await released;
      await route.continue();
    },
    { times: 1 },
  );
  return { requested, release };
}

const major = (minor: number) => (minor / 100).toFixed(2);
const eur = (minor: number) => `€${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

test.describe('billing', () => {
  // A step that cannot find its element fails in seconds, not at the end of the whole test's time.
  test.use({ actionTimeout: 20_000 });
  const admin = useSignedInPage('admin');

  test('preview and generate for a period, pay in part then in full, conversions read as paid', async ({
    browser,
    request,
  }) => {
    const page = admin();
    const period = { date_from: day(Date.now() - 45 * DAY), date_to: day(Date.now()) };

    // The demo's approved traffic: the affiliate and currency with the most unpaid conversions above the minimum.
    // The demo affiliate is left to the payments and referrals specs.
    const api = await apiAs(browser, request, 'admin');
    const { list } = await api.post<Preview>('/api/billing/v1/preview', period);
    const candidates = list.filter((p) => p.conversions >= 2 && p.total >= 200);
    const target =
      candidates
        .filter((p) => p.affiliate.email !== 'affiliate@demo.test')
        .sort((a, b) => b.conversions - a.conversions)[0] ?? candidates[0];
    expect(target, `an affiliate with unpaid approved conversions in ${JSON.stringify(period)}`).toBeTruthy();
    const { email } = target!.affiliate;

    await test.step('the list opens the generation form; while its code loads, the list is gone', async () => {
      await page.goto('/billing');
      await expect(main(page).getByRole('columnheader', { name: 'Paid so far' })).toBeVisible({ timeout: LOAD });
      // The form's code is held back, as on a slow network: under the new address the list (whose date filter is
      // an input named date_from too) must not stay on view to take what is typed for the form.
      const formCode = await holdBack(page, '**/assets/invoice-form-screen-*.js');
      await main(page).getByRole('link', { name: 'Generate invoices' }).click();
      await expect(page).toHaveURL(/\/billing\/invoice-create$/);
      await formCode.requested;
      await expect(main(page).getByTestId('loader')).toBeVisible();
      await expect(main(page).locator('input').filter({ visible: true })).toHaveCount(0);
      formCode.release();
      await expect(main(page).getByRole('heading', { name: 'For a period' })).toBeVisible({ timeout: LOAD });
    });

    await test.step('preview for the period, the currency and the affiliate', async () => {
      await main(page).locator('input[name="date_from"]').fill(period.date_from);
      await main(page).locator('input[name="date_to"]').fill(period.date_to);
      await expect(main(page).locator('input[name="date_from"]')).toHaveValue(period.date_from);
      await expect(main(page).locator('input[name="date_to"]')).toHaveValue(period.date_to);
      await expect(page).toHaveURL(/\/billing\/invoice-create$/);
      await main(page).getByRole('combobox', { name: 'Currency', exact: true }).click();
      await page.getByRole('option', { name: target!.currency, exact: true }).click();
      const affiliates = main(page).getByRole('combobox', { name: 'Affiliates', exact: true });
      await affiliates.click();
      await affiliates.fill(email);
      await page.getByRole('option', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) }).click();
      await main(page).getByRole('button', { name: 'Preview' }).click();
      await expect(page.getByTestId('preview-summary')).toHaveText(/^1 invoice would be created/, { timeout: LOAD });
      const row = page.getByTestId('invoice-preview').locator('tbody tr');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(email);
      // At least as many: the every-minute hold job may approve more of the affiliate's demo conversions meanwhile.
      const conversions = row.locator('td').nth(2);
      await expect.poll(async () => Number(await conversions.innerText())).toBeGreaterThanOrEqual(target!.conversions);
    });

    await test.step('generate: the new invoice opens, waiting', async () => {
      await main(page).getByRole('button', { name: 'Generate 1 invoice' }).click();
      await expect(page).toHaveURL(/\/billing\/invoice-detail\/[0-9a-f-]{36}$/, { timeout: LOAD });
      await expect(page.getByTestId('invoice-number')).toHaveText(/^INV-\d{4}-\d{6}$/);
      await expect(page.getByTestId('invoice-figures')).toContainText('Waiting');
      await expect(page.getByTestId('invoice-figures')).toContainText(email);
    });

    // The invoice's own total: approvals between the preview and the generation may have added to it.
    const invoice = await api.get<{ total: number }>(`/api/billing/v1/${page.url().split('/').pop()}`);
    expect(invoice.total).toBeGreaterThanOrEqual(target!.total);
    await test.step('printed, the page is the invoice alone: number, payee, lines and total', async () => {
      const sheet = page.getByTestId('printable-invoice');
      const number = (await page.getByTestId('invoice-number').innerText()).trim();
      await expect(sheet).toBeHidden();
      await page.emulateMedia({ media: 'print' });
      try {
        await expect(sheet).toBeVisible();
        await expect(main(page)).toBeHidden();
        await expect(sheet.getByRole('heading', { name: `Invoice ${number}` })).toBeVisible();
        await expect(sheet).toContainText(email);
        await expect(sheet.locator('tbody tr').first()).toBeVisible();
        const total = await sheet.locator('tfoot tr').first().locator('th').last().innerText();
        expect(Math.round(Number(total.replace(/[^\d.]/g, '')) * 100)).toBe(invoice.total);
      } finally {
        await page.emulateMedia({ media: 'screen' });
      }
      await expect(sheet).toBeHidden();
    });

    const partial = Math.floor(invoice.total / 2);
    await test.step('more than the open amount is refused at the field; a partial payment is recorded', async () => {
      await main(page).getByRole('button', { name: 'Record payment' }).click();
      const dialog = page.getByRole('dialog');
      const amount = dialog.getByLabel(/^Amount/);
      await expect(amount).toHaveValue(major(invoice.total));
      await amount.fill(major(invoice.total + 100));
      await dialog.getByRole('button', { name: 'Record payment' }).click();
      await expect(dialog.getByText(/more than the open amount/i)).toBeVisible();
      // The refusal is also a notification (as every failed call is); it would cover the header's buttons.
      const notices = page.getByTestId('notifications').getByRole('button');
      while ((await notices.count()) > 0) await notices.first().click();
      await amount.fill(major(partial));
      await dialog.getByLabel('Reference').fill('e2e-partial');
      await dialog.getByRole('button', { name: 'Record payment' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByTestId('invoice-figures')).toContainText('Partly paid');
      await expect(page.getByTestId('invoice-payments').locator('tbody tr')).toHaveCount(1);
      await expect(page.getByTestId('invoice-conversions')).not.toContainText('Yes');
    });

    await test.step('the rest pays it in full: approved, its conversions paid', async () => {
      await main(page).getByRole('button', { name: 'Record payment' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByLabel(/^Amount/)).toHaveValue(major(invoice.total - partial));
      await dialog.getByRole('button', { name: 'Record payment' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByTestId('invoice-figures')).toContainText('Approved');
      await expect(page.getByTestId('invoice-payments').locator('tbody tr')).toHaveCount(2);
      await expect(main(page).getByRole('button', { name: 'Record payment' })).toHaveCount(0);
      const paid = page.getByTestId('invoice-conversions').locator('td[data-paid]');
      await expect(paid.first()).toHaveText('Yes');
      await expect(page.getByTestId('invoice-conversions').locator('td[data-paid="false"]')).toHaveCount(0);
    });

    await test.step('statistics: the conversion detail and the conversions log say paid', async () => {
      const link = page.getByTestId('invoice-conversions').getByRole('link').first();
      const short = (await link.textContent())!.trim();
      await link.click();
      await expect(page).toHaveURL(/\/conversion\/detail\/[0-9a-f-]{36}$/, { timeout: LOAD });
      const fields = page.getByTestId('conversion-fields');
      await expect(fields.locator('[data-field="Paid"]')).toContainText('Yes', { timeout: LOAD });
      const uuid = page.url().split('/').pop()!;
      expect(uuid.startsWith(short)).toBe(true);
      const log = page.url().includes('/statistic/api/')
        ? '/statistic/api/conversion'
        : '/statistic/direct-link/conversion';
      await page.goto(`${log}?date_from=${period.date_from}&date_to=${period.date_to}&search=${uuid}`);
      const rows = main(page).locator('tbody tr[data-row-key]');
      await expect(rows).toHaveCount(1, { timeout: LOAD });
      const headers = (await main(page).getByRole('columnheader').allInnerTexts()).map((h) => h.trim());
      await expect(rows.first().locator('td').nth(headers.indexOf('Paid'))).toHaveText('Yes');
    });
  });

  test('the invoice form edits (payment system, a deduction) and deletes; the conversion is free again', async ({
    browser,
    request,
  }) => {
    const page = admin();
    const api = await apiAs(browser, request, 'admin');
    const PAYOUT = 4_000; // €40.00

    // One approved conversion of its own (a fresh offer, a click, an approved postback) of a generated partner, so
    // no other spec's invoice or balance is touched.
    const { list: active } = await allAffiliates(api, { status: 'active' });
    const partner = active.filter((a) => a.email !== 'affiliate@demo.test').at(-1);
    expect(partner, 'an active generated affiliate').toBeTruthy();
    const created = await createActiveOffer(api, {
      title: uniqueTitle('Invoice edit'),
      privacy: 'public',
      advertiser: 'advertiser@demo.test',
      revenue: 6_000,
      payout: PAYOUT,
      geos: [],
    });
    const offer = await api.get<{ id: number; advertiser: { uuid: string } }>(`/api/offers/v1/${created.uuid}`);
    const click = await request.get(`${BASE_URL}/click/${offer.id}?aff=${partner!.uuid}`, { maxRedirects: 0 });
    expect(click.status(), await click.text()).toBe(302);
    const clickId = new URL(click.headers().location).searchParams.get('click')!;
    const { response } = await sendAdvertiserPostback(request, api.token, offer.advertiser.uuid, {
      click_id: clickId,
      goal: 'ftd',
      status: 'approved',
    });
    const posted = await response.json();
    expect(response.status(), JSON.stringify(posted)).toBe(200);
    const conversion = posted.data.conversion_id as string;
    const made = await api.post<{ list: { uuid: string; number: string }[] }>('/api/billing/v1/generate', {
      conversion_uuids: [conversion],
    });
    const { uuid, number } = made.list[0]!;

    await test.step('edit: another payment system and a deduction with its reason', async () => {
      await page.goto(`/billing/invoice-detail/${uuid}`);
      await expect(page.getByTestId('invoice-number')).toHaveText(number, { timeout: LOAD });
      await main(page).getByRole('link', { name: 'Edit' }).click();
      await expect(page).toHaveURL(new RegExp(`/billing/invoice-edit/${uuid}$`));
      await main(page).getByRole('combobox', { name: 'Payment system', exact: true }).click();
      await page.getByRole('option', { name: 'Bank wire', exact: true }).click();
      await main(page).getByRole('button', { name: 'Add adjustment' }).click();
      const row = main(page).getByTestId('adjustment-row');
      await row.getByText('−', { exact: true }).click();
      await row.getByRole('textbox', { name: 'Amount' }).fill('5.00');
      await row.getByRole('textbox', { name: 'Why' }).fill('Chargeback of one deposit');
      await expect(main(page).getByTestId('total-after-edit')).toContainText(eur(PAYOUT - 500));
      await main(page).getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/billing/invoice-detail/${uuid}$`), { timeout: LOAD });
      await expect(page.getByTestId('invoice-lines')).toContainText('Chargeback of one deposit');
      await expect(page.getByTestId('invoice-figures')).toContainText('Bank wire');
      const saved = await api.get<{ total: number; payment_system: string }>(`/api/billing/v1/${uuid}`);
      expect(saved).toMatchObject({ total: PAYOUT - 500, payment_system: 'wire' });
    });

    await test.step("payment details: frozen at creation; staff take the affiliate's current ones on purpose", async () => {
      const details = page.getByTestId('payment-details');
      await expect(details).toBeVisible();
      await main(page).getByRole('button', { name: 'Use current details' }).click();
      const dialog = page.getByRole('dialog', { name: `Payment details of ${number}` });
      await expect(dialog).toContainText('a change made with a stolen session would otherwise redirect this payout');
      await dialog.getByRole('button', { name: 'Use current details' }).click();
      await expect(page.getByText(`Payment details of ${number} taken from the affiliate's account`)).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('invoice-history')).toContainText(
        "Payment details taken from the affiliate's account",
      );
    });

    await test.step('delete: the same form screen, confirmed; the conversion can be invoiced again', async () => {
      await main(page).getByRole('link', { name: 'Delete' }).click();
      await expect(page).toHaveURL(new RegExp(`/billing/invoice-delete/${uuid}$`));
      const confirm = main(page).getByRole('button', { name: 'Delete invoice' });
      await expect(confirm).toBeDisabled();
      await main(page).getByLabel('I understand this cannot be undone').check();
      await confirm.click();
      await expect(page).toHaveURL(/\/billing$/, { timeout: LOAD });
      expect((await api.raw('GET', `/api/billing/v1/${uuid}`)).status()).toBe(404);
      const again = await api.post<{ list: { total: number }[] }>('/api/billing/v1/preview', {
        conversion_uuids: [conversion],
      });
      expect(again.list).toEqual([expect.objectContaining({ total: PAYOUT })]);
    });
  });
});
