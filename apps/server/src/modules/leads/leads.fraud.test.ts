import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { auditLog, offers } from '../../db/schema.ts';
import { loadDatacenterRanges } from '../fraud/index.ts';
import { api } from '../managers/staff.fixtures.ts';
import { insertClicks, insertLead } from '../offers/offers.fixtures.ts';
import type { Buyer, Buyers } from './buyers.fixtures.ts';
import { leadBody, leadRowOf, sendLead, startLeadWorld, type LeadWorld } from './leads.fixtures.ts';

// The lead API's fraud verdict and its refusal (docs/product/fraud.md, "Leads"), on real endpoints: each signal, the
// click's reasons carried over, the refusal by score (stored failed, audited, sent to no buyer), the allow-list, an
// offer's own values, and staff releasing a refused lead within their scope.

let t: TestApp, w: LeadWorld, buyers: Buyers, stop: () => Promise<void>;
let buyer: Buyer;
let keyB: string;
let open: { uuid: string; id: number };
let other: { uuid: string; id: number };

/** Not in any hosting range of the dataset (checked below), so a lead from them is clean. */
const HOME_IP = '91.64.0.1';
const HOME_IP_2 = '84.128.0.1';
/** Amazon (AS16509). */
const CLOUD_IP = '3.5.140.2';

/** Waits until the settings change has dropped this process's lead cache (NOTIFY pxl_cache). */
const changed = async (change: () => Promise<unknown>) => {
  const before = t.services.leadCache.links.generation;
  await change();
  await vi.waitFor(() => expect(t.services.leadCache.links.generation).toBeGreaterThan(before), {
    timeout: 60_000,
    interval: 5,
  });
};

const clickOf = async (offerUuid: string, affiliateId: string, over: Record<string, unknown>) => {
  const id = randomUUID();
  await insertClicks(t.db, offerUuid, affiliateId, 1, { id, country: 'DE', ip: HOME_IP, ...over });
  return id;
};
const stored = async (res: { json: { data: any; error: Record<string, string> | null } }) =>
  leadRowOf(t, res.json.data?.lead_id ?? res.json.error?.lead_id);
const codes = (row: { fraudReasons: { code: string }[] | null }) => row.fraudReasons?.map((r) => r.code);
const auditsOf = (action: 'fraud_action' | 'fraud_override', leadId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), sql`${auditLog.details}->>'uuid' = ${leadId}`));

beforeAll(async () => {
  ({ t, w, buyers, stop } = await startLeadWorld());
  await loadDatacenterRanges();
  buyer = buyers.add('accept');
  const product = await w.product(buyer);
  open = await w.offer([{ product_uuid: product }], { geos: ['DE', 'AT', 'UA'] });
  other = await w.offer([{ product_uuid: product }]);
  keyB = await w.keyOf(w.affB);
  // Refused from 90: a data-centre lead (50) on a bot's click (80) scores 90; either alone is only flagged.
  await changed(async () => {
    const res = await api(t.app, 'PUT', '/api/fraud/v1/settings', w.admin.token, {
      actions: { refuse_lead_at: 90 },
      allowed_affiliate_ids: [w.affB.id],
    });
    expect(res.status, res.body).toBe(200);
  });
});
afterAll(() => stop?.());

const BOT_REASON = { code: 'bot_agent', weight: 80, detail: 'The user agent names a headless or automated browser' };

