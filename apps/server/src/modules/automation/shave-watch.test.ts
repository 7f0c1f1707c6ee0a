import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorld, type TestApp } from '#test/harness.ts';
import { hourlyShaveHistory, insertShaveHistory, shaveWorld, type ShaveWorld } from './shave.fixtures.ts';
import { watchShaving } from './shave-watch.ts';

const HOUR = 3_600_000;
const NOW = new Date(Math.floor(Date.now() / HOUR) * HOUR);

let t: TestApp;
let w: ShaveWorld;
let channels: { network: string; muted: string; own: string };

const queued = async () =>
  (
    await t.db.execute<{ channel_id: string; title: string; text: string }>(
      sql`select channel_id, title, text from notification_outbox where event = 'shave_suspected'`,
    )
  ).rows;

beforeAll(async () => {
  ({ t, w } = await createTestWorld((app) => shaveWorld(app.db, ['Hides deposits', 'Honest buyer'])));
  await insertShaveHistory(t.db, w, [
    ...hourlyShaveHistory(w, w.products[0]!, true, NOW.getTime()),
    ...hourlyShaveHistory(w, w.products[1]!, false, NOW.getTime()),
  ]);
  const channel = async (ownerId: string | null, events: string[]) =>
    (
      await t.db.execute<{ id: string }>(sql`insert into notification_channels (owner_id, kind, name, events, config)
        values (${ownerId}, 'email', 'Ops', ${`{${events.join(',')}}`}::text[], '{"addresses":["ops@network.test"]}') returning id`)
    ).rows[0]!.id;
  channels = {
    network: await channel(null, []),
    muted: await channel(null, ['cap_reached']),
    own: await channel(w.affiliates[0]!, []),
  };
});
afterAll(() => t?.close());

describe('shave watch', () => {
  it("alerts the network's channels that want it about the shaved buyer only, once per dip", async () => {
    const first = await watchShaving(t.db, NOW);
    expect(first).toMatchObject({ queued: 1 });
    const rows = await queued();
    expect(rows.map((r) => r.channel_id)).toEqual([channels.network]);
    expect(rows[0]!.title).toContain('Hides deposits');
    expect(rows[0]!.text).toMatch(/fell from 20\.0 % to \d+\.\d % over \d+ leads/);
    expect(rows.some((r) => r.title.includes('Honest buyer'))).toBe(false);

    const again = await watchShaving(t.db, new Date(NOW.getTime() + HOUR));
    expect(again!.suspects).toBeGreaterThan(0);
    expect(again).toMatchObject({ queued: 0 });
    expect(await queued()).toHaveLength(1);
  });

  it('looks once when another process is looking', async () => {
    const client = await t.db.$client.connect();
    try {
      await client.query('begin');
      await client.query("select pg_advisory_xact_lock(x'7368617665776174'::bigint)");
      expect(await watchShaving(t.db, NOW)).toBeNull();
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});
