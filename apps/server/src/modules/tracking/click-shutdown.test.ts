// App close stops the runtime services in one place (services.ts, docs/decisions/043-runtime-services.md): the
// click writer is closed, and its buffered clicks stored, even when a service closed before it fails to stop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { clicks } from '../../db/schema.ts';
import { click, clickIdOf, startClickWorld, type ClickWorld } from './click.fixtures.ts';

let t: TestApp;
let w: ClickWorld;
beforeAll(async () => {
  ({ t, w } = await startClickWorld());
});
afterAll(async () => {
  // The app is closed by the test itself.
  await t?.smtp?.close();
  await t?.db.$client.end();
});

describe('app close', () => {
  it('stores the clicks and closes the writer even when the Cold API runner fails to stop first', async () => {
    const o = await w.offer();
    const res = await click(t.app, `/click/${o.id}?aff=${w.affA.id}&sub1=shutdown`);
    expect(res.statusCode).toBe(302);
    const id = clickIdOf(res.headers.location as string)!;
    const { writer } = t.services.clicks;
    t.services.coldRunner.stop = async () => {
      throw new Error('the runner did not stop');
    };

    await expect(t.app.close()).rejects.toThrow('the runner did not stop');

    expect(await t.db.select({ id: clicks.id }).from(clicks).where(eq(clicks.id, id))).toHaveLength(1);
    // Closed: a click arriving now is counted as lost instead of waiting in a buffer nobody flushes.
    const lost = writer.lost;
    await writer.add({ id: crypto.randomUUID(), createdAt: new Date(), offerId: o.uuid });
    expect(writer.lost).toBe(lost + 1);
  });
});
