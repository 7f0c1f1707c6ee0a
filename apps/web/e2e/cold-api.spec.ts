import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiAs } from './support/api.ts';
import { parseCsv } from './support/csv.ts';
import { pick, uniqueTitle } from './support/offers.ts';
import { expectScreen, visit } from './support/pages.ts';
import { listRows, loadedTotal } from './support/list.ts';
import { shot } from './support/shots.ts';
import { useSignedInPage } from './support/shared-page.ts';

// Cold API (docs/product/cold-api.md): a team lead fills a list with failed leads of the demo (ticked, then every lead
// of a filter in the background), makes a rule, starts a distribution to the demo's API offer with sandbox buyers and
// watches its sends and counters arrive; the admin sees the same records. One run shares the records, so serial.
test.describe.configure({ mode: 'serial' });

const OFFER = /Crypto leads EU — API/;
const main = (page: Page) => page.getByRole('main');
const counter = (page: Page, key: string): Locator => page.getByTestId(`counter-${key}`).getByTestId('counter-value');
const status = (page: Page) => page.getByTestId('distribution-header').getByTestId('distribution-status');
const counterValue = async (page: Page, key: string) =>
  Number(((await counter(page, key).textContent()) ?? '0').replace(/,/g, ''));

const listTitle = uniqueTitle('Cold failed crypto');
const ruleName = uniqueTitle('Cold rule');
const distributionTitle = uniqueTitle('Cold re-send');
let distributionUrl = '';

