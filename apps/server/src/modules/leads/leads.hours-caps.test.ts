import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '#test/harness.ts';
import type { Buyers } from './buyers.fixtures.ts';
import { attemptsOf, leadBody, leadRowOf, sendLead, startLeadWorld, type LeadWorld } from './leads.fixtures.ts';

let t: TestApp, w: LeadWorld, buyers: Buyers, stop: () => Promise<void>;
beforeAll(async () => {
  ({ t, w, buyers, stop } = await startLeadWorld());
});
afterAll(() => stop?.());

describe('working hours and caps', () => {
  const closedNow = () => {
    // A window that ended an hour ago today in UTC (or, just after midnight, one on another weekday).
    const now = new Date();
    const day = ((now.getUTCDay() + 6) % 7) + 1;
    return now.getUTCHours() >= 2
      ? { time_zone: 'UTC', days: [{ day, from: '00:00', to: `${String(now.getUTCHours() - 1).padStart(2, '0')}:00` }] }
      : { time_zone: 'UTC', days: [{ day: (day % 7) + 1, from: '00:00', to: '24:00' }] };
  };

  it('skips a closed buyer with a closed_hours attempt and an open one takes the lead', async () => {
    const closed = buyers.add('accept');
    const open = buyers.add('accept');
    const offer = await w.offer([
      { product_uuid: await w.product(closed), priority: 1, working_hours: closedNow() },
      {
        product_uuid: await w.product(open),
        priority: 2,
        working_hours: {
          time_zone: 'Pacific/Kiritimati',
          days: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from: '00:00', to: '24:00' })),
        },
      },
    ]);
    const res = await sendLead(t, w.keyA, leadBody(offer.id));
    expect(res.json.data.status, res.body).toBe('accepted');
    expect(closed.received).toHaveLength(0);
    const attempts = await attemptsOf(t, res.json.data.lead_id);
    expect(attempts.map((a) => a.result)).toEqual(['closed_hours', 'accepted']);
    expect(attempts[0]).toMatchObject({
      request: null,
      response: null,
      message: expect.stringContaining('Closed now'),
    });
  });

  it('skips a full buyer with a caps_full attempt; a per-country cap counts only that country', async () => {
    const capped = buyers.add('accept');
    const spare = buyers.add('accept');
    const offer = await w.offer([
      {
        product_uuid: await w.product(capped),
        priority: 1,
        caps: { daily: 2, total: null, per_geo: [{ geo: 'AT', daily: null, total: 1 }] },
      },
      { product_uuid: await w.product(spare), priority: 2 },
    ]);
    const results = [];
    for (let i = 0; i < 3; i += 1)
      results.push((await sendLead(t, w.keyA, leadBody(offer.id))).json.data.lead_id as string);
    expect(capped.received).toHaveLength(2);
    expect(spare.received).toHaveLength(1);
    const third = await attemptsOf(t, results[2]);
    expect(third.map((a) => a.result)).toEqual(['caps_full', 'accepted']);
    expect(third[0].message).toBe('The daily cap 2 is reached');
  });

  it('gives the cap place back when the buyer refuses', async () => {
    const picky = buyers.add('reject');
    const spare = buyers.add('accept');
    const offer = await w.offer([
      { product_uuid: await w.product(picky), priority: 1, caps: { daily: null, total: 1, per_geo: [] } },
      { product_uuid: await w.product(spare), priority: 2 },
    ]);
    for (let i = 0; i < 3; i += 1) await sendLead(t, w.keyA, leadBody(offer.id));
    // Never full: each refusal released its place, so the picky buyer saw all three.
    expect(picky.received).toHaveLength(3);
  });

  it('fails with no_product_available when every buyer is full, closed or refuses, and says so without naming buyers', async () => {
    const full = buyers.add('accept');
    const closed = buyers.add('accept');
    const refuses = buyers.add('reject');
    const offer = await w.offer([
      { product_uuid: await w.product(full), caps: { daily: 1, total: null, per_geo: [] } },
      { product_uuid: await w.product(closed), working_hours: closedNow() },
      { product_uuid: await w.product(refuses) },
    ]);
    expect((await sendLead(t, w.keyA, leadBody(offer.id))).status).toBe(200);
    const res = await sendLead(t, w.keyA, leadBody(offer.id));
    expect(res.status, res.body).toBe(422);
    expect(res.json.error).toEqual({
      reason: 'no_product_available',
      lead_id: expect.any(String),
      message: expect.stringMatching(/^No buyer can take this lead now .*Buyers tried: /),
    });
    for (const b of [full, closed, refuses]) expect(res.body).not.toContain(b.name);
    expect(res.json.error!.message).toContain('1 over caps');
    expect(res.json.error!.message).toContain('1 closed');
    expect(await leadRowOf(t, res.json.error!.lead_id)).toMatchObject({
      status: 'failed',
      reason: 'no_product_available',
      reasonDetail: expect.stringContaining(full.name),
    });
  });
});
