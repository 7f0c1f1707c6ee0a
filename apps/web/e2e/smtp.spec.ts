import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { useSignedInPage } from './support/shared-page.ts';
import { shot as takeShot } from './support/shots.ts';

// Admin points the panel at a real SMTP server this spec starts, sends a test e-mail, sees the server's answer and
// finds the mail in the log on the same screen.

const LOAD = 30_000;
const TO = `smtp-check-${Date.now()}@example.test`;

const shot = (page: Page, name: string) => takeShot(page, name, 'mail');

/** Plain SMTP without authentication; keeps the recipients and subject line of what it accepts. */
const received: { to: string[]; data: string }[] = [];
const server = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  authOptional: true,
  logger: false,
  onData: (stream, session, done) => {
    let data = '';
    stream.on('data', (c: Buffer) => (data += c.toString('utf8')));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
      done();
    });
  },
});
let port = 0;
test.beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  port = (server.server.address() as AddressInfo).port;
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

test.describe.serial('SMTP settings', () => {
  const admin = useSignedInPage('admin');

  test('admin saves the SMTP server, sends a test e-mail and finds it in the mail log', async () => {
    const page = admin();
    await page.goto('/settings/smtp');
    const form = page.getByRole('form', { name: 'SMTP settings' });
    await expect(form.getByLabel('Host')).toBeVisible({ timeout: LOAD });
    await shot(page, 'smtp-before');
    await form.getByLabel('Host').fill('127.0.0.1');
    await form.getByLabel('Port').fill(String(port));
    await form.getByText('None', { exact: true }).click();
    await form.getByLabel('User').fill('');
    await form.getByLabel('From name').fill('Demo Network');
    await form.getByLabel('From address').fill('panel@demo.test');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('SMTP settings saved')).toBeVisible({ timeout: LOAD });

    const test = page.getByRole('form', { name: 'Send test e-mail' });
    await test.getByLabel('To').fill(TO);
    await test.getByRole('button', { name: 'Send test e-mail' }).click();
    await expect(test.getByRole('status')).toContainText('answered: 250', { timeout: LOAD });
    expect(received.some((m) => m.to.includes(TO) && /Subject: Test mail from/.test(m.data))).toBe(true);

    await page.getByPlaceholder('Search by address').fill(TO);
    await page.getByPlaceholder('Search by address').press('Enter');
    const row = page.getByRole('row').filter({ hasText: TO });
    await expect(row).toContainText('Sent', { timeout: LOAD });
    await expect(row).toContainText('SMTP test');
    await shot(page, 'smtp-sent');
  });

  test('a refused connection shows in words (the same for every port without an SMTP server)', async () => {
    const page = admin();
    const form = page.getByRole('form', { name: 'SMTP settings' });
    await form.getByLabel('Port').fill('1');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('SMTP settings saved').first()).toBeVisible({ timeout: LOAD });
    const test = page.getByRole('form', { name: 'Send test e-mail' });
    await test.getByRole('button', { name: 'Send test e-mail' }).click();
    await expect(test.getByRole('status')).toContainText('No SMTP server could be reached at this host and port', {
      timeout: LOAD,
    });
    await shot(page, 'smtp-refused');
  });
});
