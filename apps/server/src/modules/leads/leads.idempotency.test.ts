import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { leads } from '../../db/schema.ts';
import type { Buyers } from './buyers.fixtures.ts';
import { createLeadWorld, leadBody, sendLead, startLeadWorld, type LeadWorld } from './leads.fixtures.ts';

let t: TestApp, w: LeadWorld, buyers: Buyers, stop: () => Promise<void>;
beforeAll(async () => {
  ({ t, w, buyers, stop } = await startLeadWorld());
});
afterAll(() => stop?.());

const leadsOf = async (offerUuid: string) => t.db.select().from(leads).where(eq(leads.offerId, offerUuid));
const key = () => `idem-${Math.random().toString(36).slice(2)}`;

describe('Idempotency-Key', () => {
  it('replays the first answer to a sequential repeat: one lead, one send, the same body', async () => {
    const b = buyers.add('accept');
    const offer = await w.offer([{ product_uuid: await w.product(b) }]);
    const body = leadBody(offer.id);
    const k = key();
    const first = await sendLead(t, w.keyA, body, { 'idempotency-key': k });
    const again = await sendLead(t, w.keyA, { ...body, email: body.email.toUpperCase() }, { 'idempotency-key': k });
    expect(first.status, first.body).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toBe(first.body);
    expect(b.received).toHaveLength(1);
    expect(await leadsOf(offer.uuid)).toHaveLength(1);
  });

  it('gives five parallel requests with one key one lead and the same answer, though the buyer is slow', async () => {
    const b = buyers.add('slow', { delayMs: 700 });
    const offer = await w.offer([{ product_uuid: await w.product(b) }]);
    const body = leadBody(offer.id);
    const k = key();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => sendLead(t, w.keyA, body, { 'idempotency-key': k })),
    );
    for (const a of answers) {
      expect(a.status, a.body).toBe(200);
      expect(a.body).toBe(answers[0].body);
    }
    expect(answers[0].json.data.status).toBe('accepted');
    expect(b.received).toHaveLength(1);
    expect(await leadsOf(offer.uuid)).toHaveLength(1);
  });

  it('replays a refusal with its status code, and refuses the key with another body (422 idempotency_key_reused)', async () => {
    const offer = await w.offer([{ product_uuid: await w.product(buyers.add('reject')) }]);
    const body = leadBody(offer.id);
    const k = key();
    const first = await sendLead(t, w.keyA, body, { 'idempotency-key': k });
    expect(first.status).toBe(422);
    const again = await sendLead(t, w.keyA, body, { 'idempotency-key': k });
    expect(again.status).toBe(422);
    expect(again.body).toBe(first.body);
    expect(await leadsOf(offer.uuid)).toHaveLength(1);

    const other = await sendLead(t, w.keyA, { ...body, first_name: 'Berta' }, { 'idempotency-key': k });
    expect(other.status).toBe(422);
    expect(other.json.error).toEqual({
      reason: 'idempotency_key_reused',
      message: 'This Idempotency-Key was used with a different request',
    });
  });

  it('scopes keys to the API key, and refuses keys over 200 characters', async () => {
    const b = buyers.add('accept');
    const offer = await w.offer([{ product_uuid: await w.product(b) }]);
    const k = key();
    const keyB = await w.keyOf(w.affB);
    const a = await sendLead(t, w.keyA, leadBody(offer.id), { 'idempotency-key': k });
    const other = await sendLead(t, keyB, leadBody(offer.id), { 'idempotency-key': k });
    expect([a.status, other.status]).toEqual([200, 200]);
    expect(other.json.data.lead_id).not.toBe(a.json.data.lead_id);
    const long = await sendLead(t, w.keyA, leadBody(offer.id), { 'idempotency-key': 'k'.repeat(201) });
    expect(long.status).toBe(400);
    expect(long.json.error).toMatchObject({ reason: 'validation', idempotency_key: 'At most 200 characters' });
  });
});

describe('rate limit per key', () => {
  it('answers 429 rate_limited with Retry-After past the limit, for that key only', async () => {
    const limited = await createTestApp({ ALLOW_PRIVATE_POSTBACK_TARGETS: 'true', LEAD_API_RATE_PER_MINUTE: '3' });
    try {
      const lw = await createLeadWorld(limited);
      const offer = await lw.offer([{ product_uuid: await lw.product(buyers.add('accept')) }]);
      const codes = [];
      for (let i = 0; i < 4; i += 1) codes.push(await sendLead(limited, lw.keyA, leadBody(offer.id)));
      expect(codes.map((r) => r.status)).toEqual([200, 200, 200, 429]);
      expect(codes[3].json.error).toMatchObject({
        reason: 'rate_limited',
        message: expect.stringContaining('at most 3 a minute'),
      });
      expect(Number(codes[3].headers['retry-after'])).toBeGreaterThan(0);
      // Bad requests count too, and the statuses endpoint shares the key's budget.
      const statuses = await limited.app.inject({
        method: 'GET',
        url: '/api/lead/v1/statuses',
        headers: { 'x-api-key': lw.keyA },
      });
      expect(statuses.statusCode).toBe(429);
      // Another key of another affiliate is not affected.
      expect((await sendLead(limited, await lw.keyOf(lw.affB), leadBody(offer.id))).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
