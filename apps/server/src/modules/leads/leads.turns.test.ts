// Leads take turns at their database work (lead-turns.ts) and give them back while a buyer answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '#test/harness.ts';
import type { Buyers } from './buyers.fixtures.ts';
import { LeadTurns } from './lead-turns.ts';
import { leadBody, sendLead, startLeadWorld, type LeadWorld } from './leads.fixtures.ts';

let t: TestApp, w: LeadWorld, buyers: Buyers, stop: () => Promise<void>;
beforeAll(async () => {
  ({ t, w, buyers, stop } = await startLeadWorld());
});
afterAll(() => stop?.());

describe('lead turns', () => {
  it('more leads than turns all wait at a slow buyer at once: no turn is held during a send', async () => {
    const turns = t.services.leadCache.turns;
    const n = turns.limit * 3;
    const b = buyers.add('slow');
    const release = b.hold();
    const offer = await w.offer([{ product_uuid: await w.product(b, { timeoutMs: 30_000 }) }]);
    const sent = Promise.all(Array.from({ length: n }, () => sendLead(t, w.keyA, leadBody(offer.id))));
    // Held turns would stop this at `limit` leads at the buyer.
    for (const deadline = Date.now() + 60_000; b.inFlight < n;) {
      if (Date.now() > deadline) throw new Error(`only ${b.inFlight} of ${n} leads reached the buyer`);
      await new Promise((r) => setTimeout(r, 20));
    }
    release();
    const answers = await sent;
    expect(answers.map((a) => a.json.data?.status)).toEqual(Array(n).fill('accepted'));
    expect(b.maxInFlight).toBe(n);
    expect(turns.waiting).toBe(0);
  });

  it('gives at most `limit` turns at once, and a freed turn to a stored lead before a new one', async () => {
    const turns = new LeadTurns(1);
    const order: string[] = [];
    const first = turns.turn(false);
    await first.acquire();
    const fresh = turns.turn(false);
    const stored = turns.turn(true);
    const waits = [fresh.acquire().then(() => order.push('fresh')), stored.acquire().then(() => order.push('stored'))];
    expect(turns.waiting).toBe(2);
    first.release();
    first.release(); // a second release of the same turn gives nothing back
    await waits[1];
    expect(order).toEqual(['stored']);
    stored.release();
    await waits[0];
    expect(order).toEqual(['stored', 'fresh']);
    fresh.release();
    expect(turns.waiting).toBe(0);
  });
});
