import { sql } from 'drizzle-orm';
import { call, createUser, sessionFor } from '#test/factories.ts';
import { createTestWorld, TEST_SECRET_KEY, type TestApp } from '#test/harness.ts';
import type { Config } from '../../config/config.ts';
import { createSecrets } from '../../lib/secrets.ts';
import { createOutboxMailer } from '../mail/index.ts';
import { drainOnce, type WorkerDeps } from './outbox-worker.ts';
import {
  BOT_TOKEN,
  CHAT_ID,
  SLACK_PATH,
  startReceiver,
  startSlack,
  startTelegram,
  WEBHOOK_SECRET,
  type Peer,
} from './peers.fixtures.ts';
import { outboxSendDeps } from './send-deps.ts';

export type Person = { id: string; email: string; token: string };
export type Peers = { telegram: Peer; slack: Peer; receiver: Peer };
export type NotificationsWorld = {
  admin: Person;
  head: Person;
  manager: Person;
  affA: Person;
  affB: Person;
  peers: Peers;
  /** The worker's deps as the app builds them, pointed at the local peers. */
  worker: WorkerDeps;
};

export const CHANNELS = '/api/notifications/v1/channels';
export const OUTBOX = '/api/notifications/v1/outbox';

/**
 * A test app with staff and two affiliates signed in, and local servers of each protocol; TELEGRAM_API_BASE points at
 * the local Bot API. Private targets are allowed unless `env` says otherwise (the peers listen on loopback).
 */
export const startNotificationsWorld = async (env: Record<string, string> = {}) => {
  const peers: Peers = { telegram: await startTelegram(), slack: await startSlack(), receiver: await startReceiver() };
  const fullEnv = { ALLOW_PRIVATE_POSTBACK_TARGETS: 'true', TELEGRAM_API_BASE: peers.telegram.url, ...env };
  const { t, w } = await createTestWorld<NotificationsWorld>(async (t) => {
    const person = async (role: 'admin' | 'head' | 'manager' | 'affiliate') => {
      const u = await createUser(t.db, { role });
      return { id: u.id, email: u.email, token: await sessionFor(t.db, u.id) };
    };
    const config = {
      ALLOW_PRIVATE_POSTBACK_TARGETS: fullEnv.ALLOW_PRIVATE_POSTBACK_TARGETS === 'true',
      TELEGRAM_API_BASE: peers.telegram.url,
    } as Config;
    const secrets = createSecrets(TEST_SECRET_KEY);
    const mailer = createOutboxMailer(t.db);
    return {
      admin: await person('admin'),
      head: await person('head'),
      manager: await person('manager'),
      affA: await person('affiliate'),
      affB: await person('affiliate'),
      peers,
      worker: { db: t.db, secrets, send: outboxSendDeps({ config, mailer }) },
    };
  }, fullEnv);
  const close = async () => {
    await t.close();
    for (const p of Object.values(peers)) await p.close();
  };
  return { t, w, close };
};

/** Bodies of a valid channel of each kind pointed at the local peers. */
export const channelBodies = (peers: Peers, email = 'alerts@network.test') => ({
  telegram: { kind: 'telegram', name: 'Ops chat', config: { chat_id: CHAT_ID, bot_token: BOT_TOKEN } },
  slack: { kind: 'slack', name: 'Slack #alerts', config: { webhook_url: `${peers.slack.url}${SLACK_PATH}` } },
  webhook: {
    kind: 'webhook',
    name: 'Our receiver',
    config: { url: `${peers.receiver.url}/hook`, secret: WEBHOOK_SECRET },
  },
  email: { kind: 'email', name: 'Mail', config: { addresses: [email] } },
});

export const addChannel = async (t: TestApp, token: string, body: object) => {
  const res = await call(t.app, 'POST', CHANNELS, { token, payload: body });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().data as { uuid: string; has_secret: boolean; target: string };
};

/** Runs the worker until nothing is due (what its timer and NOTIFY would do, without waiting for them). */
export const drainAll = async (w: NotificationsWorld) => {
  while ((await drainOnce(w.worker)) > 0);
};

type OutboxRow = { id: string; status: string; attempts: number; last_error: string | null; next_attempt_at: string };
export const outboxRows = async (t: TestApp, channelId: string) =>
  (
    await t.db.execute<OutboxRow>(
      sql`select id, status, attempts, last_error, next_attempt_at from notification_outbox
          where channel_id = ${channelId} order by created_at`,
    )
  ).rows;

/** Makes every pending alert due now, as the clock moving past the backoff would. */
export const makeDue = (t: TestApp) =>
  t.db.execute(sql`update notification_outbox set next_attempt_at = now() where status = 'pending'`);
