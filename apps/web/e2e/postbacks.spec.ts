import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin } from './support/auth.ts';
import { BASE_URL } from './support/env.ts';
import { useSignedInPage } from './support/shared-page.ts';
import { sendAdvertiserPostback } from './support/advertiser-postback.ts';

// The affiliate sets a postback URL (with a macro clicked in), sends a test
// and sees the attempt, adds a per-offer URL; after a click and an advertiser's postback, staff find the
// inbound postback (token masked) and the outbound one in Statistics › Postbacks and send it again.

const main = (page: Page) => page.getByRole('main');
const OFFER = 'CoinApp — crypto wallet'; // takes every country, mobile devices only
const MOBILE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
// A name that never resolves: the test shows the attempt's error wherever the suite runs.
const URL_BASE = 'https://postbacks-e2e.invalid/pb?cid=';

const api = async (request: APIRequestContext, token: string, path: string) => {
  const response = await request.get(`${BASE_URL}${path}`, { headers: { 'PXL-AUTHORIZATION': token } });
  expect(response.status(), path).toBe(200);
  return (await response.json()).data;
};

type Outbound = { uuid: string; url: string; attempts_count: number };

/**
 * A click of the demo affiliate on the offer, then the advertiser's postback on it; returns the outbound postback it
 * fired once its first attempt is made. Other files running at the same time convert for the same affiliate (on this
 * offer too, and leads without a click fire the general URL with an empty click id), so the postback is found by its
 * click id, never as "the newest row".
 */
async function convert(request: APIRequestContext): Promise<{ clickId: string; token: string; postback: string }> {
  const admin = await apiLogin(request, 'admin');
  const affiliate = await apiLogin(request, 'affiliate');
  const offer = (
    await api(request, admin.token, `/api/offers/v1/list?search=${encodeURIComponent('CoinApp')}`)
  ).list.find((o: { title: string }) => o.title === OFFER);
  const detail = await api(request, admin.token, `/api/offers/v1/${offer.uuid}`);
  const click = await request.get(`${BASE_URL}/click/${offer.id}?aff=${affiliate.uuid}&sub1=e2e-postbacks`, {
    headers: { 'User-Agent': MOBILE_UA },
    maxRedirects: 0,
  });
  expect(click.status()).toBe(302);
  const clickId = new URL(click.headers().location).searchParams.get('cid') ?? '';
  expect(clickId).not.toBe('');
  const txid = `e2e-${Date.now()}`;
  let token = '';
  await expect
    .poll(
      async () => {
        const sent = await sendAdvertiserPostback(request, admin.token, offer.advertiser.uuid, {
          click_id: clickId,
          goal: detail.goals[0].goal,
          status: 'approved',
          txid,
        });
        token = sent.token;
        return sent.response.status();
      },
      { timeout: 60_000 },
    )
    .toBe(200);
  return { clickId, token, postback: await firedPostback(request, admin.token, offer.uuid, clickId) };
}

/** The uuid of the outbound postback whose URL names the click, once its first attempt is made. */
async function firedPostback(
  request: APIRequestContext,
  token: string,
  offerUuid: string,
  clickId: string,
): Promise<string> {
  let found: Outbound | undefined;
  await expect
    .poll(
      async () => {
        const { list } = await api(request, token, `/api/postbacks/v1/outbound?offer_uuid=${offerUuid}&count=100`);
        found = (list as Outbound[]).find((p) => p.url.includes(clickId));
        return found?.attempts_count ?? 0;
      },
      { timeout: 60_000 },
    )
    .toBeGreaterThan(0);
  return found!.uuid;
}

