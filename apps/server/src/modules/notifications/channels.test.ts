import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MAX_CHANNELS_PER_OWNER } from '@pxl/contract';
import { call } from '#test/factories.ts';
import type { TestApp } from '#test/harness.ts';
import {
  addChannel,
  CHANNELS,
  channelBodies,
  OUTBOX,
  startNotificationsWorld,
  type NotificationsWorld,
} from './notifications.fixtures.ts';
import { BOT_TOKEN, SLACK_PATH, WEBHOOK_SECRET } from './peers.fixtures.ts';

let t: TestApp;
let w: NotificationsWorld;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, w, close } = await startNotificationsWorld());
});
afterAll(async () => close?.());

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  call(t.app, method, url, { token, payload });

describe('channels: who sees and changes what', () => {
  it('admin adds network channels of every kind; secrets are sealed and never answered', async () => {
    const bodies = channelBodies(w.peers);
    const made = [];
    for (const body of Object.values(bodies)) made.push(await addChannel(t, w.admin.token, body));
    expect(made.map((c) => c.has_secret)).toEqual([true, true, true, false]);
    const list = await req('GET', CHANNELS, w.head.token);
    expect(list.statusCode).toBe(200);
    const text = list.body + (await req('GET', `${CHANNELS}/${made[1].uuid}`, w.admin.token)).body;
    for (const secret of [BOT_TOKEN, SLACK_PATH, WEBHOOK_SECRET]) expect(text).not.toContain(secret);
    const byKind = Object.fromEntries(list.json().data.list.map((c: { kind: string }) => [c.kind, c]));
    expect(byKind.telegram).toMatchObject({ owner: null, target: '-100123456', config: { chat_id: '-100123456' } });
    expect(byKind.slack.target).toBe(new URL(w.peers.slack.url).host);
    expect(byKind.email.target).toBe('alerts@network.test');
    const { rows } = await t.db.execute<{ secret_sealed: string }>(
      sql`select secret_sealed from notification_channels where kind = 'telegram'`,
    );
    expect(rows[0].secret_sealed).not.toContain(BOT_TOKEN);
    const audit = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'notification_channel_change'
          and details->>'change' = 'create' and details::text not like ${`%${WEBHOOK_SECRET}%`}`,
    );
    expect(audit.rows[0].n).toBe(4);
  });

  it("an affiliate sees, tests and changes only its own: another's or the network's is 404", async () => {
    const own = await addChannel(t, w.affA.token, channelBodies(w.peers, w.affA.email).email);
    const other = await addChannel(t, w.affB.token, channelBodies(w.peers, w.affB.email).email);
    const network = (await req('GET', CHANNELS, w.admin.token)).json().data.list[0].uuid as string;
    const list = (await req('GET', CHANNELS, w.affA.token)).json().data.list as { uuid: string }[];
    expect(list.map((c) => c.uuid)).toEqual([own.uuid]);
    for (const id of [other.uuid, network]) {
      expect((await req('GET', `${CHANNELS}/${id}`, w.affA.token)).statusCode).toBe(404);
      expect((await req('POST', `${CHANNELS}/${id}/test`, w.affA.token)).statusCode).toBe(404);
      expect((await req('PUT', `${CHANNELS}/${id}`, w.affA.token, { kind: 'email', name: 'x' })).statusCode).toBe(404);
      expect((await req('DELETE', `${CHANNELS}/${id}`, w.affA.token)).statusCode).toBe(404);
      const log = await req('GET', `${OUTBOX}?channel_uuid=${id}`, w.affA.token);
      expect(log.json().data).toMatchObject({ count: 0, list: [] });
    }
    // Admin and head do not see a partner's own channel either: it is theirs.
    expect((await req('GET', `${CHANNELS}/${own.uuid}`, w.admin.token)).statusCode).toBe(404);
    const renamed = await req('PUT', `${CHANNELS}/${own.uuid}`, w.affA.token, { kind: 'email', name: 'Mine' });
    expect(renamed.json().data).toMatchObject({ name: 'Mine', owner: { uuid: w.affA.id } });
  });

  it('an affiliate may not add Slack or webhooks, mail others, name an API base or take staff events', async () => {
    const b = channelBodies(w.peers, w.affA.email);
    const refusals: [object, string][] = [
      [b.slack, 'kind'],
      [b.webhook, 'kind'],
      [{ ...b.email, config: { addresses: [w.affA.email, 'boss@elsewhere.test'] } }, 'addresses'],
      [{ ...b.telegram, config: { ...b.telegram.config, api_base: w.peers.telegram.url } }, 'api_base'],
      [{ ...b.telegram, events: ['buyer_failing'] }, 'events'],
    ];
    for (const [body, field] of refusals) {
      const res = await req('POST', CHANNELS, w.affA.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toMatchObject({ status: 'error', error: { [field]: expect.any(String) } });
    }
    const tg = await addChannel(t, w.affA.token, { ...b.telegram, events: ['conversion_rejected'] });
    const moved = await req('PUT', `${CHANNELS}/${tg.uuid}`, w.affA.token, {
      kind: 'telegram',
      config: { api_base: 'http://127.0.0.1:9' },
    });
    expect(moved.statusCode).toBe(422);
    const mail = (await req('GET', CHANNELS, w.affA.token))
      .json()
      .data.list.find((c: { kind: string }) => c.kind === 'email');
    const other = await req('PUT', `${CHANNELS}/${mail.uuid}`, w.affA.token, {
      kind: 'email',
      config: { addresses: ['boss@elsewhere.test'] },
    });
    expect(other.json()).toMatchObject({
      status: 'error',
      error: { addresses: expect.stringContaining(w.affA.email) },
    });
  });

  it('a manager keeps own Telegram and e-mail channels with any staff event', async () => {
    const b = channelBodies(w.peers, w.manager.email);
    const c = await addChannel(t, w.manager.token, { ...b.email, events: ['buyer_failing', 'cap_reached'] });
    expect((await req('GET', `${CHANNELS}/${c.uuid}`, w.manager.token)).json().data.events).toEqual([
      'buyer_failing',
      'cap_reached',
    ]);
    expect((await req('POST', CHANNELS, w.manager.token, b.webhook)).statusCode).toBe(422);
  });

  it('a change keeps secrets left out, refuses another kind, and needs the secret at creation', async () => {
    const b = channelBodies(w.peers);
    const c = await addChannel(t, w.admin.token, b.webhook);
    const res = await req('PUT', `${CHANNELS}/${c.uuid}`, w.admin.token, { kind: 'webhook', name: 'Renamed' });
    expect(res.json().data).toMatchObject({ name: 'Renamed', has_secret: true });
    expect((await req('PUT', `${CHANNELS}/${c.uuid}`, w.admin.token, { kind: 'slack' })).statusCode).toBe(422);
    const bare = await req('POST', CHANNELS, w.admin.token, {
      kind: 'webhook',
      name: 'x',
      config: { url: 'http://a.test' },
    });
    expect(bare.json()).toMatchObject({ error: { secret: expect.any(String) } });
    expect((await req('DELETE', `${CHANNELS}/${c.uuid}`, w.admin.token)).json().data).toEqual({ uuid: c.uuid });
    expect((await req('GET', `${CHANNELS}/${c.uuid}`, w.admin.token)).statusCode).toBe(404);
  });

  it(`at most ${MAX_CHANNELS_PER_OWNER} channels per owner: 409`, async () => {
    const body = channelBodies(w.peers, w.affB.email).email;
    const have = (await req('GET', CHANNELS, w.affB.token)).json().data.list.length as number;
    const tries = await Promise.all(
      Array.from({ length: MAX_CHANNELS_PER_OWNER + 2 - have }, () => req('POST', CHANNELS, w.affB.token, body)),
    );
    expect(tries.filter((r) => r.statusCode === 200)).toHaveLength(MAX_CHANNELS_PER_OWNER - have);
    expect(tries.filter((r) => r.statusCode === 409)).toHaveLength(2);
  });
});
