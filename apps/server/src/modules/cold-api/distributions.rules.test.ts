// Each rule limit and data setting, checked on what the buyers received (real local HTTP buyers) and on the sends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { products } from '../../db/schema.ts';
import { api } from '../managers/staff.fixtures.ts';
import { BUYER_SECRET, templateFor } from '../leads/leads.fixtures.ts';
import type { Buyer } from '../leads/buyers.fixtures.ts';
import { ORIGINAL_PASSWORD, startColdWorld } from './distributions.fixtures.ts';

let world: Awaited<ReturnType<typeof startColdWorld>>;
beforeAll(async () => {
  world = await startColdWorld();
});
afterAll(async () => world?.stop());

/** A buyer on its own API offer; the product's template also sends the funnel. */
const target = async (mode: 'accept' | 'reject' = 'accept') => {
  const { t, w, buyers } = world;
  const buyer = buyers.add(mode);
  const tpl = templateFor(buyer);
  const res = await api(t.app, 'POST', `/api/advertisers/v1/${w.advA.id}/products`, w.admin.token, {
    name: buyer.name,
    integration_type: 'json',
    credentials: { api_key: BUYER_SECRET },
    geos: [],
    status: 'active',
    integration: { ...tpl, push: { ...tpl.push, body: { ...tpl.push.body, funnel: '{funnel}' } } },
  });
  if (res.status !== 200) throw new Error(res.body);
  const product = res.json.data.uuid as string;
  await t.db
    .update(products)
    .set({ testedAt: sql`now()` })
    .where(eq(products.id, product));
  return { buyer, product };
};
const offerOf = async (...links: { product: string; priority?: number }[]) =>
  (await world.w.offer(links.map((l) => ({ product_uuid: l.product, priority: l.priority ?? 1 })))).uuid;
const emails = (b: Buyer) => b.received.map((r) => r.body.email).sort();
const skipsOf = async (id: string) =>
  Object.fromEntries((await world.c.sendsOf(id)).map((s) => [s.originLeadId, s.skipReason]));

