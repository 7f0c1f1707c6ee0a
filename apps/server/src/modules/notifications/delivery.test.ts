import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '#test/factories.ts';
import type { TestApp } from '#test/harness.ts';
import { enqueueAlert } from './outbox.ts';
import {
  addChannel,
  CHANNELS,
  channelBodies,
  drainAll,
  OUTBOX,
  startNotificationsWorld,
  type NotificationsWorld,
} from './notifications.fixtures.ts';
import { BOT_TOKEN, CHAT_ID, signatureHolds, WEBHOOK_SECRET } from './peers.fixtures.ts';

let t: TestApp;
let w: NotificationsWorld;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, w, close } = await startNotificationsWorld());
});
afterAll(async () => close?.());

/** The network's channels of each kind, made by the first test. */
const made: Record<string, string> = {};
const test = (id: string, token = w.admin.token) => call(t.app, 'POST', `${CHANNELS}/${id}/test`, { token });

describe('each channel speaks its protocol to a local server', () => {
  it('an alert reaches Telegram, Slack, the signed webhook and e-mail through the outbox', async () => {
    const b = channelBodies(w.peers);
    for (const body of Object.values(b)) made[body.kind] = (await addChannel(t, w.admin.token, body)).uuid;
    const queued = await enqueueAlert(t.db, {
      event: 'buyer_failing',
      title: 'Buyer Acme failing',
      text: '12 errors in 5 minutes',
      data: { product: 'Acme' },
      network: true,
    });
    expect(queued).toBe(4);
    await drainAll(w);

    const [tg] = w.peers.telegram.received;
    expect(tg.path).toBe(`/bot${BOT_TOKEN}/sendMessage`);
    expect(tg.json).toEqual({
      chat_id: CHAT_ID,
      text: 'Buyer Acme failing\n\n12 errors in 5 minutes',
      disable_web_page_preview: true,
    });
    expect(w.peers.slack.received[0].json).toEqual({ text: 'Buyer Acme failing\n\n12 errors in 5 minutes' });
    const [hook] = w.peers.receiver.received;
    expect(signatureHolds(WEBHOOK_SECRET, hook)).toBe(true);
    expect(hook.json).toMatchObject({ event: 'buyer_failing', title: 'Buyer Acme failing', data: { product: 'Acme' } });
    expect(hook.json.id).toEqual(expect.any(String));
    const mails = await t.sentMails();
    expect(mails.find((m) => m.to === 'alerts@network.test')).toMatchObject({
      subject: 'Buyer Acme failing',
      text: expect.stringContaining('12 errors in 5 minutes'),
    });

    const log = (await call(t.app, 'GET', `${OUTBOX}?status=sent`, { token: w.admin.token })).json().data;
    expect(log.count).toBe(4);
    const list = (await call(t.app, 'GET', CHANNELS, { token: w.admin.token })).json().data.list;
    expect(list.every((c: { last_sent_at: string | null }) => c.last_sent_at)).toBe(true);
  });

  it('a receiver checking the signature refuses one made with another secret', async () => {
    const c = await addChannel(t, w.admin.token, {
      ...channelBodies(w.peers).webhook,
      config: { url: `${w.peers.receiver.url}/hook`, secret: 'not-the-receivers-secret' },
    });
    const res = await test(c.uuid);
    expect(res.json().data).toEqual({ delivered: false, detail: 'HTTP 401: Unauthorized' });
    expect(signatureHolds(WEBHOOK_SECRET, w.peers.receiver.all.at(-1)!)).toBe(false);
  });

  it('the test button answers delivered and the peer words', async () => {
    const b = channelBodies(w.peers);
    for (const [kind, id] of Object.entries(made))
      expect((await test(id, w.head.token)).json().data, kind).toMatchObject({ delivered: true });
    expect(w.peers.telegram.received.at(-1)!.json.text).toBe(
      'Test alert\n\nThis is a test message: the channel works.',
    );
    // The e-mail test went over SMTP on the spot, not through the mail queue.
    expect(t.smtp!.mails.filter((m) => m.subject === 'Test alert')).toHaveLength(1);
    const badToken = await addChannel(t, w.admin.token, {
      ...b.telegram,
      config: { chat_id: CHAT_ID, bot_token: '999:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    });
    expect((await test(badToken.uuid)).json().data).toEqual({ delivered: false, detail: 'HTTP 401: Unauthorized' });
    const badChat = await addChannel(t, w.admin.token, {
      ...b.telegram,
      config: { chat_id: '42', bot_token: BOT_TOKEN },
    });
    expect((await test(badChat.uuid)).json().data).toEqual({
      delivered: false,
      detail: 'HTTP 400: Bad Request: chat not found',
    });
  });

  it('the test button reports a closed port as connection refused, and is limited per user (429)', async () => {
    const c = await addChannel(t, w.manager.token, {
      ...channelBodies(w.peers).telegram,
      name: 'closed',
    });
    // The manager's channel uses TELEGRAM_API_BASE; point it at a closed port for this one check.
    await t.db.$client.query(
      `update notification_channels set config = config || '{"api_base":"http://127.0.0.1:9"}' where id = $1`,
      [c.uuid],
    );
    expect((await test(c.uuid, w.manager.token)).json().data).toEqual({
      delivered: false,
      detail: 'connection refused',
    });
    const more = [];
    for (let i = 0; i < 5; i += 1) more.push((await test(c.uuid, w.manager.token)).statusCode);
    expect(more.slice(0, 4).every((s) => s === 200)).toBe(true);
    expect(more[4]).toBe(429);
  });
});

describe('private targets', () => {
  it('refuses a loopback target when private targets are not allowed', async () => {
    const strict = await startNotificationsWorld({ ALLOW_PRIVATE_POSTBACK_TARGETS: 'false' });
    try {
      const c = await addChannel(strict.t, strict.w.admin.token, channelBodies(strict.w.peers).webhook);
      const res = await call(strict.t.app, 'POST', `${CHANNELS}/${c.uuid}/test`, { token: strict.w.admin.token });
      expect(res.json().data).toEqual({
        delivered: false,
        detail: expect.stringContaining('private or local address'),
      });
      expect(strict.w.peers.receiver.all).toHaveLength(0);
    } finally {
      await strict.close();
    }
  });
});
