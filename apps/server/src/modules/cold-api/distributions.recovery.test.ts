// A re-send copy a dead process left `processing` (written here directly, as it would have left it), settled by the
// lead recovery of a process that starts on the same database: never walked on to other products; given back to its
// distribution when no buyer has it, so the stored lead is still sent, once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/config.ts';
import { coldSends, leadAttempts, leads } from '../../db/schema.ts';
import { api } from '../managers/staff.fixtures.ts';
import { startColdWorld, waitFor } from './distributions.fixtures.ts';

let world: Awaited<ReturnType<typeof startColdWorld>>;
beforeAll(async () => {
  world = await startColdWorld();
});
afterAll(async () => world?.stop());

/** A process starting on the same database: its recovery sweep runs when it is ready. */
const restart = async () => {
  const { app } = await buildApp({
    db: world.t.db,
    config: loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: 'postgres://unused/db',
      ALLOW_PRIVATE_POSTBACK_TARGETS: 'true',
    }),
    distDir: '/nonexistent',
    secretKey: 'test-secret-key-0123456789',
    jobs: { start: false },
  });
  await app.ready();
  return app;
};

/** A distribution that has not started (its start date ahead), its stored lead, and a stuck copy with its claim. */
const stuck = async (lookup: 'missing' | 'found', over: { sending?: boolean; rejectedBefore?: boolean } = {}) => {
  const { w, c, buyers, t } = world;
  const first = buyers.add('reject');
  const buyer = buyers.add('accept', { lookup });
  const pFirst = await w.product(first);
  const pBuyer = await w.product(buyer);
  // Another buyer of the offer the distribution does not use: the plain lead recovery would walk on to it.
  const extra = buyers.add('accept');
  const offer = (
    await w.offer([
      { product_uuid: pFirst, priority: 1 },
      { product_uuid: pBuyer, priority: 2 },
      { product_uuid: await w.product(extra), priority: 3 },
    ])
  ).uuid;
  const [lead] = await c.storedLeads(1);
  const list = await c.list([lead.id]);
  const rule = await c.rule({ neverSameProduct: false });
  const d = await c.create({ list, rule, offer }, { start_date: '2099-01-01', product_uuids: [pBuyer] });
  const attempt = randomUUID();
  const [copy] = await t.db
    .insert(leads)
    .values({
      offerId: offer,
      affiliateId: w.affA.id,
      email: lead.email,
      phone: lead.phone,
      country: 'DE',
      ip: lead.ip,
      status: 'processing',
      originLeadId: lead.id,
      coldDistributionId: d.uuid,
      ...(over.sending && { sendingAttemptId: attempt, sendingProductId: pBuyer }),
      updatedAt: sql`now() - interval '151 seconds'`,
    })
    .returning();
  if (over.rejectedBefore)
    await t.db.insert(leadAttempts).values({
      leadId: copy.id,
      productId: pFirst,
      position: 0,
      result: 'rejected',
      called: true,
    });
  await t.db.insert(coldSends).values({ distributionId: d.uuid, originLeadId: lead.id, sessionId: copy.id });
  return { d, lead, copy, buyer, first, extra, list, rule, offer, pBuyer };
};
const rowOf = async (id: string) => (await world.t.db.select().from(leads).where(eq(leads.id, id)))[0];
const start = (s: Awaited<ReturnType<typeof stuck>>) =>
  api(world.t.app, 'PUT', `/api/cold-api/v1/distributions/${s.d.uuid}`, world.w.admin.token, {
    ...world.c.body({ list: s.list, rule: s.rule, offer: s.offer }, { product_uuids: [s.pBuyer] }),
  });

describe('a re-send copy left processing', () => {
  it('nothing was sent: the claim is given back and the distribution sends the lead once', async () => {
    const s = await stuck('missing');
    const app = await restart();
    try {
      const settled = await waitFor(async () => {
        const r = await rowOf(s.copy.id);
        return r.status !== 'processing' && r;
      }, 'the copy settled');
      expect(settled.status).toBe('failed');
      expect(settled.reasonDetail).toMatch(/stopped before the send; no buyer has the lead/);
      expect(await world.c.sendsOf(s.d.uuid)).toHaveLength(0);
    } finally {
      await app.close();
    }
    expect((await start(s)).status).toBe(200);
    const [send] = await world.c.settled(s.d.uuid, 1);
    expect((await rowOf(send.sessionId!)).status).toBe('accepted');
    expect(s.buyer.received.map((r) => r.body.email)).toEqual([s.lead.email]);
    expect(s.first.received).toHaveLength(0);
  });

  it('the buyer in flight surely lacks it: given back too, sent once more to it', async () => {
    const s = await stuck('missing', { sending: true });
    const app = await restart();
    try {
      await waitFor(async () => (await rowOf(s.copy.id)).status === 'failed', 'the copy settled');
      expect(s.buyer.lookups).toEqual([s.copy.sendingAttemptId]);
    } finally {
      await app.close();
    }
    expect((await start(s)).status).toBe(200);
    await world.c.settled(s.d.uuid, 1);
    expect(s.buyer.received.map((r) => r.body.email)).toEqual([s.lead.email]);
  });

  it('after a real call to another buyer it is failed and never walks on, its claim kept', async () => {
    const s = await stuck('missing', { sending: true, rejectedBefore: true });
    const app = await restart();
    try {
      const settled = await waitFor(async () => {
        const r = await rowOf(s.copy.id);
        return r.status !== 'processing' && r;
      }, 'the copy settled');
      expect(settled.status).toBe('failed');
      expect(settled.reasonDetail).not.toMatch(/takes it again/);
    } finally {
      await app.close();
    }
    expect(await world.c.sendsOf(s.d.uuid)).toHaveLength(1);
    expect(s.first.received).toHaveLength(0);
    expect(s.buyer.received).toHaveLength(0);
    expect(s.extra.received).toHaveLength(0);
  });

  it('the buyer in flight has it: accepted with that attempt', async () => {
    const s = await stuck('found', { sending: true });
    // The buyer registered the send before the process died.
    s.buyer.registered.set(s.copy.sendingAttemptId!, 'ext-1');
    const app = await restart();
    try {
      const settled = await waitFor(async () => {
        const r = await rowOf(s.copy.id);
        return r.status !== 'processing' && r;
      }, 'the copy settled');
      expect(settled.status).toBe('accepted');
      expect(settled.acceptedAttemptId).toBe(s.copy.sendingAttemptId);
    } finally {
      await app.close();
    }
    expect(await world.c.sendsOf(s.d.uuid)).toHaveLength(1);
  });
});
