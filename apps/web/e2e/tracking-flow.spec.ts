import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { apiAs } from './support/api.ts';
import { sessionCookies } from './support/auth.ts';
import { BASE_URL } from './support/env.ts';
import { startLandingServer, type LandingServer } from './support/landing-server.ts';
import { createActiveOffer, pick, portalSearch, uniqueTitle } from './support/offers.ts';
import { useSignedInPage } from './support/shared-page.ts';
import { sendAdvertiserPostback } from './support/advertiser-postback.ts';

// The affiliate builds a link, opens it and lands on the landing page with the click id;
// the advertiser's postback makes a conversion; the affiliate's postback reaches their tracker and staff see
// both in Statistics › Postbacks. The landing and the tracker are one real local server (no interception).

const main = (page: Page) => page.getByRole('main');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SUB1 = 'e2e-flow-camp';
const PAYOUT = 12_345; // minor units: the affiliate's postback carries it as 123.45

/** A screenshot kept with the run's results, for a person to look at. */
const shot = async (page: Page, testInfo: TestInfo, name: string) => {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
};

type OfferDetail = { uuid: string; id: number; advertiser: { uuid: string }; goals: { goal: string }[] };
type Landing = { uuid: string; id: number; name: string };

test.describe('tracking flow: link, click, landing, postback, logs', () => {
  const affiliate = useSignedInPage('affiliate');
  const admin = useSignedInPage('admin');
  let server: LandingServer;
  test.beforeAll(async () => {
    server = await startLandingServer();
  });
  test.afterAll(async () => {
    await server?.close();
  });

  test('a built link lands with its click id; the postback converts and reaches the affiliate', async ({
    browser,
    request,
  }, testInfo) => {
    const api = await apiAs(browser, request, 'admin');
    const title = uniqueTitle('Tracking flow');
    const page = affiliate();
    const affiliateUuid = (await sessionCookies(page.context())).uuid;

    const { offer, landing } =
      await test.step('admin API: a public offer of the demo advertiser with a landing on the local server', async () => {
        // No countries: the click comes from 127.0.0.1, which has none.
        const created = await createActiveOffer(api, {
          title,
          privacy: 'public',
          advertiser: 'advertiser@demo.test',
          revenue: 20_000,
          payout: PAYOUT,
          geos: [],
        });
        const lp = await api.post<Landing>('/api/landings/v1/create', {
          name: `${title} landing`,
          url: `${server.url}/lp?click={click_id}&aff={affiliate_id}&s1={sub1}`,
          status: 'active',
          offer_uuids: [created.uuid],
        });
        return { offer: await api.get<OfferDetail>(`/api/offers/v1/${created.uuid}`), landing: lp };
      });

    const link = await test.step("affiliate: the offer's link builder with the landing and a sub1", async () => {
      const card = await portalSearch(page, 'all', title);
      await expect(card).toHaveCount(1);
      await card.getByRole('link', { name: title }).click();
      await expect(page).toHaveURL(`${BASE_URL}/offers/direct-link/detail/${offer.id}`);
      const builder = page.getByTestId('link-builder');
      // The offer's only landing is chosen already.
      await expect(builder.getByRole('combobox', { name: 'Landing', exact: true })).toHaveValue(
        `${landing.name} (ID ${landing.id})`,
      );
      // The panel's own host, which this test can reach whatever tracking domains other tests added.
      await pick(page, builder, 'Tracking domain', new URL(BASE_URL).host);
      await builder.getByRole('textbox', { name: 'sub1' }).fill(SUB1);
      await builder.getByRole('button', { name: 'Build link' }).click();
      const shown = builder.getByLabel('Tracking link', { exact: true });
      await expect(shown).toHaveText(new RegExp(`^${BASE_URL}/click/${offer.id}\\?`));
      const url = new URL((await shown.textContent())!);
      expect(Object.fromEntries(url.searchParams)).toEqual({
        aff: affiliateUuid,
        landing: String(landing.id),
        sub1: SUB1,
      });
      return url.href;
    });

    const clickId =
      await test.step('the link redirects to the landing page with the click id, affiliate and sub1', async () => {
        await page.goto(link);
        await expect(page).toHaveURL(new RegExp(`^${server.url}/lp\\?`));
        await expect(page.getByRole('heading', { name: 'Landing' })).toBeVisible();
        const id = (await page.getByTestId('click-id').textContent()) ?? '';
        expect(id).toMatch(UUID);
        await expect(page.getByTestId('affiliate-id')).toHaveText(affiliateUuid);
        await expect(page.getByTestId('sub1')).toHaveText(SUB1);
        expect(server.hits('/lp')).toContainEqual({ click: id, aff: affiliateUuid, s1: SUB1 });
        await shot(page, testInfo, 'landing');
        return id;
      });

    await test.step('affiliate: a per-offer conversion URL pointing at the local tracker', async () => {
      // Per offer, so the general URLs other tests set are left alone. It is not removed afterwards: it only
      // concerns this run's offer, and removing it means saving every URL again over a concurrent test's.
      await page.goto('/settings/postback');
      await main(page).getByRole('button', { name: 'Add per-offer URL' }).click();
      const row = main(page).getByTestId('postback-override').last();
      await row.getByPlaceholder('Search by ID or title').fill(title);
      await page.getByRole('option', { name: `#${offer.id} ${title}` }).click();
      await row.locator('input[name^="override-"]').fill(`${server.url}/pb?cid={click_id}&payout={payout}`);
      await main(page).getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Postback settings saved')).toBeVisible();
      await page.reload();
      // Each row's visible fields: offer, event, URL.
      const rows = main(page).getByTestId('postback-override');
      await expect
        .poll(() =>
          rows.evaluateAll((els) =>
            els.map((el) =>
              [...el.querySelectorAll<HTMLInputElement>('input:not([type="hidden"])')].map((i) => i.value),
            ),
          ),
        )
        .toContainEqual([`#${offer.id} ${title}`, 'Conversion', `${server.url}/pb?cid={click_id}&payout={payout}`]);
    });

    const conversionId =
      await test.step("the advertiser's postback records an accepted, approved conversion", async () => {
        const { response } = await sendAdvertiserPostback(request, api.token, offer.advertiser.uuid, {
          click_id: clickId,
          goal: offer.goals[0].goal,
          status: 'approved',
        });
        const body = await response.json();
        expect(response.status(), JSON.stringify(body)).toBe(200);
        expect(body.data).toMatchObject({ status: 'approved', flow: 'accepted', created: true });
        return body.data.conversion_id as string;
      });

    await test.step("the affiliate's tracker gets the conversion postback with the click id and payout", async () => {
      await expect
        .poll(() => server.hits('/pb'), { timeout: 30_000 })
        .toContainEqual({ cid: clickId, payout: '123.45' });
    });

    await test.step('staff: the inbound postback of the click and its conversion', async () => {
      const staff = admin();
      await staff.goto(`/statistic/postbacks?tab=inbound&offer_uuid=${offer.uuid}`);
      const row = main(staff).locator('tbody tr[data-row-key]');
      await expect(row).toHaveCount(1, { timeout: 30_000 });
      await expect(row).toContainText(clickId.slice(0, 8));
      await expect(row).toContainText('200');
      await row.getByRole('button', { name: 'Expand row' }).click();
      const detail = main(staff).locator('tr[data-expanded-of]');
      await expect(detail).toContainText(clickId);
      await expect(detail).toContainText(`"conversion_id": "${conversionId}"`);
      await expect(detail).toContainText('"flow": "accepted"');
    });

    await test.step('staff: the outbound postback delivered to the tracker with 200', async () => {
      const staff = admin();
      await staff.getByText('Outbound', { exact: true }).click();
      await expect(staff).toHaveURL(
        (url) => !url.searchParams.has('tab') && url.searchParams.get('offer_uuid') === offer.uuid,
      );
      const row = main(staff).locator('tbody tr[data-row-key]');
      await expect(row).toHaveCount(1, { timeout: 30_000 });
      await expect(row).toContainText('Conversion');
      // Fetched while still pending, the row is looked at again every 10 s: room for a few looks on a busy machine.
      await expect(row).toContainText('Delivered', { timeout: 45_000 });
      await expect(row).toContainText('200');
      await row.getByRole('button', { name: 'Expand row' }).click();
      const attempt = main(staff).locator('tr[data-expanded-of]').getByTestId('postback-attempt');
      await expect(attempt).toContainText(`${server.url}/pb?cid=${clickId}&payout=123.45`);
      await expect(attempt).toContainText(`tracker got ${clickId}`);
      await shot(staff, testInfo, 'postbacks-log');
    });
  });
});
