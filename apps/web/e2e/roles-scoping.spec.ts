import { expect, test } from '@playwright/test';
import { apiAs, managerUuid, type AffiliateRow, type Paged } from './support/api.ts';
import { expectScreen, visit } from './support/pages.ts';
import { columnIndex, listRows, loadedTotal } from './support/list.ts';
import { useSignedInPage } from './support/shared-page.ts';

// A manager sees only their affiliates (scoping of docs/product/roles-and-scoping.md, enforced by the
// server); another manager's affiliate is a 404 for them, shown as the edit screen's error state.

const MARK = 'Mark Manager';

test.describe('manager: scoped affiliates', () => {
  const signedIn = useSignedInPage('manager');

  test('the list holds only their affiliates, fewer than the admin sees; no Managers tab', async ({
    browser,
    request,
  }) => {
    const page = signedIn();
    const admin = await apiAs(browser, request, 'admin');
    const adminTotal = (await admin.get<Paged<AffiliateRow>>('/api/affiliates/v1/list?count=1')).count;

    await page.goto('/roles/affiliates');
    await expectScreen(page, '/roles/affiliates', 'Affiliates');
    const total = await loadedTotal(page);
    expect(total, 'the manager has affiliates').toBeGreaterThan(0);
    expect(total, `the manager's count vs the admin's ${adminTotal}`).toBeLessThan(adminTotal);
    expect(total, 'one page holds them all (else only the first page is checked)').toBeLessThanOrEqual(50);
    await expect(listRows(page)).toHaveCount(total);

    const managerColumn = await columnIndex(page, 'Manager');
    const managers = await listRows(page).evaluateAll(
      (rows, index) =>
        rows.map((row) => (row.querySelectorAll('td')[index] as HTMLElement | undefined)?.innerText.trim()),
      managerColumn,
    );
    expect(managers).toHaveLength(total);
    expect(new Set(managers), 'the manager cell of every row').toEqual(new Set([MARK]));

    // The admin's view of Mark's affiliates is the same set: nothing of Mark's is hidden either.
    const markUuid = await managerUuid(admin, 'manager@demo.test');
    const adminView = await admin.get<Paged<AffiliateRow>>(
      `/api/affiliates/v1/list?manager_uuid=${markUuid}&count=100`,
    );
    expect(total, "the admin's count of Mark's affiliates").toBe(adminView.count);

    const tabs = page.getByRole('navigation', { name: 'Section tabs' });
    await expect(tabs.getByRole('link', { name: 'Affiliates' })).toBeVisible();
    await expect(tabs.getByRole('link', { name: 'Advertisers' })).toBeVisible();
    await expect(tabs.getByRole('link', { name: 'Managers' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Managers', exact: true })).toHaveCount(0);
  });

  test("another manager's affiliate: 404 from the server, the error state instead of the form", async ({
    browser,
    request,
  }) => {
    const page = signedIn();
    const admin = await apiAs(browser, request, 'admin');
    const mia = await managerUuid(admin, 'manager2@demo.test');
    const foreign = (await admin.get<Paged<AffiliateRow>>(`/api/affiliates/v1/list?manager_uuid=${mia}&count=1`))
      .list[0];
    expect(foreign?.manager?.name, "an affiliate of Mia's").toBe('Mia Morgan');

    await test.step('control: their own affiliate opens with its data', async () => {
      await visit(page, '/roles/affiliates');
      await loadedTotal(page);
      const first = listRows(page).first();
      const email = (
        await first
          .getByRole('cell')
          .nth(await columnIndex(page, 'Email'))
          .innerText()
      ).trim();
      await first
        .getByRole('cell')
        .nth(await columnIndex(page, 'Name'))
        .getByRole('link')
        .click();
      await expect(page.getByRole('main').getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
    });

    await test.step("the foreign affiliate's edit URL", async () => {
      const answer = page.waitForResponse((r) => r.url().endsWith(`/api/affiliates/v1/${foreign.uuid}`));
      await visit(page, `/roles/affiliates/edit/${foreign.uuid}`);
      expect((await answer).status(), 'GET of a foreign affiliate').toBe(404);
      const main = page.getByRole('main');
      await expect(main.getByRole('alert').filter({ hasText: 'Not available' })).toContainText(
        'This record could not be loaded.',
      );
      await expect(main.getByRole('textbox', { name: 'Email', exact: true })).toHaveCount(0);
      await expect(main.getByRole('button', { name: 'Save' })).toHaveCount(0);
      await expect(main).not.toContainText(foreign.email);
    });
  });
});
