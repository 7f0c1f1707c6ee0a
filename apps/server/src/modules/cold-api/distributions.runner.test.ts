// The runner: window and daily limit in the distribution's zone, pauses between sends, status changes, and two
// distributions sharing a lead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coldDistributions, offers } from '../../db/schema.ts';
import { eq, sql } from 'drizzle-orm';
import { lockKey } from '../leads/index.ts';
import { api } from '../managers/staff.fixtures.ts';
import { startColdWorld, waitFor } from './distributions.fixtures.ts';
import { wallClock, windowAt, zonedInstant } from './distribution-schedule.ts';

let world: Awaited<ReturnType<typeof startColdWorld>>;
beforeAll(async () => {
  world = await startColdWorld();
});
afterAll(async () => world?.stop());

const setup = async (n: number) => {
  const { w, c, buyers } = world;
  const buyer = buyers.add('accept');
  const offer = (await w.offer([{ product_uuid: await w.product(buyer) }])).uuid;
  const stored = await c.storedLeads(n);
  return { buyer, offer, stored, list: await c.list(stored.map((l) => l.id)), rule: await c.rule() };
};
const waiting = (id: string, text: string) =>
  waitFor(async () => {
    const v = await world.c.get(id);
    return v.waiting === text && v;
  }, `waiting "${text}"`);
/** The runner lets go of a distribution it no longer sends (paused, done, deleted): nothing more can be sent. */
const released = (id: string) =>
  waitFor(async () => (await world.c.rowOf(id)).leaseOwner === null, 'the lease released');

describe('window and daily limit', () => {
  it('outside the hours in its zone nothing is sent, and it says when it opens', async () => {
    const s = await setup(2);
    const zone = 'Asia/Tokyo';
    // Two hours that are surely not now in Tokyo.
    const from = (wallClock(zone, new Date()).hour + 6) % 24;
    const to = (from + 2) % 24 || 24;
    const d = await world.c.create(s, { time_zone: zone, hour_from: from, hour_to: to });
    const pad = (h: number) => `${String(h).padStart(2, '0')}:00`;
    const view = await waiting(d.uuid, `Outside the sending hours (${pad(from)}–${pad(to)} ${zone})`);
    const expected = windowAt(
      { startDate: '2020-01-01', endDate: null, hourFrom: from, hourTo: to, timeZone: zone },
      new Date(),
    );
    expect(!expected.open && expected.next?.toISOString()).toBe(view.next_send_at);
    expect(view.counters).toMatchObject({ queued: 2, sent: 0 });
    expect(s.buyer.received).toHaveLength(0);
    // All day: both go.
    const res = await api(world.t.app, 'PUT', `/api/cold-api/v1/distributions/${d.uuid}`, world.w.admin.token, {
      ...world.c.body(s, { time_zone: zone, hour_from: 0, hour_to: 24 }),
      title: 'All day',
    });
    expect(res.status).toBe(200);
    await world.c.settled(d.uuid, 2);
    expect(s.buyer.received).toHaveLength(2);
  });

  it('a start date ahead waits for it; an end date passed finishes the distribution', async () => {
    const s = await setup(1);
    const later = await world.c.create(s, { start_date: '2099-01-01', time_zone: 'Europe/Kyiv' });
    const view = await waiting(later.uuid, 'Starts on 2099-01-01');
    expect(view.next_send_at).toBe(zonedInstant('2099-01-01', 0, 'Europe/Kyiv').toISOString());
    const ended = await world.c.create(s, { start_date: '2020-01-01', end_date: '2020-02-01' });
    await waitFor(async () => (await world.c.get(ended.uuid)).status === 'done', 'done');
    expect(s.buyer.received).toHaveLength(0);
  });

  it('the daily limit counts sends of the day in its zone, skips not counted', async () => {
    const s = await setup(4);
    const [ftd] = await world.c.storedLeads(1, { isFtd: true, createdAt: new Date() });
    await world.c.addToList(s.list, [ftd.id]);
    const d = await world.c.create(s, { daily_limit: 2, time_zone: 'America/New_York', order: 'newest' });
    const view = await waiting(d.uuid, 'Daily limit of 2 reached');
    expect(view.counters).toMatchObject({ sent: 2, skipped: 1, queued: 2 });
    // Newest first: the FTD lead (skipped), then the two newest stored leads (claimed side by side at pauses of 0).
    expect(s.buyer.received.map((r) => r.body.email).sort()).toEqual([s.stored[3].email, s.stored[2].email].sort());
    const { day } = wallClock('America/New_York', new Date());
    const tomorrow = zonedInstant(day, 0, 'America/New_York');
    expect(new Date(view.next_send_at).getTime()).toBeGreaterThan(tomorrow.getTime());
  });
});

