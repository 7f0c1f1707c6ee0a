// Through the real /click route: dirty text never stops the writer, and a slow database slows redirects instead of
// piling up clicks a crash would lose (decision 013).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { clicks } from '../../db/schema.ts';
import { click, clickIdOf, startClickWorld, type ClickWorld } from './click.fixtures.ts';

let t: TestApp;
let w: ClickWorld;
beforeAll(async () => {
  ({ t, w } = await startClickWorld());
});
afterAll(async () => {
  await t?.close();
});

const waitFor = async (ok: () => Promise<boolean> | boolean, ms = 60_000) => {
  for (const end = Date.now() + ms; !(await ok());) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};
const storedIds = async (ids: string[]) =>
  await t.db.select({ id: clicks.id, sub1: clicks.sub1 }).from(clicks).where(inArray(clicks.id, ids));

describe('/click with dirty text', () => {
  it('a NUL byte in a sub is removed at the edge: the click redirects, it and the clicks around it are stored', async () => {
    const o = await w.offer();
    const rejected = t.services.clicks.writer.rejected;
    const paths = [
      ...Array.from({ length: 5 }, (_, i) => `/click/${o.id}?aff=${w.affA.id}&sub1=good${i}`),
      `/click/${o.id}?aff=${w.affA.id}&sub1=nul%00x&sub2=%00&sub3=${'y'.repeat(100_000)}`,
      ...Array.from({ length: 5 }, (_, i) => `/click/${o.id}?aff=${w.affA.id}&sub1=after${i}`),
    ];
    const ids: string[] = [];
    for (const path of paths) {
      const res = await click(t.app, path);
      expect(res.statusCode).toBe(302);
      ids.push(clickIdOf(res.headers.location as string)!);
    }
    await t.services.clicks.writer.drain();
    const rows = new Map((await t.db.select().from(clicks).where(inArray(clicks.id, ids))).map((r) => [r.id, r]));
    expect(ids.every((id) => rows.has(id))).toBe(true);
    expect(rows.get(ids[5])).toMatchObject({ sub1: 'nulx', sub2: null, sub3: 'y'.repeat(200) });
    expect(t.services.clicks.writer.rejected).toBe(rejected);
  });
});

describe('/click while the database is slow', () => {
  it('holds at most its bound of unstored clicks; the redirects past it wait and are answered once the database is back', async () => {
    const o = await w.offer();
    const writer = t.services.clicks.writer;
    await writer.drain();
    const bound = writer.maxPending;
    writer.maxPending = 20;
    const blocker = await t.db.$client.connect();
    await blocker.query('begin');
    await blocker.query('lock table clicks in share mode');
    const answers: { statusCode: number; location?: string }[] = [];
    const sent: Promise<unknown>[] = [];
    try {
      for (let i = 0; i < 30; i++)
        sent.push(
          click(t.app, `/click/${o.id}?aff=${w.affA.id}&sub1=slow${i}`).then((r) =>
            answers.push({ statusCode: r.statusCode, location: r.headers.location as string }),
          ),
        );
      // The writer's timer starts a write, which waits on the lock.
      await waitFor(
        async () =>
          (
            await t.db.execute<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`)
          ).rows[0].n > 0,
      );
      // Clicks keep coming while it waits.
      for (let i = 30; i < 60; i++)
        sent.push(
          click(t.app, `/click/${o.id}?aff=${w.affA.id}&sub1=slow${i}`).then((r) =>
            answers.push({ statusCode: r.statusCode, location: r.headers.location as string }),
          ),
        );
      await waitFor(() => writer.waiting === 40 && answers.length >= 20);
      expect(writer.pending).toBe(20);
      expect(answers).toHaveLength(20);
    } finally {
      await blocker.query('commit');
      blocker.release();
    }
    await Promise.all(sent);
    writer.maxPending = bound;
    expect(answers.map((a) => a.statusCode)).toEqual(Array(60).fill(302));
    await writer.drain();
    expect(await storedIds(answers.map((a) => clickIdOf(a.location)!))).toHaveLength(60);
  });
});
