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

  it("carries the stored lead's fraud verdict to its copy (a lead refused for fraud stays flagged when resold)", async () => {
    const { w, c, buyers } = world;
    const offer = await w.offer([{ product_uuid: await w.product(buyers.add('accept')) }]);
    const reasons = [
      { code: 'bot_agent', weight: 80, detail: 'The user agent names a headless or automated browser' },
      { code: 'datacenter_ip', weight: 50, detail: "The lead's IP 3.5.140.2 belongs to Amazon, a hosting network" },
    ];
    const [refused, unscored] = [
      ...(await c.storedLeads(1, { reason: 'fraud', fraudScore: 90, fraudReasons: reasons })),
      ...(await c.storedLeads(1)),
    ];
    const d = await c.create({
      list: await c.list([refused.id, unscored.id]),
      rule: await c.rule(),
      offer: offer.uuid,
    });
    await c.settled(d.uuid, 2);
    const copies = await c.copiesOf(d.uuid);
    const copyOf = (id: string) => copies.find((x) => x.originLeadId === id);
    expect(copyOf(refused.id)).toMatchObject({ fraudScore: 90, fraudReasons: reasons });
    expect(copyOf(unscored.id)).toMatchObject({ fraudScore: null, fraudReasons: null });
  });
});
