import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { apiAs } from './support/api.ts';
import { expectScreen, visit } from './support/pages.ts';
import { pick, uniqueTitle } from './support/offers.ts';
import { useSignedInPage } from './support/shared-page.ts';

// Staff configure a product on the sandbox template and test it, attach it to an API offer;
// the affiliate sends a lead with curl (the example of their offer page, run as written, with their key); the
// lead shows in the offer's figures and, after the status job pulled the sandbox buyer, its FTD.

const main = (page: Page) => page.getByRole('main');

async function openAdvertiser(page: Page) {
  await visit(page, '/roles/advertisers?search=advertiser%40demo.test');
  const row = main(page).getByRole('row').filter({ hasText: 'advertiser@demo.test' }).first();
  await row.getByRole('button', { name: 'Expand row' }).click();
}

test.describe('lead distribution', () => {
  const admin = useSignedInPage('admin');
  const affiliate = useSignedInPage('affiliate');

  test('a tested sandbox product takes a curl lead on an API offer; the lead is in the figures, then its FTD', async ({
    browser,
    request,
  }) => {
    // The status job runs every minute and the sandbox reports the FTD a few seconds after the lead.
    const p = admin();
    const name = uniqueTitle('Sandbox buyer');
    const secret = `e2e-sandbox-${Date.now()}`;

    await test.step('staff make a product on the sandbox template: key, every lead an FTD, statuses moving each second', async () => {
      await openAdvertiser(p);
      await main(p).getByRole('button', { name: 'Add product' }).click();
      const modal = p.getByRole('dialog', { name: 'New product' });
      await modal.getByRole('textbox', { name: 'Name' }).fill(name);
      await pick(p, modal, 'Integration type', 'Sandbox buyer');
      await pick(p, modal, 'Status', /^Active$/);
      await modal.getByRole('button', { name: 'Add credential' }).click();
      await modal.getByRole('textbox', { name: 'Credential name' }).fill('api_key');
      await modal.getByLabel('Credential value').fill(secret);
      await modal.getByRole('button', { name: /Sandbox buyer/ }).click();
      await modal.getByRole('textbox', { name: 'FTD share (%)' }).fill('100');
      await modal.getByRole('textbox', { name: 'Status step (s)' }).fill('1');
      await modal.getByRole('button', { name: 'Create product' }).click();
      await expect(modal).toBeHidden();
    });

    await test.step('its test lead passes in Test API › Integrations: the product is tested', async () => {
      await main(p)
        .getByRole('button', { name: `Edit ${name}` })
        .click();
      const modal = p.getByRole('dialog', { name: `Edit product ${name}` });
      await modal.getByRole('link', { name: 'Send a test lead' }).click();
      await expectScreen(p, '/settings/test-api/integrations', 'Test API');
      const form = p.getByRole('form', { name: 'Test lead' });
      await expect(form.getByRole('combobox', { name: 'Product' })).toHaveValue(name);
      await form.getByRole('button', { name: 'Send test lead' }).click();
      await expect(p.getByTestId('integration-result').getByTestId('marked-tested')).toContainText(
        'Product marked as tested',
      );
      await expect(main(p)).not.toContainText(secret);
    });

    const staff = await apiAs(browser, request, 'admin');
    const products = await staff.get<{ list: { uuid: string; name: string }[] }>('/api/offers/v1/product-options');
    const product = products.list.find((x) => x.name === name)!;
    expect(product, 'the new product is offered to API offers').toBeTruthy();
    const offer = await staff.post<{ uuid: string; id: number }>('/api/offers/v1/create', {
      type: 'api',
      title: uniqueTitle('Lead API offer'),
      vertical: 'crypto',
      privacy: 'public',
      currency: 'EUR',
      geos: ['DE'],
    });
    await test.step('the product is attached to a new public API offer, which goes live', async () => {
      await staff.call('PUT', `/api/offers/v1/${offer.uuid}/goals`, {
        hold_days: 7,
        goals: [{ goal: 'ftd', payment_type: 'cpa', revenue: 60_000, payout: 45_000, geo_rates: [] }],
        overrides: [],
      });
      await staff.call('PUT', `/api/offers/v1/${offer.uuid}/products`, {
        products: [{ product_uuid: product.uuid, priority: 1, weight: 100, geos: [] }],
      });
      await staff.post(`/api/offers/v1/${offer.uuid}/status`, { status: 'active' });
      await visit(p, `/offers/detail-api/${offer.uuid}`);
      await expect(main(p).getByText(name)).toBeVisible();
    });

    const a = affiliate();
    const key = (
      await (
        await apiAs(browser, request, 'affiliate')
      ).post<{ key: string }>('/api/account/v1/api-keys', { name: 'e2e curl' })
    ).key;
    let leadId = '';
    await test.step('the affiliate runs the curl example of their offer page with their key: accepted, with an autologin URL', async () => {
      await visit(a, `/offers/api/detail/${offer.id}`);
      const example = await main(a).locator('pre[aria-label="Send a lead"]').innerText();
      expect(example).toContain(`"offer_id": ${offer.id}`);
      const stamp = Date.now().toString(36);
      const command = example
        .replace(/pxl_\S*…|<your API key>/, key)
        .replace('<your unique id for this lead>', `e2e-${stamp}`)
        .replace('<first name>', 'Erika')
        .replace('<last name>', 'Mustermann')
        .replace('<email>', `erika.${stamp}@example.com`)
        .replace(/<phone[^>]*>/, `+49151${Date.now().toString().slice(-8)}`)
        .replace('<IPv4 or IPv6 of the lead>', '46.4.0.1')
        .replace(/"click_id": "[^"]*",?\s*/, '')
        .replace(/"landing": \d+,?\s*/, '')
        .replace(/<optional: male, female or other>/, 'female')
        .replace(/<optional[^>]*>/g, 'e2e');
      const answer = JSON.parse(
        execFileSync('bash', ['-c', `${command} --silent --show-error`], { encoding: 'utf8', timeout: 30_000 }),
      );
      expect(answer, JSON.stringify(answer)).toMatchObject({
        status: 'success',
        data: { status: 'accepted', autologin_url: expect.stringContaining('/autologin/') },
      });
      leadId = answer.data.lead_id;
    });

    await test.step("staff see the lead in the offer's figures", async () => {
      await visit(p, `/offers/detail-api/${offer.uuid}`);
      const card = main(p)
        .getByTestId('offer-figures')
        .locator('div')
        .filter({ hasText: /^User sessions/ })
        .first();
      await expect(card).toContainText('1');
    });

    await test.step('after the status job pulls the buyer, the lead is an FTD and the offer has its conversion', async () => {
      await expect
        .poll(
          async () => {
            const res = await request.get(`/api/lead/v1/statuses?lead_ids=${leadId}`, {
              headers: { 'X-Api-Key': key },
            });
            return (await res.json()).data?.list?.[0]?.is_ftd ?? null;
          },
          { timeout: 180_000, intervals: [5_000] },
        )
        .toBe(true);
      await visit(p, `/offers/detail-api/${offer.uuid}`);
      const conversions = main(p)
        .getByTestId('offer-figures')
        .locator('div')
        .filter({ hasText: /^Conversions/ })
        .first();
      await expect(conversions).toContainText('1');
      await expect(main(p).getByTestId('offer-figures')).toContainText('€450.00');
    });
  });
});
