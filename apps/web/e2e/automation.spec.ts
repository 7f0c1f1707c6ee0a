import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { AUTH_HEADER } from '@pxl/contract/http/headers';
import { apiAs, type Api } from './support/api.ts';
import { BASE_URL } from './support/env.ts';
import { expectNotice } from './support/notices.ts';
import { createActiveOffer, pick, uniqueTitle, type CreatedOffer } from './support/offers.ts';
import { useSignedInPage } from './support/shared-page.ts';
import { shot as takeShot } from './support/shots.ts';

// Settings › Automation (docs/product/automation.md): the admin writes a rule through the form — an offer of its own
// with no clicks in a minute holds the offer's new conversions — backtests it, waits for the rule to act (rules run
// every 10 s), undoes the action from the log in one click, and deletes the rule. The offer is this spec's own, so the
// hold touches no other spec's traffic; the rule is deleted at the end, failed or not.

const LOAD = 30_000;
const shot = (page: Page, name: string) => takeShot(page, name, 'automation');
const dialog = (page: Page) => page.getByRole('dialog');
const rulesTable = (page: Page) => page.getByRole('table', { name: 'Rules' });

type Rule = { uuid: string; name: string };

type Logged = { uuid: string; type: string; undoable: boolean };
const logOf = (api: Api, rule: string) =>
  api.get<{ list: Logged[] }>(`/api/automation/v1/actions?rule_uuid=${rule}&status=done`).then((d) => d.list);

/** What the rule still has in force is undone (a failed run leaves no hold behind), then the rule goes. */
async function deleteRules(api: Api, request: APIRequestContext, name: string) {
  const { list } = await api.get<{ list: Rule[] }>('/api/automation/v1/rules');
  for (const rule of list.filter((r) => r.name === name)) {
    for (const a of await logOf(api, rule.uuid))
      if (a.undoable) await api.post(`/api/automation/v1/actions/${a.uuid}/undo`, {});
    await request.fetch(`${BASE_URL}/api/automation/v1/rules/${rule.uuid}`, {
      method: 'DELETE',
      headers: { [AUTH_HEADER]: api.token },
    });
  }
}

/** The form, filled as a user would: the offer found by its title, a one-minute window, the hold action. */
async function createRule(page: Page, name: string, offer: CreatedOffer) {
  await page.getByRole('button', { name: 'New rule' }).click();
  const form = dialog(page);
  await form.getByLabel('Name').fill(name);
  await pick(page, form, 'Offer', new RegExp(`^#${offer.id} `), offer.title);
  await form.getByLabel('Window', { exact: true }).fill('1');
  await pick(page, form, 'Window unit', 'Minutes');
  await pick(page, form, 'Direction', 'Below');
  await form.getByLabel(/^Threshold/).fill('1');
  await form.getByLabel('Minimum volume').fill('0');
  await pick(page, form, 'Action 1', 'Hold new conversions');
  await shot(page, 'rule-form');
  await form.getByRole('button', { name: 'Create rule' }).click();
  await expectNotice(page, `Rule ${name} created`);
  await expect(rulesTable(page).getByRole('row').filter({ hasText: name })).toBeVisible({ timeout: LOAD });
}

test.describe.serial('admin', () => {
  const admin = useSignedInPage('admin');
  const name = uniqueTitle('Rule');

  test.afterAll(async ({ browser, request }) => {
    await deleteRules(await apiAs(browser, request, 'admin'), request, name);
  });

  test('an empty form is refused under its fields', async () => {
    const page = admin();
    await page.goto('/settings/automation');
    await expect(rulesTable(page)).toBeVisible({ timeout: LOAD });
    await page.getByRole('button', { name: 'New rule' }).click();
    await dialog(page).getByRole('button', { name: 'Create rule' }).click();
    await expect(dialog(page).getByText('Name is required')).toBeVisible();
    await expect(dialog(page).getByLabel(/^Threshold/)).toHaveAttribute('aria-invalid', 'true');
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog(page)).toHaveCount(0);
  });

  test('creates a rule, backtests it, undoes what it did and deletes it', async ({ browser, request }) => {
    // Rules run every 10 s; the wait for one to act is a guard against a hang on a loaded machine, not a measure.
    test.setTimeout(600_000);
    const api = await apiAs(browser, request, 'admin');
    const offer = await createActiveOffer(api, {
      title: uniqueTitle('Automation offer'),
      privacy: 'public',
      advertiser: 'advertiser@demo.test',
      revenue: 5_000,
      payout: 3_000,
    });
    const page = admin();
    await page.goto('/settings/automation');
    await createRule(page, name, offer);

    // The backtest of the saved rule: the offer is new, so it says it would not have fired, or lists when.
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Backtest' }).click();
    const backtest = page.getByTestId('backtest');
    await backtest.getByRole('button', { name: 'Run backtest' }).click();
    await expect(backtest.getByTestId('backtest-summary')).toHaveText(/^Would (not )?have fired.* steps/, {
      timeout: LOAD,
    });
    await shot(page, 'backtest');

    // The rule acts on its next round: the log, filtered to it, shows the hold with the figures that made it true.
    const { list } = await api.get<{ list: Rule[] }>('/api/automation/v1/rules');
    const rule = list.find((r) => r.name === name)!;
    await expect
      .poll(async () => (await logOf(api, rule.uuid)).map((a) => a.type), { timeout: 240_000 })
      .toContain('hold_conversions');
    await page.goto(`/settings/automation?rule_uuid=${rule.uuid}`);
    // The undo's own entry repeats the hold's words after "Undid", so the hold's row is the one without them.
    const log = page.getByTestId('action-log');
    const hold = log.getByRole('row').filter({ hasText: 'Hold new conversions', hasNotText: 'Undid' });
    await expect(hold).toHaveCount(1, { timeout: LOAD });
    await expect(hold).toContainText('clicks 0 over 1 min, below 1');
    await expect(hold).toContainText('Done');
    await shot(page, 'action-log');

    await hold.getByRole('button', { name: /^Undo/ }).click();
    await expectNotice(page, 'Undone:');
    await expect(hold).toContainText('Undone', { timeout: LOAD });
    await expect(hold.getByRole('button', { name: /^Undo/ })).toHaveCount(0);
    await expect(log.getByRole('row').filter({ hasText: 'Undid "' })).toHaveCount(1, { timeout: LOAD });

    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await expectNotice(page, `Rule ${name} deleted`);
    await expect(rulesTable(page).getByRole('row').filter({ hasText: name })).toHaveCount(0);
  });
});
