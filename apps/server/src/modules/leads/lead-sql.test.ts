import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { leadAttemptBodies, leadAttempts, leads, products } from '../../db/schema.ts';
import { api } from '../managers/staff.fixtures.ts';
import { makeOffer, type OfferWorld, startOfferWorld } from '../offers/offers.fixtures.ts';
import { acceptAtOnce } from './lead-accept.ts';
import type { Candidate } from './candidates.ts';
import { insertIfNew, type NewLead } from './lead-insert.ts';

let t: TestApp;
let w: OfferWorld;
let offerId: string;
let product: typeof products.$inferSelect;

beforeAll(async () => {
  ({ t, w } = await startOfferWorld());
  offerId = (
    await makeOffer(t.app, w, {
      form: { type: 'api', title: `SQL ${w.tag}`, advertiser_uuid: null, tracking_url: null },
    })
  ).uuid;
  [product] = await t.db
    .insert(products)
    .values({ advertiserId: w.advA.id, name: 'SQL buyer', integrationType: 'json', status: 'active' })
    .returning();
});
afterAll(async () => {
  await t?.close();
});

const newLead = (over: Partial<NewLead> = {}): NewLead => ({
  offerId,
  affiliateId: w.affA.id,
  apiKeyId: null,
  clickId: null,
  landingId: null,
  country: 'DE',
  device: null,
  os: null,
  firstName: 'Anna',
  lastName: 'Schmidt',
  email: `anna-${randomUUID()}@example.org`,
  phone: `+49151${randomInt(1_000_000, 9_999_999)}`,
  ip: '46.4.0.1',
  language: 'de',
  passwordEnc: 'v1.sealed',
  funnel: null,
  gender: null,
  isTest: false,
  sub1: 'a',
  sub2: null,
  sub3: null,
  sub4: null,
  sub5: null,
  status: 'processing',
  reason: null,
  reasonDetail: null,
  // jsonb sent as text by the plain statement: it must come back as the array Drizzle reads.
  fraudScore: 50,
  fraudReasons: [{ code: 'datacenter_ip', weight: 50, detail: 'Hetzner' }],
  sendingAttemptId: null,
  sendingProductId: null,
  ...over,
});
const stored = async (id: string) => (await t.db.select().from(leads).where(eq(leads.id, id)))[0];

// The hot statements are plain SQL (lead-insert.ts, lead-accept.ts): what they hand back must be the row Drizzle reads.
describe('the lead API in plain SQL', () => {
  it('inserts a new lead and returns it as Drizzle reads it; the same email or phone again inserts nothing', async () => {
    const lead = newLead();
    const row = await insertIfNew(t.db, lead);
    expect(row).toEqual(await stored(row!.id));
    expect(row!.createdAt).toBeInstanceOf(Date);
    expect(await insertIfNew(t.db, newLead({ email: lead.email }))).toBeNull();
    expect(await insertIfNew(t.db, newLead({ phone: lead.phone }))).toBeNull();
    // A test lead is of another kind; a failed lead does not block the next one.
    expect(await insertIfNew(t.db, newLead({ email: lead.email, isTest: true }))).not.toBeNull();
    await t.db.update(leads).set({ status: 'failed' }).where(eq(leads.id, row!.id));
    expect(await insertIfNew(t.db, newLead({ email: lead.email }))).not.toBeNull();
  });

  it('accepts with its attempt in one statement, returns the updated row, and writes nothing when a lead postback is owed', async () => {
    const c = { product } as Candidate;
    const attempt = (leadId: string) => ({
      id: randomUUID(),
      leadId,
      position: 0,
      result: 'accepted' as const,
      externalId: 'ext-1',
      autologinUrl: 'https://login.example/1',
      message: 'Accepted',
      exchange: {
        request: { method: 'POST', url: 'https://buyer.example', headers: { a: 'b' }, body: '{}' },
        response: { status_code: 201, body: '{}', duration_ms: 12, error: null },
      },
    });
    const lead = (await insertIfNew(t.db, newLead()))!;
    const a = attempt(lead.id);
    const done = await acceptAtOnce(t.db, lead, c, a, { externalId: 'ext-1', autologinUrl: 'https://login.example/1' });
    expect(done.outcome).toBe('accepted');
    const row = (done as { lead: typeof lead }).lead;
    expect(row).toEqual(await stored(lead.id));
    expect(row).toMatchObject({
      status: 'accepted',
      productId: product.id,
      acceptedAttemptId: a.id,
      externalId: 'ext-1',
    });
    const [kept] = await t.db.select().from(leadAttempts).where(eq(leadAttempts.id, a.id));
    expect(kept).toMatchObject({ result: 'accepted', durationMs: 12, called: true });
    // The stored request and answer are written by the same statement, under the attempt's id and time.
    expect(await t.db.select().from(leadAttemptBodies).where(eq(leadAttemptBodies.attemptId, a.id))).toEqual([
      { attemptId: a.id, createdAt: kept.createdAt, request: a.exchange.request, response: a.exchange.response },
    ]);
    // A lead no longer processing is not accepted twice.
    expect(await acceptAtOnce(t.db, lead, c, attempt(lead.id), { externalId: null, autologinUrl: null })).toEqual({
      outcome: 'accepted',
      lead: null,
    });

    const res = await api(t.app, 'PUT', '/api/postbacks/v1/settings', w.affA.token, {
      items: [{ event: 'lead', offer_id: null, url: 'https://aff.example/l?id={lead_id}' }],
    });
    expect(res.status, res.body).toBe(200);
    const owing = (await insertIfNew(t.db, newLead()))!;
    const b = attempt(owing.id);
    expect(await acceptAtOnce(t.db, owing, c, b, { externalId: null, autologinUrl: null })).toEqual({
      outcome: 'postback',
    });
    expect((await stored(owing.id)).status).toBe('processing');
    expect(await t.db.select().from(leadAttempts).where(eq(leadAttempts.id, b.id))).toHaveLength(0);
    expect(await t.db.select().from(leadAttemptBodies).where(eq(leadAttemptBodies.attemptId, b.id))).toHaveLength(0);
    // Test leads never fire postbacks, so they are accepted at once all the same.
    const test = (await insertIfNew(t.db, newLead({ isTest: true })))!;
    expect(
      (await acceptAtOnce(t.db, test, c, attempt(test.id), { externalId: null, autologinUrl: null })).outcome,
    ).toBe('accepted');
  });
});
