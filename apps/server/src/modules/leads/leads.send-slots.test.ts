// Each product's send limit (push.concurrency) held across processes: sends over it wait for a slot instead of
// being refused, and a process that stops frees its slots (docs/decisions/031-shared-lead-limits.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '#test/harness.ts';
import { PushSlots } from '../integrations/index.ts';
import type { Buyers } from './buyers.fixtures.ts';
import { appOnSameDatabase, attemptsOf, leadBody, sendLead, startLeadWorld, type LeadWorld } from './leads.fixtures.ts';

let t: TestApp, w: LeadWorld, buyers: Buyers, stop: () => Promise<void>, other: TestApp;
beforeAll(async () => {
  ({ t, w, buyers, stop } = await startLeadWorld());
  other = await appOnSameDatabase(t.db, { ALLOW_PRIVATE_POSTBACK_TARGETS: 'true' });
});
afterAll(async () => {
  await other?.close();
  await stop?.();
});

const until = async (done: () => boolean | Promise<boolean>, what: string) => {
  for (const deadline = Date.now() + 60_000; !(await done());) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('send slots across processes', () => {
  it('six leads at once through two apps to a slow buyer of concurrency 2: all sent, never more than 2 at the buyer', async () => {
    const b = buyers.add('slow', { delayMs: 50 });
    const productId = await w.product(b, { concurrency: 2, timeoutMs: 30_000 });
    const offer = await w.offer([{ product_uuid: productId }]);
    const release = b.hold();
    const sent = Promise.all(
      Array.from({ length: 6 }, (_, i) => sendLead(i % 2 ? other : t, w.keyA, leadBody(offer.id))),
    );
    // Two at the buyer, the four others waiting for a slot in one app or the other, none refused.
    const waiting = () => t.services.pushSlots.waiting(productId) + other.services.pushSlots.waiting(productId);
    await until(() => b.inFlight === 2 && waiting() === 4, 'two sends at the buyer and four waiting');
    expect(b.received).toHaveLength(2);
    release();
    const answers = await sent;
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.json.data.status)).toEqual(Array(6).fill('accepted'));
    expect(b.received).toHaveLength(6);
    expect(b.maxInFlight).toBe(2);
    for (const a of answers) {
      const attempts = await attemptsOf(t, a.json.data.lead_id);
      expect(attempts.map((x) => x.result)).toEqual(['accepted']);
    }
  });

  it('a send waiting on slots another process holds gets one when that process stops', async () => {
    const b = buyers.add('accept');
    const productId = await w.product(b, { concurrency: 1 });
    const offer = await w.offer([{ product_uuid: productId }]);
    // Another process holding the product's only slot (as a send in flight there would).
    const dead = new PushSlots({
      connectionString: (t.db.$client.options as { connectionString: string }).connectionString,
    });
    const held = await dead.acquire(productId, 1, 1000);
    expect(held).not.toBeNull();
    const waiting = sendLead(t, w.keyA, leadBody(offer.id));
    await until(() => t.services.pushSlots.waiting(productId) === 1, 'the send to wait for a slot');
    expect(b.received).toHaveLength(0);
    await dead.close();
    const sent = await waiting;
    expect(sent.status, sent.body).toBe(200);
    expect(sent.json.data.status).toBe('accepted');
    expect(b.received).toHaveLength(1);
  });
});
