import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config/config.ts';
import { call } from '#test/factories.ts';
import { createTestWorld, TEST_SECRET_KEY, type TestApp } from '#test/harness.ts';
import { createSecrets } from '../../lib/secrets.ts';
import { createOutboxMailer } from '../mail/index.ts';
import { createOfferWorld, insertConversion, makeOffer, type OfferWorld } from '../offers/offers.fixtures.ts';
import { addChannel, CHANNELS } from './notifications.fixtures.ts';
import { drainOnce } from './outbox-worker.ts';
import { BOT_TOKEN, CHAT_ID, startTelegram, type Peer } from './peers.fixtures.ts';
import { outboxSendDeps } from './send-deps.ts';

let t: TestApp;
let w: OfferWorld;
let telegram: Peer;
let offer: { uuid: string; id: number };
beforeAll(async () => {
  telegram = await startTelegram();
  ({ t, w } = await createTestWorld((app) => createOfferWorld(app.db), {
    ALLOW_PRIVATE_POSTBACK_TARGETS: 'true',
    TELEGRAM_API_BASE: telegram.url,
  }));
  offer = await makeOffer(t.app, w);
});
afterAll(async () => {
  await t?.close();
  await telegram?.close();
});

const reject = async (affiliateId: string) => {
  const id = randomUUID();
  const clickId = randomUUID();
  await insertConversion(t.db, offer.uuid, affiliateId, { id, clickId, status: 'pending' });
  const res = await call(t.app, 'POST', `/api/conversions/v1/${id}/status`, {
    token: w.admin.token,
    payload: { status: 'rejected', reason: 'Advertiser declined' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id, clickId };
};

describe('a rejected conversion tells the affiliate', () => {
  it("queues an alert on the affiliate's own channel, in the status change, and Telegram gets it", async () => {
    const channel = await addChannel(t, w.affA.token, {
      kind: 'telegram',
      name: 'My bot',
      events: ['conversion_rejected'],
      config: { chat_id: CHAT_ID, bot_token: BOT_TOKEN },
    });
    const { id, clickId } = await reject(w.affA.id);
    const { rows } = await t.db.execute<{ title: string; text: string; data: Record<string, unknown> }>(
      sql`select title, text, data from notification_outbox where channel_id = ${channel.uuid}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].title).toMatch(/^Conversion rejected: /);
    expect(rows[0].text).toContain(`Click ID: ${clickId}`);
    expect(rows[0].text).toContain(`(#${offer.id})`);
    expect(rows[0].text).not.toContain('Advertiser declined');
    expect(rows[0].data).toMatchObject({ conversion_uuid: id, click_id: clickId, offer_id: offer.id });

    const config = { ALLOW_PRIVATE_POSTBACK_TARGETS: true, TELEGRAM_API_BASE: telegram.url } as Config;
    const send = outboxSendDeps({ config, mailer: createOutboxMailer(t.db) });
    await drainOnce({ db: t.db, secrets: createSecrets(TEST_SECRET_KEY), send });
    expect(telegram.received).toHaveLength(1);
    expect(telegram.received[0].json.text).toContain(clickId);
    const log = await call(t.app, 'GET', '/api/notifications/v1/outbox', { token: w.affA.token });
    expect(log.json().data.list).toMatchObject([{ event: 'conversion_rejected', status: 'sent' }]);
  });

  it('queues nothing for an affiliate without channels, or for a channel that does not want it', async () => {
    await reject(w.affB.id);
    await addChannel(t, w.affB.token, {
      kind: 'email',
      name: 'Only pauses',
      events: ['offer_paused'],
      config: { addresses: [w.affB.email] },
    });
    await reject(w.affB.id);
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from notification_outbox o join notification_channels c on c.id = o.channel_id
          where c.owner_id = ${w.affB.id}`,
    );
    expect(rows[0].n).toBe(0);
    expect((await call(t.app, 'GET', CHANNELS, { token: w.affB.token })).json().data.list).toHaveLength(1);
  });
});