describe('the target offer', () => {
  it('not active: nothing is sent until it is again', async () => {
    const s = await setup(2);
    const [offer] = await world.t.db
      .update(offers)
      .set({ status: 'stopped' })
      .where(eq(offers.id, s.offer))
      .returning();
    const d = await world.c.create(s);
    await waiting(d.uuid, `The offer ${offer.title} is not active`);
    expect(s.buyer.received).toHaveLength(0);
    await world.t.db.update(offers).set({ status: 'active' }).where(eq(offers.id, s.offer));
    await world.c.settled(d.uuid, 2);
    expect(s.buyer.received).toHaveLength(2);
  });
});

describe('pauses between sends', () => {
  it('each send starts at least interval_min after the previous one, and the planned pause is within [min, max]', async () => {
    const s = await setup(3);
    const d = await world.c.create(s, { interval_min: 1, interval_max: 2, order: 'oldest' });
    const planned: number[] = [];
    await waitFor(
      async () => {
        const row = await world.c.rowOf(d.uuid);
        if (row.lastSendAt && row.nextSendAt) {
          const gap = row.nextSendAt.getTime() - row.lastSendAt.getTime();
          if (planned.at(-1) !== gap) planned.push(gap);
        }
        return (await world.c.sendsOf(d.uuid)).length === 3;
      },
      '3 sends',
      12_000,
    );
    const sends = await world.c.settled(d.uuid, 3);
    for (let i = 1; i < sends.length; i++)
      expect(sends[i].createdAt.getTime() - sends[i - 1].createdAt.getTime()).toBeGreaterThanOrEqual(950);
    for (const gap of planned) {
      expect(gap).toBeGreaterThanOrEqual(1000);
      expect(gap).toBeLessThanOrEqual(2000);
    }
    expect(s.buyer.received.map((r) => r.body.email)).toEqual(s.stored.map((l) => l.email));
  });
});

