import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { leads, offerTrustedAffiliates, users } from '../../db/schema.ts';
import { insertClicks } from '../offers/offers.fixtures.ts';
import type { Buyer, Buyers } from './buyers.fixtures.ts';
import { leadBody, sendLead, startLeadWorld, type LeadWorld } from './leads.fixtures.ts';

let t: TestApp, w: LeadWorld, buyers: Buyers, stop: () => Promise<void>;
let buyer: Buyer;
let open: { uuid: string; id: number };

beforeAll(async () => {
  ({ t, w, buyers, stop } = await startLeadWorld());
  buyer = buyers.add('accept');
  open = await w.offer([{ product_uuid: await w.product(buyer) }]);
});
afterAll(() => stop?.());

const refusal = (res: { status: number; json: { error: Record<string, string> | null } }) => ({
  status: res.status,
  ...res.json.error,
});

describe('lead API refusals', () => {
  it('refuses a missing or wrong key with 401 and no lead', async () => {
    for (const key of [null, 'pxl_not-a-real-key', w.keyA.slice(0, -2)]) {
      const res = await sendLead(t, key, leadBody(open.id));
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ status: 'error', data: null, error: { api_key: 'Invalid API key' } });
    }
  });

  it('names each invalid field with reason validation (400)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ offer_id: undefined }, 'offer_id'],
      [{ first_name: '' }, 'first_name'],
      [{ last_name: ' ' }, 'last_name'],
      [{ email: 'not-an-email' }, 'email'],
      [{ phone: '12ab' }, 'phone'],
      [{ country: 'XX' }, 'country'],
      [{ ip: '300.1.1.1' }, 'ip'],
      [{ language: 'x'.repeat(11) }, 'language'],
      [{ click_id: 'nope' }, 'click_id'],
      [{ sub1: 'x'.repeat(201) }, 'sub1'],
      [{ test: 'yes' }, 'test'],
      [{ landing: 0 }, 'landing'],
    ];
    for (const [over, field] of cases) {
      const res = await sendLead(t, w.keyA, leadBody(open.id, over));
      expect(res.status, `${field}: ${res.body}`).toBe(400);
      expect(res.json.error, field).toMatchObject({
        reason: 'validation',
        message: 'Some fields are invalid',
        [field]: expect.any(String),
      });
    }
    const all = await sendLead(t, w.keyA, {});
    expect(Object.keys(all.json.error!)).toEqual(
      expect.arrayContaining(['reason', 'offer_id', 'first_name', 'email', 'phone', 'country', 'ip']),
    );
  });

  it("checks the phone against the country's calling code and stores it in E.164", async () => {
    const wrong = await sendLead(t, w.keyA, leadBody(open.id, { phone: '+4366412345678' }));
    expect(refusal(wrong)).toEqual({
      status: 400,
      reason: 'validation',
      message: 'Some fields are invalid',
      phone: 'A phone in DE starts with +49',
    });
    const national = await sendLead(t, w.keyA, leadBody(open.id, { phone: '0151 2345 6789' }));
    expect(national.status, national.body).toBe(200);
    const [row] = await t.db.select().from(leads).where(eq(leads.id, national.json.data.lead_id));
    expect(row.phone).toBe('+4915123456789');
    const fr = await sendLead(t, w.keyA, leadBody(open.id, { country: 'FR', phone: '0033 6 12 34 56 78' }));
    expect(fr.status, fr.body).toBe(200);
  });

  it('refuses the same email or the same phone on the offer within 30 days (409), but not after a failed lead or 30 days', async () => {
    const first = leadBody(open.id);
    expect((await sendLead(t, w.keyA, first)).status).toBe(200);
    const byEmail = await sendLead(t, w.keyA, leadBody(open.id, { email: first.email.toUpperCase() }));
    expect(refusal(byEmail)).toEqual({
      status: 409,
      reason: 'duplicate',
      message: 'The same email or phone was sent to this offer in the last 30 days',
    });
    const byPhone = await sendLead(t, w.keyA, leadBody(open.id, { phone: first.phone.replace('+49', '0') }));
    expect(refusal(byPhone)).toMatchObject({ status: 409, reason: 'duplicate' });
    // Another offer is another list.
    const other = await w.offer([{ product_uuid: await w.product(buyers.add('accept')) }]);
    expect((await sendLead(t, w.keyA, leadBody(other.id, { email: first.email }))).status).toBe(200);

    // Aged past 30 days, or failed: no longer a duplicate.
    await t.db
      .update(leads)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(leads.email, first.email));
    expect((await sendLead(t, w.keyA, leadBody(open.id, { email: first.email }))).status).toBe(200);
    const failing = await w.offer([{ product_uuid: await w.product(buyers.add('reject')) }]);
    const lost = leadBody(failing.id);
    expect((await sendLead(t, w.keyA, lost)).status).toBe(422);
    expect((await sendLead(t, w.keyA, lost)).json.error!.reason).toBe('no_product_available');
  });

  it('lets one of five copies sent at once through; the others are duplicates and no buyer gets two', async () => {
    const b = buyers.add('accept');
    const offer = await w.offer([{ product_uuid: await w.product(b) }]);
    const body = leadBody(offer.id);
    const answers = await Promise.all(Array.from({ length: 5 }, () => sendLead(t, w.keyA, body)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(b.received).toHaveLength(1);
  });

  it('refuses a country outside the offer geos (422 geo_not_allowed)', async () => {
    const res = await sendLead(t, w.keyA, leadBody(open.id, { country: 'ES', phone: '+34612345678' }));
    expect(refusal(res)).toEqual({
      status: 422,
      reason: 'geo_not_allowed',
      message: 'The offer does not take leads from ES',
    });
  });

  it('refuses an offer that is not running (422 offer_not_active) and a number that is no API offer (400)', async () => {
    const paused = await w.offer([{ product_uuid: await w.product(buyers.add('accept')) }], {}, 'stopped');
    const future = await w.offer([{ product_uuid: await w.product(buyers.add('accept')) }], {
      starts_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    for (const o of [paused, future]) {
      expect(refusal(await sendLead(t, w.keyA, leadBody(o.id)))).toEqual({
        status: 422,
        reason: 'offer_not_active',
        message: 'The offer is not active',
      });
    }
    const direct = (
      await w.calls.create(w.admin, {
        type: 'direct_link',
        title: 'Direct',
        vertical: 'gambling',
        tracking_url: 'https://adv.example/?c={click_id}',
        advertiser_uuid: w.advA.id,
      })
    ).json.data;
    for (const id of [direct.id, 99_999_999]) {
      expect(refusal(await sendLead(t, w.keyA, leadBody(id)))).toMatchObject({
        status: 400,
        reason: 'validation',
        offer_id: 'No API offer with this ID',
      });
    }
  });

  it('refuses a private or premoderated offer to an affiliate who is not trusted (403 not_allowed), and lets a trusted one in', async () => {
    for (const privacy of ['private', 'premoderation']) {
      const priv = await w.offer([{ product_uuid: await w.product(buyers.add('accept')) }], { privacy });
      expect(refusal(await sendLead(t, w.keyA, leadBody(priv.id)))).toEqual({
        status: 403,
        reason: 'not_allowed',
        message: 'This offer is not open to you',
      });
      await t.db.insert(offerTrustedAffiliates).values({ offerId: priv.uuid, affiliateId: w.affA.id });
      // The lead cache drops the offer when the change's notification arrives, a moment after the commit; a refusal
      // stores nothing, so asking again until then is safe.
      await expect
        .poll(async () => (await sendLead(t, w.keyA, leadBody(priv.id))).status, { timeout: 60_000 })
        .toBe(200);
    }
  });

  it('refuses an affiliate whose account is not active (403 not_allowed)', async () => {
    const aff = await w.member({ role: 'affiliate', managerId: w.managerA.id });
    const key = await w.keyOf(aff);
    await t.db.update(users).set({ status: 'not_active' }).where(eq(users.id, aff.id));
    expect(refusal(await sendLead(t, key, leadBody(open.id)))).toMatchObject({
      status: 403,
      reason: 'not_allowed',
      message: 'Your account is not active',
    });
  });

  it("keeps a lead over the offer's lead cap as failed and answers cap_reached with its id", async () => {
    const capped = await w.offer([
      { product_uuid: await w.product(buyers.add('reject')) },
      { product_uuid: await w.product(buyers.add('accept')), priority: 2 },
    ]);
    const saved = await w.calls.section(w.admin, capped.uuid, 'caps', {
      caps: [{ metric: 'leads', period: 'day', limit: 2 }],
    });
    expect(saved.status, saved.body).toBe(200);
    // Test leads are never counted; the two real ones fill the cap.
    expect((await sendLead(t, w.keyA, leadBody(capped.id, { test: true }))).status).toBe(200);
    for (let i = 0; i < 2; i += 1) expect((await sendLead(t, w.keyA, leadBody(capped.id))).status).toBe(200);
    const res = await sendLead(t, w.keyA, leadBody(capped.id));
    expect(refusal(res)).toEqual({
      status: 422,
      reason: 'cap_reached',
      message: "The offer's lead cap is reached",
      lead_id: expect.any(String),
    });
    const [row] = await t.db.select().from(leads).where(eq(leads.id, res.json.error!.lead_id));
    expect(row).toMatchObject({ status: 'failed', reason: 'cap_reached', productId: null });
  });

  it('ties a lead to a click of the same affiliate and offer only, taking its subs when the lead has none', async () => {
    const [mine, theirs] = [randomUUID(), randomUUID()];
    await insertClicks(t.db, open.uuid, w.affA.id, 1, { id: mine, sub1: 'from-click', sub2: 'click-2' });
    await insertClicks(t.db, open.uuid, w.affB.id, 1, { id: theirs });
    for (const clickId of [theirs, randomUUID()]) {
      expect(refusal(await sendLead(t, w.keyA, leadBody(open.id, { click_id: clickId })))).toMatchObject({
        status: 400,
        reason: 'validation',
        click_id: 'Unknown click_id',
      });
    }
    const res = await sendLead(t, w.keyA, leadBody(open.id, { click_id: mine, sub2: 'own' }));
    expect(res.status, res.body).toBe(200);
    const [row] = await t.db.select().from(leads).where(eq(leads.id, res.json.data.lead_id));
    expect(row).toMatchObject({ clickId: mine, sub1: 'from-click', sub2: 'own' });
  });
});
