import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { auditLog, conversionHistory, conversions } from '../../db/schema.ts';
import { api } from '../managers/staff.fixtures.ts';
import { insertClicks } from '../offers/offers.fixtures.ts';
import { applyStatuses } from './apply.ts';
import { insertLeadWithAttempt, item, leadWorld, startStatusWorld, type LeadWorld } from './lead-status.fixtures.ts';

// The FTD a buyer reports for a lead is scored like a postback's conversion: its click-to-deposit time with the reasons
// of its lead and the lead's click, and held or rejected by score (docs/product/fraud.md).
let t: TestApp;
let lw: LeadWorld;
beforeAll(async () => {
  ({ t, w: lw } = await startStatusWorld());
});
afterAll(async () => {
  await t?.close();
});

const ftd = (attemptId: string) =>
  item({ lead_id: attemptId, raw_status: 'deposit', status: 'ftd', is_ftd: true, amount: 25_000 });

describe('FTD conversions are scored', () => {
  it("merges the lead's and its click's reasons and holds from the network's threshold, audited", async () => {
    const res = await api(t.app, 'PUT', '/api/fraud/v1/settings', lw.w.admin.token, {
      actions: { hold_conversion_at: 60 },
    });
    expect(res.status, res.body).toBe(200);
    const own = await leadWorld(t, lw.w);
    const clickId = randomUUID();
    // A click an hour before: no ctit_short for the deposit.
    await insertClicks(t.db, own.offerId, lw.w.affA.id, 1, {
      id: clickId,
      createdAt: new Date(Date.now() - 3_600_000),
      fraudScore: 50,
      fraudReasons: [{ code: 'datacenter_ip', weight: 50, detail: "The click's IP belongs to a hosting network" }],
    });
    const { leadId, attemptId } = await insertLeadWithAttempt(t, own.offerId, lw.w.affA.id, own.products.plain, {
      clickId,
      fraudScore: 30,
      fraudReasons: [{ code: 'geo_mismatch', weight: 30, detail: 'The phone’s code +380 is UA, not DE' }],
    });
    expect(await applyStatuses(t, own.products.plain, [ftd(attemptId)])).toMatchObject({ ftds: 1 });

    const [conv] = await t.db.select().from(conversions).where(eq(conversions.leadId, leadId));
    // 1 − 0.5 × 0.7
    expect(conv).toMatchObject({ goal: 'ftd', status: 'hold', fraudAction: 'hold', fraudScore: 65 });
    expect(conv.fraudReasons!.map((r) => r.code)).toEqual(['datacenter_ip', 'geo_mismatch']);
    const [h] = await t.db.select().from(conversionHistory).where(eq(conversionHistory.conversionId, conv.id));
    expect(h).toMatchObject({ fromStatus: null, toStatus: 'hold', source: 'fraud' });
    expect(h.reason).toMatch(/^Held for traffic quality \(score 65; FTD reported by the buyer\)\. IP of a hosting/);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'fraud_action'), sql`${auditLog.details}->>'uuid' = ${conv.id}`));
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: null,
        subjectId: lw.w.affA.id,
        details: expect.objectContaining({ on: 'conversion', action: 'hold', score: 65 }),
      }),
    ]);
  });

  it("scores a Cold API copy's FTD with its origin's reasons and its origin's click's when the copy has none", async () => {
    // The network holds from 60 (the first test).
    const own = await leadWorld(t, lw.w);
    const clickId = randomUUID();
    await insertClicks(t.db, own.offerId, lw.w.affA.id, 1, {
      id: clickId,
      createdAt: new Date(Date.now() - 3_600_000),
      fraudScore: 50,
      fraudReasons: [{ code: 'datacenter_ip', weight: 50, detail: "The click's IP belongs to a hosting network" }],
    });
    const origin = await insertLeadWithAttempt(t, own.offerId, lw.w.affA.id, own.products.plain, {
      clickId,
      status: 'failed',
      reason: 'fraud',
      fraudScore: 30,
      fraudReasons: [{ code: 'geo_mismatch', weight: 30, detail: 'The phone’s code +380 is UA, not DE' }],
    });
    // A copy made before copies carried the verdict: no click, no reasons.
    const copy = await insertLeadWithAttempt(t, own.offerId, lw.w.affB.id, own.products.plain, {
      originLeadId: origin.leadId,
    });
    expect(await applyStatuses(t, own.products.plain, [ftd(copy.attemptId)])).toMatchObject({ ftds: 1 });
    const [conv] = await t.db.select().from(conversions).where(eq(conversions.leadId, copy.leadId));
    expect(conv).toMatchObject({ status: 'hold', fraudAction: 'hold', fraudScore: 65, clickId: null });
    expect(conv.fraudReasons!.map((r) => r.code)).toEqual(['datacenter_ip', 'geo_mismatch']);
  });

  it("writes no fraud_action audit row for a test lead's FTD (its history says it)", async () => {
    const own = await leadWorld(t, lw.w);
    const { leadId, attemptId } = await insertLeadWithAttempt(t, own.offerId, lw.w.affA.id, own.products.plain, {
      isTest: true,
      fraudScore: 70,
      fraudReasons: [{ code: 'datacenter_ip', weight: 70, detail: "The lead's IP belongs to a hosting network" }],
    });
    expect(await applyStatuses(t, own.products.plain, [ftd(attemptId)])).toMatchObject({ ftds: 1 });
    const [conv] = await t.db.select().from(conversions).where(eq(conversions.leadId, leadId));
    expect(conv).toMatchObject({ isTest: true, status: 'hold', fraudAction: 'hold' });
    const [h] = await t.db.select().from(conversionHistory).where(eq(conversionHistory.conversionId, conv.id));
    expect(h).toMatchObject({ toStatus: 'hold', source: 'fraud' });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'fraud_action'), sql`${auditLog.details}->>'uuid' = ${conv.id}`));
    expect(audit).toEqual([]);
  });
});
