import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { conversionHistory, outboundAttempts, outboundPostbacks } from '../../db/schema.ts';
import type { TestApp } from '#test/harness.ts';
import { api } from '../managers/staff.fixtures.ts';
import { DAY, LOG_REVENUE, type LogWorld, startLogWorld } from './statistic-logs.fixtures.ts';

let t: TestApp;
let w: LogWorld;
let conversionId = '';
let clickId = '';
let leadId = '';

beforeAll(async () => {
  ({ t, w } = await startLogWorld());
  clickId = await w.click(w.apiA.id, w.affA.id, `${DAY}T06:00:00Z`, { sub1: 'pb-sub' });
  const lead = await w.addLead(w.apiA.id, w.affA.id, `${DAY}T06:01:00Z`, {
    clickId,
    productId: w.product.id,
    status: 'accepted',
  });
  leadId = lead.id;
  await w.attempt(lead.id, 1, 'accepted', `${DAY}T06:01:01Z`);
  await w.status(lead.id, 'ftd', `${DAY}T09:00:00Z`);
  const conv = await w.conversion(w.apiA.id, w.affA.id, `${DAY}T09:00:01Z`, {
    clickId,
    leadId: lead.id,
    productId: w.product.id,
    goal: 'ftd',
    isTest: true,
  });
  conversionId = conv.id;
  await t.db.insert(conversionHistory).values({
    conversionId,
    fromStatus: null,
    toStatus: 'pending',
    source: 'postback',
    createdAt: new Date(`${DAY}T09:00:01Z`),
  });
  const [pb] = await t.db
    .insert(outboundPostbacks)
    .values({
      affiliateId: w.affA.id,
      offerId: w.apiA.id,
      conversionId,
      event: 'ftd',
      url: 'https://aff.example/pb?c=1',
      status: 'delivered',
      attemptsCount: 2,
      lastStatusCode: 200,
    })
    .returning();
  await t.db.insert(outboundAttempts).values([
    {
      postbackId: pb.id,
      url: pb.url,
      statusCode: 500,
      response: 'later',
      durationMs: 12,
      at: new Date(`${DAY}T09:00:02Z`),
    },
    {
      postbackId: pb.id,
      url: pb.url,
      statusCode: 200,
      response: 'ok',
      durationMs: 9,
      at: new Date(`${DAY}T09:01:00Z`),
    },
  ]);
});
afterAll(async () => t?.close());

const detail = (m: typeof w.admin, id = conversionId) =>
  api(t.app, 'GET', `/api/statistic/v1/conversions/${id}`, m.token);

describe('conversion detail', () => {
  it('gives staff the conversion with its history, click, lead with attempts, and postbacks with attempts', async () => {
    const res = await detail(w.admin);
    expect(res.status, res.body).toBe(200);
    const d = res.json.data;
    expect(d.conversion).toMatchObject({
      uuid: conversionId,
      goal: 'ftd',
      revenue: LOG_REVENUE,
      payout: 1500,
      offer_type: 'api',
      is_test: true,
      advertiser: { uuid: w.advA.id, name: `Adv A ${w.tag}` },
      product: { uuid: w.product.id, name: w.product.name },
      history: [{ from: null, to: 'pending', source: 'postback' }],
    });
    expect(typeof d.conversion.updated_at).toBe('string');
    expect(d.click).toMatchObject({
      uuid: clickId,
      sub1: 'pb-sub',
      affiliate: { uuid: w.affA.id, email: w.affA.email },
    });
    expect(d.lead).toMatchObject({
      uuid: leadId,
      status: 'accepted',
      attempts: [{ result: 'accepted' }],
      history: [{ to: 'ftd' }],
    });
    expect(d.postbacks).toHaveLength(1);
    expect(d.postbacks[0].attempts.map((a: { status_code: number }) => a.status_code)).toEqual([500, 200]);
  });

  it('has no click or lead when the conversion has none', async () => {
    const bare = await w.conversion(w.dlA.id, w.affA.id, `${DAY}T10:00:00Z`);
    const res = await detail(w.managerA, bare.id);
    expect(res.status, res.body).toBe(200);
    expect(res.json.data).toMatchObject({
      click: null,
      lead: null,
      postbacks: [],
      conversion: { offer_type: 'direct_link', product: null },
    });
  });

  it('is staff only and scoped: other managers get 404, partners 403', async () => {
    expect((await detail(w.managerA)).status).toBe(200);
    expect((await detail(w.lead)).status).toBe(200);
    expect((await detail(w.managerB)).status).toBe(404);
    expect((await detail(w.affA)).status).toBe(403);
    expect((await detail(w.advA)).status).toBe(403);
    expect((await detail(w.admin, randomUUID())).status).toBe(404);
    expect((await detail(w.admin, 'not-a-uuid')).status).toBe(400);
  });
});
