import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createUser, sessionFor } from '#test/factories.ts';
import { createTestApp, until, type TestApp } from '#test/harness.ts';
import type { Db } from '../../db/client.ts';
import { addChannel, channelBodies } from './notifications.fixtures.ts';
import { enqueueAlert } from './outbox.ts';
import { startReceiver, startSlack, startTelegram, type Peer } from './peers.fixtures.ts';

// The worker as the server runs it: started with the background jobs, woken by NOTIFY, stopped with the app.
let t: TestApp;
let peers: { telegram: Peer; slack: Peer; receiver: Peer };
beforeAll(async () => {
  peers = { telegram: await startTelegram(), slack: await startSlack(), receiver: await startReceiver() };
  t = await createTestApp(
    { ALLOW_PRIVATE_POSTBACK_TARGETS: 'true', TELEGRAM_API_BASE: peers.telegram.url },
    { start: true, pollingIntervalSeconds: 1 },
  );
});
afterAll(async () => {
  await t?.close();
  for (const p of Object.values(peers ?? {})) await p.close();
});

describe('the outbox worker of a running server', () => {
  it('sends a queued alert without being asked, and the app closes while it runs', async () => {
    await t.app.background.started();
    const admin = await createUser(t.db, { role: 'admin' });
    const c = await addChannel(t, await sessionFor(t.db, admin.id), channelBodies(peers).webhook);
    await t.db.transaction(async (tx) => {
      await enqueueAlert(tx as unknown as Db, {
        event: 'rule_fired',
        title: 'Now',
        text: 'Sent by the worker',
        network: true,
      });
    });
    await until(
      async () =>
        (
          await t.db.execute<{ status: string }>(
            sql`select status from notification_outbox where channel_id = ${c.uuid}`,
          )
        ).rows,
      (rows) => rows[0]?.status === 'sent',
      'the worker to send the alert',
    );
    expect(peers.receiver.received).toHaveLength(1);
  });
});