describe('the fraud verdict of a lead', () => {
  it('stores score 0 and no reasons for a clean lead, and datacenter_ip for a lead from a cloud IP', async () => {
    const clean = await sendLead(t, w.keyA, leadBody(open.id, { ip: HOME_IP }));
    expect(clean.json.data.status, clean.body).toBe('accepted');
    expect(await stored(clean)).toMatchObject({ fraudScore: 0, fraudReasons: [] });

    const cloud = await sendLead(t, w.keyA, leadBody(open.id, { ip: CLOUD_IP }));
    expect(cloud.json.data.status, cloud.body).toBe('accepted');
    const row = await stored(cloud);
    expect(row.fraudScore).toBe(50);
    expect(row.fraudReasons).toEqual([
      {
        code: 'datacenter_ip',
        weight: 50,
        detail: `The lead's IP ${CLOUD_IP} belongs to Amazon.com, Inc. (AS16509), a hosting or cloud network`,
      },
    ]);
  });

  it('flags duplicate_contact for a phone sent to another offer within the days, not older, not test, not the same offer', async () => {
    const first = leadBody(other.id, { ip: HOME_IP });
    expect((await sendLead(t, w.keyA, first)).status).toBe(200);
    const again = await sendLead(t, w.keyA, leadBody(open.id, { ip: HOME_IP, phone: first.phone }));
    expect(again.json.data.status, again.body).toBe('accepted');
    expect((await stored(again)).fraudReasons).toEqual([
      {
        code: 'duplicate_contact',
        weight: 40,
        detail: 'The same phone to 1 other offer or buyer in the last 30 days',
      },
    ]);

    // Past the 30 days, a test lead, and the offer's own earlier failed lead: none is evidence.
    const old = leadBody(0);
    await insertLead(t.db, other.uuid, w.affA.id, {
      email: old.email,
      createdAt: new Date(Date.now() - 31 * 86_400_000),
    });
    await insertLead(t.db, other.uuid, w.affA.id, { phone: old.phone, isTest: true });
    await insertLead(t.db, open.uuid, w.affA.id, {
      phone: old.phone,
      status: 'failed',
      reason: 'no_product_available',
    });
    const fresh = await sendLead(t, w.keyA, leadBody(open.id, { ip: HOME_IP, email: old.email, phone: old.phone }));
    expect(fresh.json.data.status, fresh.body).toBe('accepted');
    expect(await stored(fresh)).toMatchObject({ fraudScore: 0, fraudReasons: [] });
  });

  it("flags geo_mismatch when the click's country and the lead's differ", async () => {
    const click = await clickOf(open.uuid, w.affA.id, { country: 'DE' });
    const res = await sendLead(
      t,
      w.keyA,
      leadBody(open.id, { ip: HOME_IP, click_id: click, country: 'UA', phone: '+380501234567' }),
    );
    expect(res.json.data.status, res.body).toBe('accepted');
    expect((await stored(res)).fraudReasons).toEqual([
      { code: 'geo_mismatch', weight: 30, detail: 'The click came from DE but the lead says UA' },
    ]);
  });

  it('flags ip_mismatch when the lead comes from another IP than its click', async () => {
    const click = await clickOf(open.uuid, w.affA.id, { ip: HOME_IP });
    const res = await sendLead(t, w.keyA, leadBody(open.id, { ip: HOME_IP_2, click_id: click }));
    expect(res.json.data.status, res.body).toBe('accepted');
    expect((await stored(res)).fraudReasons).toEqual([
      {
        code: 'ip_mismatch',
        weight: 20,
        detail: `The lead came from ${HOME_IP_2}, the click it names from ${HOME_IP}`,
      },
    ]);
  });

  it("carries the reasons of the click it names (a bot's click)", async () => {
    const click = await clickOf(open.uuid, w.affA.id, { fraudScore: 80, fraudReasons: [BOT_REASON] });
    const res = await sendLead(t, w.keyA, leadBody(open.id, { ip: HOME_IP, click_id: click }));
    expect(res.json.data.status, res.body).toBe('accepted');
    expect(await stored(res)).toMatchObject({ fraudScore: 80, fraudReasons: [BOT_REASON] });
  });
});

