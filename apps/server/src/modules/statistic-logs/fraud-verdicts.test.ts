import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FraudReason } from '@pxl/contract';
import { clicks, conversions, leads } from '../../db/schema.ts';
import type { TestApp } from '#test/harness.ts';
import { api, type Member } from '../managers/staff.fixtures.ts';
import { DAY, DAY_RANGE, getLog, type LogWorld, startLogWorld } from './statistic-logs.fixtures.ts';

// The fraud verdict on the click log rows, the user-session rows and the conversion detail (docs/product/fraud.md):
// null until the row is scored, the stored score and reasons once it is, and only for staff.
let t: TestApp;
let w: LogWorld;
let clickId = '';
let leadId = '';
let conversionId = '';

const CLICK_REASONS: FraudReason[] = [{ code: 'datacenter_ip', weight: 50, detail: 'IP 203.0.113.9 is in AS16509' }];
const LEAD_REASONS: FraudReason[] = [
  { code: 'ip_mismatch', weight: 20, detail: "The lead's IP differs from the click's" },
];
const CONVERSION_REASONS: FraudReason[] = [
  { code: 'ctit_short', weight: 60, detail: '3 s after the click, the minimum is 10 s' },
  ...CLICK_REASONS,
  ...LEAD_REASONS,
];

beforeAll(async () => {
  ({ t, w } = await startLogWorld());
  clickId = await w.click(w.apiA.id, w.affA.id, `${DAY}T06:00:00Z`);
  leadId = (await w.addLead(w.apiA.id, w.affA.id, `${DAY}T06:01:00Z`, { clickId, status: 'accepted' })).id;
  conversionId = (
    await w.conversion(w.apiA.id, w.affA.id, `${DAY}T06:01:03Z`, { clickId, leadId, goal: 'ftd', isTest: false })
  ).id;
});
afterAll(async () => t?.close());

const clickRow = async (m: Member) => {
  const res = await getLog(t.app, m, 'clicks', `${DAY_RANGE}&tz=UTC&kind=api&search=${clickId}`);
  expect(res.status, res.body).toBe(200);
  return res.json.data.list[0] as Record<string, unknown>;
};
const sessionRow = async (m: Member) => {
  const res = await getLog(t.app, m, 'user-sessions', `${DAY_RANGE}&tz=UTC&kind=api&search=${leadId}`);
  expect(res.status, res.body).toBe(200);
  return res.json.data.list[0] as Record<string, unknown>;
};
const detail = async () => {
  const res = await api(t.app, 'GET', `/api/statistic/v1/conversions/${conversionId}`, w.admin.token);
  expect(res.status, res.body).toBe(200);
  return res.json.data as {
    conversion: Record<string, unknown>;
    click: Record<string, unknown>;
    lead: Record<string, unknown>;
  };
};

describe('fraud verdicts in the logs', () => {
  it('are null on rows not scored yet', async () => {
    expect(await clickRow(w.admin)).toMatchObject({ uuid: clickId, fraud_score: null, fraud_reasons: null });
    expect(await sessionRow(w.managerA)).toMatchObject({ uuid: leadId, fraud_score: null, fraud_reasons: null });
    const d = await detail();
    expect(d.conversion).toMatchObject({ uuid: conversionId, fraud_score: null, fraud_reasons: null });
    expect(d.click).toMatchObject({ fraud_score: null, fraud_reasons: null });
    expect(d.lead).toMatchObject({ fraud_score: null, fraud_reasons: null });
  });

  it('carry the stored score and reasons once scored', async () => {
    await t.db.update(clicks).set({ fraudScore: 50, fraudReasons: CLICK_REASONS }).where(eq(clicks.id, clickId));
    await t.db.update(leads).set({ fraudScore: 20, fraudReasons: LEAD_REASONS }).where(eq(leads.id, leadId));
    await t.db
      .update(conversions)
      .set({ fraudScore: 100, fraudReasons: CONVERSION_REASONS })
      .where(eq(conversions.id, conversionId));
    expect(await clickRow(w.head)).toMatchObject({ fraud_score: 50, fraud_reasons: CLICK_REASONS });
    expect(await sessionRow(w.admin)).toMatchObject({ fraud_score: 20, fraud_reasons: LEAD_REASONS });
    const d = await detail();
    expect(d.conversion).toMatchObject({ fraud_score: 100, fraud_reasons: CONVERSION_REASONS });
    expect(d.click).toMatchObject({ fraud_score: 50, fraud_reasons: CLICK_REASONS });
    expect(d.lead).toMatchObject({ fraud_score: 20, fraud_reasons: LEAD_REASONS });
  });

  it('are left out of the rows partners see', async () => {
    for (const row of [await clickRow(w.affA), await sessionRow(w.affA), await sessionRow(w.advA)]) {
      expect(row.uuid).toBeTruthy();
      expect(row).not.toHaveProperty('fraud_score');
      expect(row).not.toHaveProperty('fraud_reasons');
    }
    const adv = await getLog(t.app, w.advA, 'clicks', `${DAY_RANGE}&tz=UTC&kind=api&search=${clickId}`);
    expect(adv.status, adv.body).toBe(200);
    expect(adv.json.data.list.length).toBeGreaterThan(0);
    for (const row of adv.json.data.list as Record<string, unknown>[]) expect(row).not.toHaveProperty('fraud_score');
  });
});
