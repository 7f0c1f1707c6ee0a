import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { leadAttemptBodies, leadAttempts, leads } from '../../db/schema.ts';
import type { Buyers } from './buyers.fixtures.ts';
import { BUYER_SECRET, leadBody, sendLead, startLeadWorld, type LeadWorld } from './leads.fixtures.ts';

let t: TestApp, w: LeadWorld, buyers: Buyers, stop: () => Promise<void>;
let keyB: string;
/** Every answer of this file, searched at the end for secrets. */
const bodies: string[] = [];

beforeAll(async () => {
  ({ t, w, buyers, stop } = await startLeadWorld());
  keyB = await w.keyOf(w.affB);
});
afterAll(() => stop?.());

const PASSWORD = 'Lead-Pa55word-Secret';
const send = async (key: string, body: Record<string, unknown>) => {
  const res = await sendLead(t, key, body);
  bodies.push(res.body);
  return res;
};
const statuses = async (key: string, query = '') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/lead/v1/statuses${query}`,
    headers: { 'x-api-key': key },
  });
  bodies.push(res.body);
  return { status: res.statusCode, json: res.json() };
};

describe('GET /api/lead/v1/statuses', () => {
  it("lists only the caller's own leads, newest first, filtered by offer, ids and dates, paged", async () => {
    const one = await w.offer([{ product_uuid: await w.product(buyers.add('accept')) }]);
    const two = await w.offer([{ product_uuid: await w.product(buyers.add('reject')) }]);
    const a1 = (await send(w.keyA, leadBody(one.id, { sub1: 's-1', password: PASSWORD }))).json.data.lead_id as string;
    const a2 = (await send(w.keyA, leadBody(two.id))).json.error!.lead_id as string;
    const a3 = (await send(w.keyA, leadBody(one.id, { test: true }))).json.data.lead_id as string;
    const b1 = (await send(keyB, leadBody(one.id))).json.data.lead_id as string;

    const all = await statuses(w.keyA);
    expect(all.status).toBe(200);
    expect(all.json.data.count).toBe(3);
    expect(all.json.data.list.map((l: { lead_id: string }) => l.lead_id)).toEqual([a3, a2, a1]);
    expect(all.json.data.list[2]).toEqual({
      lead_id: a1,
      offer_id: one.id,
      status: 'accepted',
      call_status: null,
      is_ftd: false,
      ftd_at: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      sub1: 's-1',
      sub2: null,
      sub3: null,
      sub4: null,
      sub5: null,
    });
    expect(all.json.data.list[1]).toMatchObject({ lead_id: a2, status: 'failed', offer_id: two.id });
    expect((await statuses(keyB)).json.data.list.map((l: { lead_id: string }) => l.lead_id)).toEqual([b1]);

    expect(
      (await statuses(w.keyA, `?offer_id=${two.id}`)).json.data.list.map((l: { lead_id: string }) => l.lead_id),
    ).toEqual([a2]);
    // Another affiliate's id is simply not theirs.
    expect(
      (await statuses(w.keyA, `?lead_ids=${a1},${b1}`)).json.data.list.map((l: { lead_id: string }) => l.lead_id),
    ).toEqual([a1]);
    const paged = await statuses(w.keyA, '?count=2&page=2');
    expect(paged.json.data).toMatchObject({ count: 3, list: [{ lead_id: a1 }] });
    const today = new Date().toISOString().slice(0, 10);
    expect((await statuses(w.keyA, `?from=${today}&to=${today}`)).json.data.count).toBe(3);
    expect((await statuses(w.keyA, '?from=2020-01-01&to=2020-01-31')).json.data.count).toBe(0);
    // Older than the default week: only with dates.
    await t.db
      .update(leads)
      .set({ createdAt: new Date(Date.now() - 10 * 86_400_000) })
      .where(eq(leads.id, a1));
    expect((await statuses(w.keyA)).json.data.count).toBe(2);
    expect(
      (await statuses(w.keyA, `?from=${new Date(Date.now() - 11 * 86_400_000).toISOString()}`)).json.data.count,
    ).toBe(3);
  });

  it('refuses bad query values naming the field', async () => {
    const bad = await statuses(w.keyA, '?lead_ids=not-a-uuid');
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatchObject({ reason: 'validation', lead_ids: 'Not a lead id: not-a-uuid' });
    const count = await statuses(w.keyA, '?count=501');
    expect(count.status).toBe(400);
    expect(count.json.error).toMatchObject({ reason: 'validation', count: expect.any(String) });
  });

  it('never shows the buyer credentials or the lead password, in answers or attempt rows', async () => {
    const offer = await w.offer([
      { product_uuid: await w.product(buyers.add('reject')) },
      { product_uuid: await w.product(buyers.add('accept')), priority: 2 },
    ]);
    const res = await send(w.keyA, leadBody(offer.id, { password: PASSWORD }));
    expect(res.json.data.status).toBe('accepted');
    const mine = (await t.db.select({ id: leads.id }).from(leads).where(eq(leads.affiliateId, w.affA.id))).map(
      (l) => l.id,
    );
    const attempts = await t.db.select().from(leadAttempts).where(inArray(leadAttempts.leadId, mine));
    expect(attempts.length).toBeGreaterThan(0);
    const bodies = await t.db
      .select()
      .from(leadAttemptBodies)
      .where(
        inArray(
          leadAttemptBodies.attemptId,
          attempts.map((a) => a.id),
        ),
      );
    expect(bodies.length).toBeGreaterThan(0);
    const stored = JSON.stringify([attempts, bodies]);
    expect(stored).not.toContain(BUYER_SECRET);
    expect(stored).not.toContain(PASSWORD);
    expect(stored).toContain('••••');
    const [row] = await t.db.select().from(leads).where(eq(leads.id, res.json.data.lead_id));
    expect(row.passwordEnc).not.toContain(PASSWORD);
    for (const body of bodies) {
      expect(body).not.toContain(BUYER_SECRET);
      expect(body).not.toContain(PASSWORD);
    }
  });
});

describe('OpenAPI', () => {
  it('documents the lead API with the X-Api-Key scheme', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Api-Key' });
    expect(doc.paths['/api/lead/v1/create'].post.security).toEqual([{ apiKey: [] }]);
    expect(doc.paths['/api/lead/v1/statuses'].get.security).toEqual([{ apiKey: [] }]);
    expect(
      Object.keys(doc.paths['/api/lead/v1/create'].post.requestBody.content['application/json'].schema.properties),
    ).toEqual(expect.arrayContaining(['offer_id', 'email', 'phone', 'country', 'ip']));
    // Session endpoints claim the session header, not the key.
    expect(doc.paths['/api/auth/v1/me'].get.security).toEqual([{ session: [] }]);
  });
});
