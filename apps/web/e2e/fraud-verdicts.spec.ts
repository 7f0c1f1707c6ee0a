import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { Api } from './support/api.ts';
import { apiLogin } from './support/auth.ts';
import { expectAccessible } from './support/axe.ts';
import { BASE_URL } from './support/env.ts';
import { expectNotice } from './support/notices.ts';
import { createActiveOffer, uniqueTitle } from './support/offers.ts';
import { useSignedInPage } from './support/shared-page.ts';
import { shot as takeShot } from './support/shots.ts';
import { sendAdvertiserPostback } from './support/advertiser-postback.ts';

// Fraud verdicts on the screens (docs/product/fraud.md): a click from a headless browser is scored on the click path;
// the click log shows its score as a flagged badge whose popover says the reasons in words, and "score at least"
// keeps it; its conversion's detail shows the conversion's and the click's verdicts; a user session's expanded row
// shows its verdict; the offer form's Traffic quality section saves the offer's own values over the network's.

const LOAD = 30_000;
const main = (page: Page) => page.getByRole('main');
const shot = (page: Page, name: string) => takeShot(page, name, 'fraud');
const HEADLESS_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36';
const today = () => new Date().toISOString().slice(0, 10);

type Scored = { uuid: string; fraud_score: number | null };

/** A click of the demo affiliate from a headless browser on a fresh offer, and its conversion; both once scored. */
async function headlessClick(request: APIRequestContext) {
  const admin = new Api(request, (await apiLogin(request, 'admin')).token);
  const affiliate = await apiLogin(request, 'affiliate');
  const offer = await createActiveOffer(admin, {
    title: uniqueTitle('Fraud verdicts'),
    privacy: 'public',
    advertiser: 'advertiser@demo.test',
    revenue: 20_000,
    payout: 10_000,
    geos: [],
    holdDays: 30,
  });
  const res = await request.get(`${BASE_URL}/click/${offer.id}?aff=${affiliate.uuid}&sub1=e2e-fraud`, {
    headers: { 'User-Agent': HEADLESS_UA },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(302);
  const range = `kind=direct_link&tz=UTC&date_from=${today()}&date_to=${today()}&offer=${offer.uuid}`;
  // Clicks are written in batches within a second: wait for the row, scored.
  let click: Scored | undefined;
  await expect
    .poll(
      async () => {
        click = (await admin.get<{ list: Scored[] }>(`/api/statistic/v1/clicks?${range}`)).list[0];
        return click?.fraud_score ?? null;
      },
      { timeout: LOAD },
    )
    .toBeGreaterThanOrEqual(50);
  const detail = await admin.get<{ advertiser: { uuid: string }; goals: { goal: string }[] }>(
    `/api/offers/v1/${offer.uuid}`,
  );
  const postback = await sendAdvertiserPostback(request, admin.token, detail.advertiser.uuid, {
    click_id: click!.uuid,
    goal: detail.goals[0].goal,
    status: 'pending',
    txid: `e2e-fraud-${Date.now()}`,
  });
  expect(postback.response.status(), await postback.response.text()).toBe(200);
  const conversion = (await admin.get<{ list: Scored[] }>(`/api/statistic/v1/conversions?${range}`)).list[0];
  return { offer, click: click!, conversion, range };
}

test.describe.serial('admin', () => {
  const admin = useSignedInPage('admin');
  let made: Awaited<ReturnType<typeof headlessClick>>;

  test('the click log shows a flagged score with its reasons in words, and filters by score', async ({ request }) => {
    made = await headlessClick(request);
    const page = admin();
    await page.goto(`/statistic/direct-link/clicks?tz=UTC&date_from=${today()}&date_to=${today()}&fraud_score_min=50`);
    await expect(main(page).getByLabel('Fraud score at least')).toHaveValue('50', { timeout: LOAD });
    await main(page).getByRole('textbox', { name: 'Search' }).fill(made.click.uuid);
    const row = main(page).locator('tbody tr[data-row-key]').first();
    const badge = row.getByRole('button', { name: /^Fraud score \d+ of 100, flagged: \d+ reasons?, show them$/ });
    await expect(badge).toBeVisible({ timeout: LOAD });
    await badge.click();
    const reasons = page.getByTestId('fraud-reasons');
    await expect(reasons).toContainText('Bot or headless browser');
    await expect(reasons).toContainText('weight 80');
    await expect(reasons).toContainText('HeadlessChrome');
    await expectAccessible(page, 'admin click log, fraud reasons open');
    await shot(page, 'click-log-reasons');
    await page.keyboard.press('Escape');
    await expect(reasons).toHaveCount(0);

    // Above the click's score the filter leaves it out.
    await main(page)
      .getByLabel('Fraud score at least')
      .fill(String(made.click.fraud_score! + 1));
    const empty = main(page).getByTestId('table-empty');
    await expect(empty).toContainText('Nothing found', { timeout: LOAD });
    await expect(empty).toContainText(`Fraud score at least ${made.click.fraud_score! + 1}`);
  });

  test("the conversion detail shows the conversion's and the click's verdicts", async () => {
    const page = admin();
    await page.goto(`/statistic/direct-link/conversion/detail/${made.conversion.uuid}`);
    const section = main(page).getByTestId('conversion-fraud');
    await expect(section.getByTestId('fraud-click')).toContainText('Bot or headless browser', { timeout: LOAD });
    await expect(section.getByTestId('fraud-click')).toContainText('flagged');
    await expect(section.getByTestId('fraud-conversion')).toContainText(/Bot or headless browser|Not scored/);
    await expectAccessible(page, 'admin conversion detail');
    await shot(page, 'conversion-detail');
  });

  test("a user session's expanded row shows its verdict in words", async () => {
    const page = admin();
    const day = (ms: number) => new Date(Date.now() - ms).toISOString().slice(0, 10);
    // The demo network carries scored leads (docs/product/fraud.md): the filter keeps them.
    await page.goto(`/statistic/api/user-session?date_from=${day(7 * 86_400_000)}&date_to=${day(0)}&fraud_score_min=1`);
    const row = main(page).locator('tbody tr[data-row-key]').first();
    await expect(row.getByRole('button', { name: /^Fraud score \d+ of 100/ })).toBeVisible({ timeout: LOAD });
    await row.getByRole('button', { name: 'Expand row' }).click();
    const verdict = main(page).locator('tr[data-expanded-of]').first().getByTestId('session-fraud');
    await expect(verdict).toContainText('Traffic quality');
    await expect(verdict).toContainText(/of 100, (below the flag|flagged)/);
    const reason = verdict.getByTestId('fraud-reasons').locator('li').first();
    await expect(reason).toContainText(/weight \d+/);
    await expectAccessible(page, 'admin user sessions, a scored row expanded');
    await shot(page, 'session-detail');
  });

  test("the offer form saves the offer's own values over the network's", async () => {
    const page = admin();
    await page.goto(`/offers/edit-direct-link/${made.offer.uuid}`);
    const section = main(page).getByTestId('section-traffic-quality');
    const bot = section.getByLabel('Bot or headless browser');
    await expect(bot).toHaveAttribute('placeholder', /^Network: \d+$/, { timeout: LOAD });
    await expect(bot).toHaveValue('');
    await bot.fill('100');
    await section.getByLabel('Shortest click to conversion').fill('30');
    await section.getByLabel('Hold the conversion', { exact: true }).fill('70');
    await section.getByRole('checkbox', { name: 'Off for this offer: Refuse the lead' }).check();
    await section.getByRole('button', { name: 'Save traffic quality' }).click();
    await expectNotice(page, 'Traffic quality saved');
    await page.reload();
    await expect(section.getByLabel('Bot or headless browser')).toHaveValue('100', { timeout: LOAD });
    await expect(section.getByLabel('Shortest click to conversion')).toHaveValue('30');
    await expect(section.getByLabel('Hold the conversion', { exact: true })).toHaveValue('70');
    await expect(section.getByRole('checkbox', { name: 'Off for this offer: Refuse the lead' })).toBeChecked();
    await expect(section.getByLabel('Reject the conversion', { exact: true })).toHaveValue('');
    await expectAccessible(page, 'admin offer form, traffic quality');
    await shot(page, 'offer-traffic-quality');

    // A minimum at or above the maximum is refused under its field, and nothing is stored.
    await section.getByLabel('Longest click to conversion').fill('60');
    await section.getByLabel('Shortest click to conversion').fill('600');
    await section.getByRole('button', { name: 'Save traffic quality' }).click();
    await expect(section.getByText('Longer than the minimum')).toBeVisible({ timeout: LOAD });
    await page.reload();
    await expect(section.getByLabel('Longest click to conversion')).toHaveValue('', { timeout: LOAD });
  });
});

test.describe('manager', () => {
  const manager = useSignedInPage('manager');

  // An offer's own values can switch the checks off: admin and head's, like Settings › Fraud.
  test('has no Traffic quality section on the offer form', async ({ request }) => {
    const api = new Api(request, (await apiLogin(request, 'manager')).token);
    const offer = (await api.get<{ list: { uuid: string }[] }>('/api/offers/v1/list?type=direct_link&count=1')).list[0];
    const page = manager();
    await page.goto(`/offers/edit-direct-link/${offer.uuid}`);
    await expect(main(page).getByTestId('section-landings')).toBeVisible({ timeout: LOAD });
    await expect(main(page).getByTestId('section-traffic-quality')).toHaveCount(0);
  });
});