test.describe('Cold API', () => {
  const teamLead = useSignedInPage('team_lead');
  const admin = useSignedInPage('admin');

  test('team lead: list of failed leads, a rule, a running distribution whose sends and counters arrive', async ({
    browser,
    request,
  }) => {
    const p = teamLead();

    await test.step('a new list goes on to its add page', async () => {
      await visit(p, '/cold-api/lead-list');
      await expectScreen(p, '/cold-api/lead-list', 'Lead-List');
      await main(p).getByRole('button', { name: 'New lead list' }).click();
      const dialog = p.getByRole('dialog', { name: 'New lead list' });
      await dialog.getByRole('button', { name: 'Create and add leads' }).click();
      await expect(dialog.getByText('Title is required')).toBeVisible();
      await dialog.getByRole('textbox', { name: 'Title' }).fill(listTitle);
      await dialog.getByRole('button', { name: 'Create and add leads' }).click();
      await expect(p).toHaveURL(/\/cold-api\/lead-list\/add\/[0-9a-f-]{36}\/user-session$/);
    });

    await test.step('failed leads of the crypto offer: tick two, add them', async () => {
      await pick(p, main(p), 'Lead status', 'Failed');
      await pick(p, main(p), 'Offer', OFFER, 'Crypto');
      await p.keyboard.press('Escape');
      expect(await loadedTotal(p)).toBeGreaterThan(2);
      // A team lead sees the contact data masked.
      await expect(listRows(p).first()).toContainText('***');
      for (const row of (await listRows(p).all()).slice(0, 2)) await row.getByRole('checkbox').check();
      await expect(p.getByTestId('selected-count')).toHaveText('2 selected');
      await shot(p, 'add-page', 'cold-api');
      await main(p).getByRole('button', { name: 'Add selected (2)' }).click();
      await expect(p.getByTestId('list-counts')).toContainText('2 leads');
      await expect(p.getByTestId('selected-count')).toHaveText('0 selected');
    });

    await test.step('"Add all" adds every lead of the filter in the background, with its progress', async () => {
      const total = await loadedTotal(p);
      await main(p)
        .getByRole('button', { name: /^Add all [\d,]+ matching$/ })
        .click();
      const job = p.getByTestId('add-job');
      await expect(job).toBeVisible();
      await expect(job).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
      await shot(p, 'add-job-done', 'cold-api');
      await expect(p.getByTestId('list-counts')).toContainText(`${total.toLocaleString('en-US')} leads`);
    });

    await test.step('the conversion tab filters by conversion status too', async () => {
      await main(p).getByRole('link', { name: 'Conversions' }).click();
      // The filters last used to add all come along (they apply to both tabs).
      await expect(p).toHaveURL(/\/conversion\?.*lead_status=failed/);
      await expect(main(p).getByRole('combobox', { name: 'Conversion status', exact: true })).toBeVisible();
      await loadedTotal(p);
    });

    await test.step('a rule: without the original IP it needs a neutral one', async () => {
      await visit(p, '/cold-api/rules');
      await main(p).getByRole('button', { name: 'New rule' }).click();
      const dialog = p.getByRole('dialog', { name: 'New rule' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill(ruleName);
      await dialog.getByRole('textbox', { name: 'Days between sends' }).fill('0');
      await dialog.getByRole('checkbox', { name: 'Never to a product that already had the lead' }).uncheck();
      await dialog.getByRole('checkbox', { name: 'Send the original IP' }).uncheck();
      await dialog.getByRole('button', { name: 'Create rule' }).click();
      await expect(dialog.getByText('Give the address to send instead')).toBeVisible();
      await dialog.getByRole('textbox', { name: 'Neutral IP' }).fill('203.0.113.7');
      await dialog.getByRole('button', { name: 'Create rule' }).click();
      await expect(dialog).toBeHidden();
      await expect(listRows(p).filter({ hasText: ruleName })).toContainText('203.0.113.7');
    });

    await test.step('a distribution to the crypto offer, a pause of 0–1 s, starts at once', async () => {
      await visit(p, '/cold-api/re-cold-api');
      await main(p).getByRole('button', { name: 'New distribution' }).click();
      const drawer = p.getByRole('dialog', { name: 'New distribution' });
      await drawer.getByRole('textbox', { name: 'Title' }).fill(distributionTitle);
      await pick(p, drawer, 'Lead list', new RegExp(listTitle), listTitle);
      await pick(p, drawer, 'Rule', ruleName, ruleName);
      await pick(p, drawer, 'Send as affiliate', /affiliate@demo\.test/, 'affiliate@demo');
      await pick(p, drawer, 'Offer', OFFER, 'Crypto');
      await drawer.getByRole('textbox', { name: 'Shortest pause (s)' }).fill('0');
      await drawer.getByRole('textbox', { name: 'Longest pause (s)' }).fill('1');
      await shot(p, 'distribution-form', 'cold-api');
      await drawer.getByRole('button', { name: 'Create and start' }).click();
      await expect(p).toHaveURL(/\/cold-api\/re-cold-api\/list\/[0-9a-f-]{36}$/);
      distributionUrl = p.url();
      await expect(status(p)).toHaveText('Active');
    });

    await test.step('sends and counters arrive while it runs', async () => {
      await expect.poll(() => counterValue(p, 'sent'), { timeout: 60_000 }).toBeGreaterThan(1);
      await expect.poll(async () => (await listRows(p).all()).length, { timeout: 60_000 }).toBeGreaterThan(1);
      await expect(listRows(p).first()).toContainText(/Accepted|Rejected|Sending|Unknown|Skipped/);
      await expect(p.getByTestId('last-send')).not.toHaveText('—');
      await shot(p, 'distribution-running', 'cold-api');
    });

    await test.step('pause, then finish: the sends stop', async () => {
      await main(p).getByRole('button', { name: 'Pause' }).click();
      await expect(status(p)).toHaveText('Paused');
      await main(p).getByRole('button', { name: 'Finish' }).click();
      await p.getByRole('dialog', { name: 'Finish distribution' }).getByRole('button', { name: 'Finish' }).click();
      await expect(status(p)).toHaveText('Done');
    });

    await test.step("the list's details show each lead's last re-send; the CSV keeps contacts masked", async () => {
      await main(p).getByRole('link', { name: listTitle }).click();
      await expect(p).toHaveURL(/\/cold-api\/lead-list\/details\/[0-9a-f-]{36}\/user-session$/);
      // The address changes before the details screen replaces the index, whose own pager (the lists) reads first.
      await expect(p.getByTestId('list-counts')).toBeVisible();
      const total = await loadedTotal(p);
      expect(total).toBeGreaterThan(2);
      await shot(p, 'list-details', 'cold-api');
      // One lead the distribution sent, found by its ID: its last re-send names the distribution.
      const api = await apiAs(browser, request, 'team_lead');
      const uuid = /list\/([0-9a-f-]{36})$/.exec(distributionUrl)![1];
      const sends = await api.get<{ list: { lead: { uuid: string } }[] }>(
        `/api/cold-api/v1/distributions/${uuid}/sends?result=accepted,rejected,unknown`,
      );
      expect(sends.list.length).toBeGreaterThan(0);
      await main(p).getByRole('textbox', { name: 'Search' }).fill(sends.list[0]!.lead.uuid);
      await expect.poll(() => loadedTotal(p)).toBe(1);
      await expect(listRows(p).first().getByRole('link', { name: distributionTitle })).toBeVisible();
      // Ticked and removed: the list holds one lead fewer.
      await listRows(p).first().getByRole('checkbox').check();
      await main(p).getByRole('button', { name: 'Remove selected (1)' }).click();
      await p.getByRole('dialog', { name: 'Remove leads' }).getByRole('button', { name: 'Remove' }).click();
      await expect.poll(() => loadedTotal(p)).toBe(0);
      await main(p).getByRole('button', { name: 'Clear search' }).click();
      await expect.poll(() => loadedTotal(p)).toBe(total - 1);
      await expect(p.getByTestId('list-counts')).toContainText(`${(total - 1).toLocaleString('en-US')} leads`);
      const downloading = p.waitForEvent('download');
      await main(p).getByRole('button', { name: 'Export CSV' }).click();
      const rows = parseCsv(await readFile((await (await downloading).path())!, 'utf8'));
      const email = rows[0]!.indexOf('Email');
      expect(email).toBeGreaterThanOrEqual(0);
      expect(rows.length).toBeGreaterThan(2);
      for (const row of rows.slice(1)) expect(row[email]).toMatch(/\*\*\*|^$/);
    });
  });

  test('admin: the same list, rule and distribution', async () => {
    const p = admin();
    await visit(p, '/cold-api/re-cold-api');
    await expectScreen(p, '/cold-api/re-cold-api', 'Re-Cold API');
    const row = listRows(p).filter({ hasText: distributionTitle });
    await expect(row).toContainText('Done');
    await shot(p, 'admin-distributions', 'cold-api');
    await row.getByRole('link', { name: distributionTitle }).click();
    await expect(status(p)).toHaveText('Done');
    expect(await counterValue(p, 'sent')).toBeGreaterThan(1);
    await visit(p, '/cold-api/rules');
    await expect(listRows(p).filter({ hasText: ruleName })).toContainText('203.0.113.7');
    // The distribution still uses the rule: the server refuses and the dialog says why.
    await main(p)
      .getByRole('button', { name: `Actions for ${ruleName}` })
      .click();
    await p.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = p.getByRole('dialog', { name: 'Delete rule' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).not.toContainText(`Delete the rule "${ruleName}"?`);
    await shot(p, 'admin-rule-refused', 'cold-api');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await visit(p, '/cold-api/lead-list');
    await listRows(p).filter({ hasText: listTitle }).getByRole('link', { name: listTitle }).click();
    await expect(p).toHaveURL(/\/details\/[0-9a-f-]{36}\/user-session$/);
    // Staff above the team lead see the contacts whole.
    await expect(listRows(p).first()).not.toContainText('***');
    await shot(p, 'admin-list-details', 'cold-api');
  });
});