describe('rule limits', () => {
  it('max_resends counts the copies of a lead in every distribution', async () => {
    const { c } = world;
    const a = await target();
    const b = await target();
    const [once, fresh] = await c.storedLeads(2);
    const rule = await c.rule({ maxResends: 1, neverSameProduct: false });
    const first = await c.create({ list: await c.list([once.id]), rule, offer: await offerOf(a) });
    await c.settled(first.uuid, 1);
    const second = await c.create({ list: await c.list([once.id, fresh.id]), rule, offer: await offerOf(b) });
    await c.settled(second.uuid, 2);
    expect(await skipsOf(second.uuid)).toEqual({ [once.id]: 'max_resends', [fresh.id]: null });
    expect(emails(b.buyer)).toEqual([fresh.email]);
  });

  it('min_days_between counts from the lead’s arrival and from its latest copy', async () => {
    const { c } = world;
    const a = await target();
    const b = await target();
    const [recent] = await c.storedLeads(1, { createdAt: new Date(Date.now() - 2 * 86_400_000) });
    const [old] = await c.storedLeads(1);
    const wait5 = await c.rule({ minDaysBetween: 5, neverSameProduct: false });
    const first = await c.create({ list: await c.list([recent.id, old.id]), rule: wait5, offer: await offerOf(a) });
    await c.settled(first.uuid, 2);
    expect(await skipsOf(first.uuid)).toEqual({ [recent.id]: 'too_soon', [old.id]: null });
    // `old` was just re-sent: a day's wait now refuses it although it arrived 40 days ago.
    const wait1 = await c.rule({ minDaysBetween: 1, neverSameProduct: false });
    const second = await c.create({ list: await c.list([old.id]), rule: wait1, offer: await offerOf(b) });
    await c.settled(second.uuid, 1);
    expect(await skipsOf(second.uuid)).toEqual({ [old.id]: 'too_soon' });
    expect(emails(a.buyer)).toEqual([old.email]);
    expect(b.buyer.received).toHaveLength(0);
  });

  it('never_same_product leaves out every product that had the lead (its own or a copy’s call)', async () => {
    const { c } = world;
    const p = await target();
    const q = await target();
    const leadsOf = await c.storedLeads(2);
    const first = await c.create({
      list: await c.list([leadsOf[0].id]),
      rule: await c.rule(),
      offer: await offerOf(p),
    });
    await c.settled(first.uuid, 1);
    // P first in the waterfall, Q after it: the lead that P had goes to Q, the other to P.
    const never = await c.rule({ neverSameProduct: true });
    const both = await offerOf({ product: p.product, priority: 1 }, { product: q.product, priority: 2 });
    const second = await c.create({ list: await c.list(leadsOf.map((l) => l.id)), rule: never, offer: both });
    await c.settled(second.uuid, 2);
    expect(emails(p.buyer)).toEqual([leadsOf[0].email, leadsOf[1].email].sort());
    expect(emails(q.buyer)).toEqual([leadsOf[0].email]);
    // Only P on the offer: nothing is left for the lead P had.
    const third = await c.create({ list: await c.list([leadsOf[0].id]), rule: never, offer: await offerOf(p) });
    await c.settled(third.uuid, 1);
    expect(await skipsOf(third.uuid)).toEqual({ [leadsOf[0].id]: 'no_product' });
    expect(p.buyer.received).toHaveLength(2);
  });

  it('skip_ftd skips a lead that deposited; off, it is sent', async () => {
    const { c } = world;
    const a = await target();
    const [ftd] = await c.storedLeads(1, { isFtd: true, status: 'accepted' });
    const skip = await c.create({
      list: await c.list([ftd.id]),
      rule: await c.rule({ skipFtd: true }),
      offer: await offerOf(a),
    });
    await c.settled(skip.uuid, 1);
    expect(await skipsOf(skip.uuid)).toEqual({ [ftd.id]: 'ftd' });
    const send = await c.create({
      list: await c.list([ftd.id]),
      rule: await c.rule({ skipFtd: false }),
      offer: await offerOf(a),
    });
    await c.settled(send.uuid, 1);
    expect(emails(a.buyer)).toEqual([ftd.email]);
  });

  it('geos lets only the listed countries through; a lead without a phone is skipped as missing data', async () => {
    const { c } = world;
    const a = await target();
    const [de] = await c.storedLeads(1);
    const [at] = await c.storedLeads(1, { country: 'AT', phone: '+43664123456' });
    const [nophone] = await c.storedLeads(1, { country: 'AT', phone: null });
    const d = await c.create({
      list: await c.list([de.id, at.id, nophone.id]),
      rule: await c.rule({ geos: ['AT'] }),
      offer: await offerOf(a),
    });
    await c.settled(d.uuid, 3);
    expect(await skipsOf(d.uuid)).toEqual({ [de.id]: 'geo', [at.id]: null, [nophone.id]: 'lead_missing' });
    expect(emails(a.buyer)).toEqual([at.email]);
    const view = await c.get(d.uuid);
    expect(view.counters).toMatchObject({ sent: 1, skipped: 2, skipped_by: { geo: 1, lead_missing: 1 } });
  });
});

describe('data settings', () => {
  it('neutral IP, a new password and the funnel override reach the buyer; the defaults send the lead’s own', async () => {
    const { c } = world;
    const a = await target();
    const b = await target();
    const [one] = await c.storedLeads(1);
    const changed = await c.rule({
      sendOriginalIp: false,
      neutralIp: '203.0.113.10',
      regeneratePassword: true,
      funnel: 'cold-funnel',
    });
    const d1 = await c.create({ list: await c.list([one.id]), rule: changed, offer: await offerOf(a) });
    await c.settled(d1.uuid, 1);
    const got = a.buyer.received[0].body;
    expect(got.ip).toBe('203.0.113.10');
    expect(got.funnel).toBe('cold-funnel');
    expect(got.password).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(got.password).not.toBe(ORIGINAL_PASSWORD);
    expect(got.email).toBe(one.email);
    // The buyer's Lead Id is the copy's attempt, never the stored lead's.
    const [copy] = await c.copiesOf(d1.uuid);
    expect(copy.originLeadId).toBe(one.id);
    expect(copy.ip).toBe('203.0.113.10');

    const d2 = await c.create({
      list: await c.list([one.id]),
      rule: await c.rule({ neverSameProduct: false }),
      offer: await offerOf(b),
    });
    await c.settled(d2.uuid, 1);
    expect(b.buyer.received[0].body).toMatchObject({
      ip: '46.4.0.7',
      password: ORIGINAL_PASSWORD,
      funnel: 'original-funnel',
    });
  });
});