describe('refusing a lead by its score', () => {
  it('refuses with reason fraud (422), keeps it failed with the reasons, audits it and sends it to no buyer', async () => {
    const click = await clickOf(open.uuid, w.affA.id, { ip: CLOUD_IP, fraudScore: 80, fraudReasons: [BOT_REASON] });
    const sentBefore = buyer.received.length;
    const body = leadBody(open.id, { ip: CLOUD_IP, click_id: click });
    const res = await sendLead(t, w.keyA, body);
    expect(res.status, res.body).toBe(422);
    expect(res.json.error).toEqual({
      reason: 'fraud',
      message: 'The lead did not pass the traffic-quality check',
      lead_id: expect.any(String),
    });
    const row = await stored(res);
    expect(row).toMatchObject({ status: 'failed', reason: 'fraud', fraudScore: 90 });
    expect(codes(row)).toEqual(['bot_agent', 'datacenter_ip']);
    expect(row.reasonDetail).toBe(
      `Fraud score 90. Bot or headless browser: ${BOT_REASON.detail}; IP of a hosting or cloud network: ` +
        `The lead's IP ${CLOUD_IP} belongs to Amazon.com, Inc. (AS16509), a hosting or cloud network`,
    );
    expect(buyer.received.length).toBe(sentBefore);
    const [audit, ...more] = await auditsOf('fraud_action', row.id);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      actorId: null,
      subjectId: w.affA.id,
      details: { on: 'lead', uuid: row.id, action: 'refuse', score: 90, reasons: row.fraudReasons },
    });

    // De-duplication skips failed leads: the same person sent again honestly is taken, not a duplicate.
    const honest = await sendLead(t, w.keyA, { ...body, ip: HOME_IP, click_id: undefined });
    expect(honest.status, honest.body).toBe(200);
    expect(honest.json.data.status).toBe('accepted');
  });

  it('never refuses an affiliate on the allow-list (scored all the same)', async () => {
    const click = await clickOf(open.uuid, w.affB.id, { ip: CLOUD_IP, fraudScore: 80, fraudReasons: [BOT_REASON] });
    const res = await sendLead(t, keyB, leadBody(open.id, { ip: CLOUD_IP, click_id: click }));
    expect(res.status, res.body).toBe(200);
    expect(await stored(res)).toMatchObject({ status: 'accepted', fraudScore: 90 });
  });

  it("takes an offer's own values over the network's", async () => {
    const own = await w.offer([{ product_uuid: await w.product(buyer) }]);
    await changed(() =>
      t.db
        .update(offers)
        .set({ fraudSettings: { actions: { refuse_lead_at: 40 }, weights: { datacenter_ip: 45 } } })
        .where(eq(offers.id, own.uuid)),
    );
    const res = await sendLead(t, w.keyA, leadBody(own.id, { ip: CLOUD_IP }));
    expect(res.status, res.body).toBe(422);
    expect(res.json.error?.reason).toBe('fraud');
    expect(await stored(res)).toMatchObject({ status: 'failed', reason: 'fraud', fraudScore: 45 });
  });
});

describe('the Test API lead', () => {
  it('is scored and refused like a real one, and shows staff the reasons; its default IP is clean', async () => {
    const own = await w.offer([{ product_uuid: await w.product(buyer) }]);
    await changed(() =>
      t.db
        .update(offers)
        .set({ fraudSettings: { actions: { refuse_lead_at: 40 } } })
        .where(eq(offers.id, own.uuid)),
    );
    const send = (lead: Record<string, unknown>) =>
      api(t.app, 'POST', '/api/test-api/v1/offer', w.admin.token, {
        offer_id: own.id,
        affiliate_uuid: w.affA.id,
        lead,
      });
    const cloud = await send({ ip: CLOUD_IP });
    expect(cloud.status, cloud.body).toBe(200);
    expect(cloud.json.data).toMatchObject({ status: 'failed', refusal: { reason: 'fraud' }, steps: [] });
    expect(cloud.json.data.refusal.message).toContain('IP of a hosting or cloud network');
    expect(await leadRowOf(t, cloud.json.data.lead_id)).toMatchObject({ isTest: true, reason: 'fraud' });

    const plain = await send({});
    expect(plain.json.data.status, plain.body).toBe('accepted');
    expect(await leadRowOf(t, plain.json.data.lead_id)).toMatchObject({ fraudScore: 0, fraudReasons: [] });
  });
});

