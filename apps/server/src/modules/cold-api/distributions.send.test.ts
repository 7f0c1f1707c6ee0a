import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { leads } from '../../db/schema.ts';
import { startColdWorld, waitFor } from './distributions.fixtures.ts';

let world: Awaited<ReturnType<typeof startColdWorld>>;
beforeAll(async () => {
  world = await startColdWorld();
});
afterAll(async () => world?.stop());

describe('a distribution sends its list', () => {
  it('each list lead once, as a new user session of the acting affiliate on the target offer', async () => {
    const { w, c, buyers } = world;
    const buyer = buyers.add('accept');
    const product = await w.product(buyer);
    const offer = await w.offer([{ product_uuid: product }]);
    const stored = await c.storedLeads(5);
    const list = await c.list(stored.map((l) => l.id));
    const d = await c.create({ list, rule: await c.rule(), offer: offer.uuid });
    const sends = await c.settled(d.uuid, 5);
    expect(new Set(sends.map((s) => s.originLeadId))).toEqual(new Set(stored.map((l) => l.id)));
    const copies = await c.copiesOf(d.uuid);
    expect(copies.map((x) => x.status)).toEqual(Array(5).fill('accepted'));
    expect(copies.every((x) => x.affiliateId === w.affA.id && x.offerId === offer.uuid)).toBe(true);
    expect(buyer.received.map((r) => r.body.email).sort()).toEqual(stored.map((l) => l.email).sort());
    // The stored leads are never changed.
    const after = await Promise.all(
      stored.map(async (l) => (await world.t.db.select().from(leads).where(eq(leads.id, l.id)))[0]),
    );
    expect(after.map((l) => l.status)).toEqual(Array(5).fill('failed'));
    const view = await waitFor(async () => {
      const v = await c.get(d.uuid);
      return v.waiting === 'Every lead of the list is taken' && v;
    }, 'waiting');
    expect(view.counters).toMatchObject({ queued: 0, sent: 5, accepted: 5, rejected: 0, pending: 0, skipped: 0 });
  });
});