test.describe('postbacks: affiliate settings and test send; staff logs and send again', () => {
  const affiliate = useSignedInPage('affiliate');
  const admin = useSignedInPage('admin');

  test('affiliate sets URLs, tests one, adds a per-offer URL; staff see both logs and send again', async ({
    request,
  }) => {
    const page = affiliate();
    await test.step('a URL with a macro clicked in, a test that shows the attempt', async () => {
      await page.goto('/settings/postback');
      const conversion = main(page).locator('input[name="url-conversion"]');
      await conversion.fill(URL_BASE);
      await main(page).getByRole('button', { name: 'Insert {click_id}' }).click();
      await expect(conversion).toHaveValue(`${URL_BASE}{click_id}`);
      await main(page).getByRole('button', { name: 'Send test' }).first().click();
      const result = main(page).getByTestId('postback-attempt').first();
      await expect(result).toContainText('postbacks-e2e.invalid/pb?cid=', { timeout: 60_000 });
      await expect(result).not.toContainText('{click_id}');
    });
    await test.step('a per-offer URL; Save; the values come back after a reload', async () => {
      // Save sends every URL at once: the form is loaded again just before (the general URL typed again), so a
      // per-offer URL another file saved during the test send above is not saved away.
      await page.reload();
      await main(page).locator('input[name="url-conversion"]').fill(`${URL_BASE}{click_id}`);
      // Each row's visible fields: offer, event, URL. Only this offer's rows are removed (a rerun on the same
      // database); other files' per-offer URLs stay.
      const overrides = main(page).getByTestId('postback-override');
      const fields = () =>
        overrides.evaluateAll((els) =>
          els.map((el) => [...el.querySelectorAll<HTMLInputElement>('input:not([type="hidden"])')].map((i) => i.value)),
        );
      const ours = async () => (await fields()).findIndex(([offer]) => offer.includes(OFFER));
      for (let i = await ours(); i >= 0; i = await ours())
        await overrides
          .nth(i)
          .getByRole('button', { name: /^Remove per-offer URL/ })
          .click();
      await main(page).getByRole('button', { name: 'Add per-offer URL' }).click();
      await overrides.last().getByPlaceholder('Search by ID or title').fill('CoinApp');
      await page.getByRole('option', { name: new RegExp(OFFER) }).click();
      await overrides.last().locator('input[name^="override-"]').fill(`${URL_BASE}{click_id}&goal={goal}`);
      await main(page).getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Postback settings saved')).toBeVisible();
      await page.reload();
      await expect(main(page).locator('input[name="url-conversion"]')).toHaveValue(`${URL_BASE}{click_id}`);
      await expect
        .poll(fields)
        .toContainEqual([expect.stringContaining(OFFER), 'Conversion', `${URL_BASE}{click_id}&goal={goal}`]);
    });

    const { clickId, token, postback } = await test.step("a click and the advertiser's postback", () =>
      convert(request));

    await test.step('staff: the inbound postback with the token masked', async () => {
      const staff = admin();
      await staff.goto('/statistic/postbacks?tab=inbound');
      const row = main(staff)
        .locator('tbody tr')
        .filter({ hasText: clickId.slice(0, 8) })
        .first();
      await expect(row).toContainText('200');
      await row.getByRole('button', { name: 'Expand row' }).click();
      const detail = main(staff).locator(`tr[data-expanded-of="${await row.getAttribute('data-row-key')}"]`);
      await expect(detail).toContainText(clickId);
      await expect(detail).toContainText('token');
      await expect(detail).not.toContainText(token);
    });
    await test.step('staff: the outbound postback to the per-offer URL, sent again', async () => {
      const staff = admin();
      await staff.getByText('Outbound', { exact: true }).click();
      // The URL cell is cut before the click id: the row's attempts name it.
      const row = main(staff).locator(`tbody tr[data-row-key="${postback}"]`);
      await expect(row).toContainText('CoinApp');
      await row.getByRole('button', { name: 'Expand row' }).click();
      await expect(main(staff).locator(`tr[data-expanded-of="${postback}"]`)).toContainText(clickId);
      await row.getByRole('button', { name: 'Send again' }).click();
      await staff.getByRole('dialog').getByRole('button', { name: 'Send again' }).click();
      await expect(staff.getByText('Postback sent again')).toBeVisible();
    });
    await test.step('the affiliate finds it in their own log', async () => {
      await page.reload();
      await main(page)
        .locator(`tbody tr[data-row-key="${postback}"]`)
        .getByRole('button', { name: 'Expand row' })
        .click();
      await expect(main(page).locator(`tr[data-expanded-of="${postback}"]`)).toContainText(clickId);
    });
  });
});
