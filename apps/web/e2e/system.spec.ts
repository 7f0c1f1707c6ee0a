import { expect, test, type Page } from '@playwright/test';
import { expectNotFound, expectPath } from './support/pages.ts';
import { useSignedInPage } from './support/shared-page.ts';
import { shot as takeShot } from './support/shots.ts';

// The system screen (docs/product/system.md): admin reaches it from the settings tabs and reads the server process,
// the database sizes and the job queues; a manager has no tab for it and gets the not-found page at its address.

const LOAD = 30_000;
const shot = (page: Page, name: string) => takeShot(page, name, 'system');
const tabs = (page: Page) => page.getByRole('navigation', { name: 'Section tabs' });

test.describe('admin', () => {
  const admin = useSignedInPage('admin');

  test('opens System from the settings tabs and sees the process, the database sizes and the queues', async () => {
    const page = admin();
    await page.goto('/settings/general');
    await tabs(page).getByRole('link', { name: 'System', exact: true }).click();
    await expectPath(page, '/settings/system');

    // This server writes its heartbeat row once it listens, so it is there, running, and marked as the one answering.
    const processes = page.getByTestId('system-processes');
    const me = processes.getByTestId('system-process').filter({ hasText: 'This one' });
    await expect(me).toHaveCount(1, { timeout: LOAD });
    await expect(me).toContainText('Running');

    const database = page.getByTestId('system-database');
    await expect(page.getByTestId('system-database-total')).toHaveText(/^\d[\d,.]* (kB|MB|GB) in all$/);
    const clicks = database.getByTestId('system-table').filter({ hasText: /^clicks/ });
    await expect(clicks).toHaveCount(1);
    await expect(clicks).toContainText(/\d (kB|MB|GB)/);
    // Clicks are partitioned by week: the partitions open under the table.
    await clicks.getByRole('button', { name: /Show the \d+ partitions of clicks/ }).click();
    await expect(database.getByTestId('system-partition').first()).toContainText(/^clicks_/);

    const queues = page.getByTestId('system-queues');
    await expect(queues.getByTestId('system-queue').filter({ hasText: 'postback-delivery' })).toHaveCount(1);
    await expect(queues.getByTestId('system-queue').filter({ hasText: 'mail-delivery' })).toHaveCount(1);
    await expect(page.getByTestId('system-mail')).toContainText('Failed');
    await expect(page.getByTestId('system-retention')).toContainText('Raw clicks');
    await shot(page, 'system-admin');
  });
});

test.describe('manager', () => {
  const manager = useSignedInPage('manager');

  test('has no System tab and gets the not-found page at /settings/system', async () => {
    const page = manager();
    await page.goto('/settings/personal');
    await expect(page.getByRole('main')).toContainText('Personal', { timeout: LOAD });
    await expect(page.getByRole('link', { name: 'System', exact: true })).toHaveCount(0);
    await page.goto('/settings/system');
    await expectNotFound(page, '/settings/system');
  });
});
