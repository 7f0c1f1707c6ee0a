import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call } from '#test/factories.ts';
import type { TestApp } from '#test/harness.ts';
import { alertAffiliate, enqueueAlert } from './outbox.ts';
import { drainOnce } from './outbox-worker.ts';
import {
  addChannel,
  CHANNELS,
  channelBodies,
  drainAll,
  makeDue,
  OUTBOX,
  outboxRows,
  startNotificationsWorld,
  type NotificationsWorld,
} from './notifications.fixtures.ts';

let t: TestApp;
let w: NotificationsWorld;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, w, close } = await startNotificationsWorld());
});
afterAll(async () => close?.());

const alert = (channelIds: string[], dedupeKey?: string) =>
  enqueueAlert(t.db, { event: 'rule_fired', title: 'Rule fired', text: 'CR under 1 %', channelIds, dedupeKey });

describe('the outbox under an outage', () => {
  it('keeps an alert pending with a next try while the receiver is down, then delivers it once', async () => {
    const c = await addChannel(t, w.admin.token, { ...channelBodies(w.peers).webhook, name: 'outage' });
    const before = w.peers.receiver.received.length;
    w.peers.receiver.mode = 'down';
    await alert([c.uuid]);
    await drainAll(w);
    let [row] = await outboxRows(t, c.uuid);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'HTTP 503: Service Unavailable' });
    expect(new Date(row.next_attempt_at).getTime()).toBeGreaterThan(Date.now());
    await makeDue(t);
    await drainAll(w);
    [row] = await outboxRows(t, c.uuid);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    const channel = (await call(t.app, 'GET', `${CHANNELS}/${c.uuid}`, { token: w.admin.token })).json().data;
    expect(channel.last_error).toBe('HTTP 503: Service Unavailable');

    w.peers.receiver.mode = 'up';
    await drainAll(w);
    expect((await outboxRows(t, c.uuid))[0].status).toBe('pending');
    await makeDue(t);
    await drainAll(w);
    await makeDue(t);
    await drainAll(w);
    expect(await outboxRows(t, c.uuid)).toMatchObject([{ status: 'sent', attempts: 3, last_error: null }]);
    expect(w.peers.receiver.received.length - before).toBe(1);
    const log = (await call(t.app, 'GET', `${OUTBOX}?channel_uuid=${c.uuid}`, { token: w.admin.token })).json().data;
    expect(log.list).toMatchObject([{ status: 'sent', attempts: 3, next_attempt_at: null, channel: { uuid: c.uuid } }]);
  });

  it('gives up a day after the alert was queued, with the last error', async () => {
    const c = await addChannel(t, w.admin.token, { ...channelBodies(w.peers).slack, name: 'gone' });
    w.peers.slack.mode = 'down';
    try {
      await alert([c.uuid]);
      await drainAll(w);
      await t.db
        .execute(sql`update notification_outbox set created_at = now() - interval '25 hours', next_attempt_at = now()
        where channel_id = ${c.uuid}`);
      await drainAll(w);
      expect(await outboxRows(t, c.uuid)).toMatchObject([
        { status: 'failed', attempts: 2, last_error: 'HTTP 503: Service Unavailable' },
      ]);
      const failed = await call(t.app, 'GET', `${OUTBOX}?status=failed`, { token: w.admin.token });
      expect(failed.json().data.list[0]).toMatchObject({ status: 'failed', next_attempt_at: null });
    } finally {
      w.peers.slack.mode = 'up';
    }
  });

  it('a dedupe key queues one alert per channel however often it is sent', async () => {
    const c = await addChannel(t, w.admin.token, { ...channelBodies(w.peers).telegram, name: 'dedupe' });
    const counts = await Promise.all([1, 2, 3].map(() => alert([c.uuid], 'cap:offer-1:2026-11-28')));
    expect(counts.sort()).toEqual([0, 0, 1]);
    expect(await alert([c.uuid], 'cap:offer-1:2026-11-28')).toBe(0);
    expect(await outboxRows(t, c.uuid)).toHaveLength(1);
  });

  it('two workers draining at once deliver each alert once', async () => {
    const c = await addChannel(t, w.admin.token, { ...channelBodies(w.peers).webhook, name: 'race' });
    const before = w.peers.receiver.received.length;
    for (let i = 0; i < 30; i += 1) await alert([c.uuid]);
    const drains = async () => {
      while ((await drainOnce(w.worker, 4)) > 0) {
        // Another batch: the other worker takes what this one has not.
      }
    };
    await Promise.all([drains(), drains()]);
    const ids = w.peers.receiver.received.slice(before).map((r) => r.json.id);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    expect((await outboxRows(t, c.uuid)).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it("a disabled channel's alerts wait; a deleted channel's are dropped", async () => {
    const c = await addChannel(t, w.admin.token, { ...channelBodies(w.peers).slack, name: 'paused' });
    await alert([c.uuid]);
    await call(t.app, 'PUT', `${CHANNELS}/${c.uuid}`, {
      token: w.admin.token,
      payload: { kind: 'slack', enabled: false },
    });
    expect(await alert([c.uuid])).toBe(0);
    await drainAll(w);
    expect(await outboxRows(t, c.uuid)).toMatchObject([{ status: 'pending', attempts: 0 }]);
    await call(t.app, 'PUT', `${CHANNELS}/${c.uuid}`, {
      token: w.admin.token,
      payload: { kind: 'slack', enabled: true },
    });
    await drainAll(w);
    expect(await outboxRows(t, c.uuid)).toMatchObject([{ status: 'sent' }]);

    const d = await addChannel(t, w.admin.token, { ...channelBodies(w.peers).slack, name: 'deleted' });
    await alert([d.uuid]);
    await call(t.app, 'DELETE', `${CHANNELS}/${d.uuid}`, { token: w.admin.token });
    expect(await outboxRows(t, d.uuid)).toEqual([]);
  });
});

describe('who an alert reaches', () => {
  it("an affiliate's alert goes to its own subscribed channels only", async () => {
    const b = channelBodies(w.peers, w.affA.email);
    const all = await addChannel(t, w.affA.token, { ...b.telegram, name: 'all mine' });
    const paused = await addChannel(t, w.affA.token, { ...b.email, events: ['offer_paused'] });
    expect(await alertAffiliate(t.db, w.affA.id, 'cap_reached', 'Cap reached', 'Offer X is full')).toBe(1);
    expect(await outboxRows(t, all.uuid)).toHaveLength(1);
    expect(await outboxRows(t, paused.uuid)).toHaveLength(0);
    // A staff event never reaches an affiliate's channel, even one that lists no events.
    expect(await enqueueAlert(t.db, { event: 'buyer_failing', title: 'x', text: 'y', toUsers: [w.affA.id] })).toBe(0);
    expect(await enqueueAlert(t.db, { event: 'cap_reached', title: 'x', text: 'y', network: true })).toBeGreaterThan(0);
    const mine = (await call(t.app, 'GET', OUTBOX, { token: w.affA.token })).json().data;
    expect(mine.list.map((i: { channel: { uuid: string } }) => i.channel.uuid)).toEqual([all.uuid]);
  });
});