describe('releasing a refused lead', () => {
  const refused = async (offer = open) => {
    const click = await clickOf(offer.uuid, w.affA.id, { ip: CLOUD_IP, fraudScore: 80, fraudReasons: [BOT_REASON] });
    const res = await sendLead(t, w.keyA, leadBody(offer.id, { ip: CLOUD_IP, click_id: click }));
    expect(res.json.error?.reason, res.body).toBe('fraud');
    return res.json.error!.lead_id;
  };
  const release = (id: string, token: string) =>
    api(t.app, 'POST', `/api/statistic/v1/user-sessions/${id}/fraud-release`, token);

  it("sends it down the waterfall now, audited with the person and the reasons; another manager's partner's is a 404", async () => {
    const id = await refused();
    const notMine = await release(id, w.managerB.token);
    expect(notMine.status, notMine.body).toBe(404);
    expect((await leadRowOf(t, id)).status).toBe('failed');

    const sentBefore = buyer.received.length;
    const res = await release(id, w.managerA.token);
    expect(res.status, res.body).toBe(200);
    expect(res.json.data).toEqual({ lead_id: id, status: 'accepted', reason: null, reason_detail: null });
    expect(buyer.received.length).toBe(sentBefore + 1);
    const row = await leadRowOf(t, id);
    expect(row).toMatchObject({ status: 'accepted', reason: null, fraudScore: 90 });
    const [audit] = await auditsOf('fraud_override', id);
    expect(audit).toMatchObject({
      actorId: w.managerA.id,
      subjectId: w.affA.id,
      details: { on: 'lead', uuid: id, action: 'release', score: 90, reasons: row.fraudReasons },
    });

    // A release after one has committed answers as one that lost the race inside the transaction does.
    const twice = await release(id, w.managerA.token);
    expect(twice.status, twice.body).toBe(409);
    expect(twice.json.error).toEqual({ lead: 'This lead was already released' });
  });

  it('sends it once when two releases arrive at once: one 200, one 409', async () => {
    const id = await refused();
    const sentBefore = buyer.received.length;
    const answers = await Promise.all([release(id, w.managerA.token), release(id, w.admin.token)]);
    expect(answers.map((a) => a.status).sort(), answers.map((a) => a.body).join('\n')).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.json.error).toEqual({ lead: 'This lead was already released' });
    expect(buyer.received.length).toBe(sentBefore + 1);
    expect(await auditsOf('fraud_override', id)).toHaveLength(1);
  });

  it("keeps it failed with cap_reached when the offer's lead cap it falls under is full, sent to no buyer", async () => {
    const capped = await w.offer([{ product_uuid: await w.product(buyer) }]);
    await changed(async () => {
      const saved = await w.calls.section(w.admin, capped.uuid, 'caps', {
        caps: [{ metric: 'leads', period: 'day', limit: 1 }],
      });
      expect(saved.status, saved.body).toBe(200);
    });
    const filled = await sendLead(t, w.keyA, leadBody(capped.id, { ip: HOME_IP }));
    expect(filled.json.data?.status, filled.body).toBe('accepted');
    const id = await refused(capped);

    const sentBefore = buyer.received.length;
    const res = await release(id, w.managerA.token);
    expect(res.status, res.body).toBe(200);
    const detail = "The offer's cap of 1 leads per day is reached";
    expect(res.json.data).toEqual({ lead_id: id, status: 'failed', reason: 'cap_reached', reason_detail: detail });
    expect(buyer.received.length).toBe(sentBefore);
    expect(await leadRowOf(t, id)).toMatchObject({
      status: 'failed',
      reason: 'cap_reached',
      reasonDetail: detail,
      productId: null,
      fraudScore: 90,
    });
    const [audit, ...more] = await auditsOf('fraud_override', id);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      actorId: w.managerA.id,
      details: { on: 'lead', uuid: id, action: 'release', outcome: 'cap_reached', detail },
    });
    expect((await release(id, w.managerA.token)).status).toBe(409);
  });

  it('refuses to release a lead that was not refused for traffic quality', async () => {
    const res = await sendLead(t, w.keyA, leadBody(open.id, { ip: HOME_IP }));
    const answer = await release(res.json.data.lead_id, w.admin.token);
    expect(answer.status, answer.body).toBe(409);
    expect(answer.json.error).toEqual({ lead: 'This lead was not refused for traffic quality' });
  });
});
