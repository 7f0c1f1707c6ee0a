import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { AUTH_HEADER } from '@pxl/contract/http/headers';
import { apiAs, type Api } from './support/api.ts';
import { BASE_URL } from './support/env.ts';
import { expectNotice } from './support/notices.ts';
import { createActiveOffer, pick, uniqueTitle } from './support/offers.ts';
import { useSignedInPage } from './support/shared-page.ts';
import { shot as takeShot } from './support/shots.ts';

// Settings › Notifications (docs/product/automation.md, Channels): the admin adds a Slack channel pointing at a local
// server speaking Slack's incoming-webhook protocol on 127.0.0.1 (the e2e server allows private targets), presses
// Test and reads the channel's answer; a rule made for this spec then alerts the channel, and the outbox shows the
// alert sent. The channel and the rule are removed at the end. An affiliate gets only Telegram and e-mail, and only
// the events of its own traffic.

const LOAD = 30_000;
const shot = (page: Page, name: string) => takeShot(page, name, 'notifications');
const dialog = (page: Page) => page.getByRole('dialog');

type Slack = { url: string; texts: string[]; close: () => Promise<void> };

/** Slack's incoming webhook: a JSON body with `text` answered 200 "ok", anything else 400 "invalid_payload". */
async function startSlack(): Promise<Slack> {
  const texts: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      let text: unknown;
      try {
        text = (JSON.parse(body) as { text?: unknown }).text;
      } catch {
        text = undefined;
      }
      if (req.method !== 'POST' || typeof text !== 'string') return void res.writeHead(400).end('invalid_payload');
      texts.push(text);
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/services/T000/B000/e2e`,
    texts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const remove = (api: Api, request: APIRequestContext, path: string) =>
  request.fetch(`${BASE_URL}${path}`, { method: 'DELETE', headers: { [AUTH_HEADER]: api.token } });

test.describe.serial('admin', () => {
  const admin = useSignedInPage('admin');
  let slack: Slack;
  const channel = uniqueTitle('Slack');
  const rule = uniqueTitle('Alert rule');

  test.beforeAll(async () => {
    slack = await startSlack();
  });

  test.afterAll(async ({ browser, request }) => {
    const api = await apiAs(browser, request, 'admin');
    const rules = await api.get<{ list: { uuid: string; name: string }[] }>('/api/automation/v1/rules');
    for (const r of rules.list.filter((x) => x.name === rule))
      await remove(api, request, `/api/automation/v1/rules/${r.uuid}`);
    const channels = await api.get<{ list: { uuid: string; name: string }[] }>('/api/notifications/v1/channels');
    for (const c of channels.list.filter((x) => x.name === channel))
      await remove(api, request, `/api/notifications/v1/channels/${c.uuid}`);
    await slack.close();
  });

  test('adds a Slack channel from the screen and its test is delivered', async () => {
    const page = admin();
    await page.goto('/settings/notifications');
    await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible({ timeout: LOAD });
    await page.getByRole('button', { name: 'New channel' }).click();
    const form = dialog(page);
    await pick(page, form, 'Kind', 'Slack');
    await form.getByLabel('Name').fill(channel);
    await form.getByLabel('Incoming webhook URL').fill(slack.url);
    await pick(page, form, 'Events', 'A rule fired');
    await page.keyboard.press('Escape'); // closes the events dropdown, not the dialog
    await shot(page, 'channel-form');
    await form.getByRole('button', { name: 'Create channel' }).click();
    await expectNotice(page, `Channel ${channel} created`);

    const row = page.getByRole('row').filter({ hasText: channel });
    await expect(row).toContainText('127.0.0.1', { timeout: LOAD });
    await row.getByRole('button', { name: `Test ${channel}` }).click();
    await expect(row.getByTestId('test-result')).toHaveText('Delivered: HTTP 200', { timeout: LOAD });
    expect(slack.texts.some((t) => t.includes('Test alert'))).toBe(true);
    await shot(page, 'channel-tested');
  });

  test('an alert of a rule reaches the channel through the outbox', async ({ browser, request }) => {
    // Rules run every 10 s; the wait for one to act is a guard against a hang on a loaded machine, not a measure.
    test.setTimeout(600_000);
    const api = await apiAs(browser, request, 'admin');
    const page = admin();
    const { list } = await api.get<{ list: { uuid: string; name: string }[] }>('/api/notifications/v1/channels');
    const target = list.find((c) => c.name === channel)!;
    // A new offer of its own has no clicks in the last minute: the rule fires for it on its next round.
    const offer = await createActiveOffer(api, {
      title: uniqueTitle('Alert offer'),
      privacy: 'public',
      advertiser: 'advertiser@demo.test',
      revenue: 5_000,
      payout: 3_000,
    });
    await api.post('/api/automation/v1/rules', {
      name: rule,
      scope: { type: 'offer', offer_uuid: offer.uuid },
      metric: 'clicks',
      window_minutes: 1,
      condition: { kind: 'threshold', op: 'below', value: 1, min_volume: 0 },
      actions: [{ type: 'notify', channel_uuids: [target.uuid], notify_owners: false }],
      cooldown_minutes: 60,
    });

    // The rule runs every 10 s and the outbox worker sends at once: the alert is found sent, then looked at.
    type Item = { status: string; event: string };
    const outbox = () =>
      api
        .get<{ list: Item[] }>(`/api/notifications/v1/outbox?channel_uuid=${target.uuid}&status=sent`)
        .then((d) => d.list.filter((i) => i.event === 'rule_fired').length);
    await expect.poll(outbox, { timeout: 240_000 }).toBeGreaterThan(0);
    await page.goto(`/settings/notifications?channel_uuid=${target.uuid}`);
    const sent = page.getByRole('row').filter({ hasText: 'A rule fired' }).filter({ hasText: 'Sent' });
    await expect(sent.first()).toBeVisible({ timeout: LOAD });
    await expect(sent.first()).toContainText(channel);
    expect(slack.texts.some((t) => t.includes(offer.title))).toBe(true);
    await shot(page, 'outbox');
  });
});

test.describe('affiliate', () => {
  const affiliate = useSignedInPage('affiliate');

  test('sets up only Telegram or e-mail, for the events of its own traffic', async () => {
    const page = affiliate();
    await page.goto('/settings/profile');
    await page.getByRole('navigation', { name: 'Section tabs' }).getByRole('link', { name: 'Notifications' }).click();
    await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible({ timeout: LOAD });
    await page.getByRole('button', { name: 'New channel' }).click();
    const form = dialog(page);
    // A Telegram channel of an affiliate always goes to Telegram itself.
    await expect(form.getByLabel('Chat ID')).toBeVisible();
    await expect(form.getByLabel('Bot API base URL')).toHaveCount(0);
    await form.getByRole('combobox', { name: 'Kind', exact: true }).click();
    await expect(page.getByRole('option')).toHaveText(['Telegram', 'E-mail']);
    await page.getByRole('option', { name: 'E-mail' }).click();
    await expect(form.getByText('affiliate@demo.test')).toBeVisible();
    await form.getByRole('combobox', { name: 'Events', exact: true }).click();
    await expect(page.getByRole('option')).toHaveText(['Cap reached', 'Offer paused', 'Conversion rejected']);
    await shot(page, 'affiliate-form');
  });
});