describe('the pause at the buyer', () => {
  it('the calls reaching the buyer are never closer than the pause, however long the database work before one took', async () => {
    const s = await setup(3);
    const [first] = s.stored;
    // The first claim waits on the stored lead's lock (held here) well into the pause: the database is slow for that
    // send only. Measured from when the lead was taken, the second call would come less than a pause after the first.
    const held = world.t.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${lockKey(`cold-lead:${first.id}`).toString()}::bigint)`);
      const d = await world.c.create(s, { interval_min: 1, interval_max: 1, order: 'oldest' });
      await waitFor(
        async () =>
          (await world.t.db.execute(sql`select 1 from pg_locks where locktype = 'advisory' and not granted limit 1`))
            .rows.length > 0,
        'the first claim waiting for the lock',
      );
      await new Promise((r) => setTimeout(r, 700));
      return d;
    });
    const d = await held;
    await world.c.settled(d.uuid, 3);
    const at = s.buyer.received.map((r) => r.at);
    expect(s.buyer.received.map((r) => r.body.email)).toEqual(s.stored.map((l) => l.email));
    for (let i = 1; i < at.length; i++) expect(at[i] - at[i - 1]).toBeGreaterThanOrEqual(1000);
  });
});

describe('status', () => {
  it('pause stops before the next send, resume goes on, done stops, done → active sends leads added later', async () => {
    const s = await setup(4);
    const d = await world.c.create(s, { interval_min: 1, interval_max: 1 });
    await waitFor(async () => (await world.c.sendsOf(d.uuid)).length >= 1, 'a first send');
    expect((await world.c.setStatus(d.uuid, 'paused')).status).toBe(200);
    await released(d.uuid);
    const whilePaused = (await world.c.sendsOf(d.uuid)).length;
    expect(whilePaused).toBeLessThan(4);
    expect((await world.c.get(d.uuid)).counters.queued).toBe(4 - whilePaused);

    expect((await world.c.setStatus(d.uuid, 'active')).status).toBe(200);
    await waitFor(async () => (await world.c.sendsOf(d.uuid)).length > whilePaused, 'a send after resuming');
    expect((await world.c.setStatus(d.uuid, 'done')).status).toBe(200);
    await released(d.uuid);
    const atDone = (await world.c.sendsOf(d.uuid)).length;

    const [late] = await world.c.storedLeads(1);
    await world.c.addToList(s.list, [late.id]);
    expect((await world.c.setStatus(d.uuid, 'active')).status).toBe(200);
    await world.c.settled(d.uuid, 5);
    expect(atDone).toBeLessThan(5);
    expect(s.buyer.received.map((r) => r.body.email).sort()).toEqual([...s.stored, late].map((l) => l.email).sort());
    await waiting(d.uuid, 'Every lead of the list is taken');
  });

  it('transitions: deleted is final and hidden from the list unless asked for', async () => {
    const s = await setup(1);
    const d = await world.c.create(s, {}, world.w.admin);
    expect((await world.c.setStatus(d.uuid, 'done')).status).toBe(200);
    const paused = await world.c.setStatus(d.uuid, 'paused');
    expect(paused.status).toBe(409);
    expect(paused.json.error).toEqual({ status: 'A done distribution cannot become paused' });
    expect((await world.c.setStatus(d.uuid, 'deleted')).status).toBe(200);
    const back = await world.c.setStatus(d.uuid, 'active');
    expect(back.status).toBe(409);
    expect(back.json.error).toEqual({ status: 'A deleted distribution stays deleted' });
    const edit = await api(
      world.t.app,
      'PUT',
      `/api/cold-api/v1/distributions/${d.uuid}`,
      world.w.admin.token,
      world.c.body(s),
    );
    expect(edit.status).toBe(409);
    const listed = async (q: string) =>
      (await api(world.t.app, 'GET', `/api/cold-api/v1/distributions/list?count=100${q}`, world.w.admin.token)).json
        .data.list as { uuid: string }[];
    expect((await listed('')).map((x) => x.uuid)).not.toContain(d.uuid);
    expect((await listed('&status=deleted')).map((x) => x.uuid)).toContain(d.uuid);
  });
});

describe('two active distributions', () => {
  it('never send one stored lead to one product', async () => {
    const { w, c, buyers, t } = world;
    const buyer = buyers.add('accept');
    const offer = (await w.offer([{ product_uuid: await w.product(buyer) }])).uuid;
    const stored = await c.storedLeads(12);
    const list = await c.list(stored.map((l) => l.id));
    // A rule that allows the same product: only the product claims keep them apart.
    const rule = await c.rule({ neverSameProduct: false });
    const [a, b] = await Promise.all([c.create({ list, rule, offer }), c.create({ list, rule, offer })]);
    await c.settled(a.uuid, 12);
    await c.settled(b.uuid, 12);
    const got = buyer.received.map((r) => r.body.email);
    expect(got.sort()).toEqual(stored.map((l) => l.email).sort());
    // Once both are done, the claims may be taken over by a new distribution.
    await c.setStatus(a.uuid, 'done');
    await c.setStatus(b.uuid, 'done');
    const again = await c.create({ list: await c.list([stored[0].id]), rule, offer });
    await c.settled(again.uuid, 1);
    expect(buyer.received.filter((r) => r.body.email === stored[0].email)).toHaveLength(2);
    const [row] = await t.db.select().from(coldDistributions).where(eq(coldDistributions.id, again.uuid));
    expect(row.status).toBe('active');
  });
});
