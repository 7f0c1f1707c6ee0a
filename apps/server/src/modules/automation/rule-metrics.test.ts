import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AutomationRuleInput } from '@pxl/contract';
import {
  leadAttempts,
  leads,
  NO_ID,
  offerCaps,
  outboundAttempts,
  outboundPostbacks,
  statsHourly,
} from '../../db/schema.ts';
import { insertClicks, insertConversion, insertProduct } from '../offers/offers.fixtures.ts';
import { ruleBody, startRulesWorld } from './automation.fixtures.ts';
import { judge } from './rule-condition.ts';
import { loadSourceContext, measureRule } from './rule-metrics.ts';
import { insertRule } from './rules.repository.ts';

// Each metric on constructed rows, all subjects of a rule from one measurement (docs/product/automation.md, "Rules").

const { t, w } = await startRulesWorld();
const ago = (min: number) => new Date(Date.now() - min * 60_000);
let offer: { uuid: string };
let second: { uuid: string };
afterAll(() => t.close());
beforeAll(async () => {
  offer = await w.offer();
  second = await w.offer();
});

const measure = async (over: Parameters<typeof ruleBody>[0]) => {
  const rule = await insertRule(t.db, ruleBody(over) as AutomationRuleInput, null);
  const rows = await measureRule(t.db, rule, new Date(), await loadSourceContext(t.db));
  const verdicts = rows.map((m) => ({ m, v: judge(rule.metric, rule.windowMinutes, rule.condition, m.sums) }));
  return { rule, rows, verdicts };
};

describe('rule metrics', () => {
  it('counts clicks per offer × affiliate in the window only, CR per affiliate', async () => {
    await insertClicks(t.db, offer.uuid, w.affA.id, 4, { createdAt: ago(5) });
    await insertClicks(t.db, offer.uuid, w.affB.id, 2, { createdAt: ago(5) });
    await insertClicks(t.db, offer.uuid, w.affA.id, 7, { createdAt: ago(30) });
    await insertConversion(t.db, offer.uuid, w.affA.id, { createdAt: ago(3) });
    const { rows } = await measure({ scope: { type: 'offer_affiliate', offer_uuid: offer.uuid } });
    const byAff = Object.fromEntries(rows.map((r) => [r.subject.affiliateId, r.sums.cur.num]));
    expect(byAff).toEqual({ [w.affA.id]: 4, [w.affB.id]: 2 });
    const cr = await measure({ metric: 'cr', scope: { type: 'affiliate', affiliate_uuid: w.affA.id } });
    expect(cr.verdicts[0].v?.value).toBe(25);
  });

  it('sums revenue in the network currency only', async () => {
    const p = await w.offer();
    await insertConversion(t.db, p.uuid, w.affA.id, { createdAt: ago(2), currency: 'USD', revenue: 700 });
    await insertConversion(t.db, p.uuid, w.affA.id, { createdAt: ago(2), currency: 'EUR', revenue: 900 });
    const { verdicts } = await measure({ metric: 'revenue', scope: { offer_uuid: p.uuid } });
    expect(verdicts[0].v?.value).toBe(700);
  });

  it('reads long windows from the hourly rollup', async () => {
    const p = await w.offer();
    const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3 * 3_600_000);
    await t.db
      .insert(statsHourly)
      .values({ hour, offerId: p.uuid, affiliateId: w.affA.id, landingId: NO_ID, country: 'DE', clicks: 40 });
    const { rows } = await measure({ window_minutes: 720, scope: { offer_uuid: p.uuid } });
    expect(rows[0].sums.cur.num).toBe(40);
  });

  it('counts a buyer’s errors and timeouts per product', async () => {
    const product = await insertProduct(t.db, w.advA.id);
    const [lead] = await t.db
      .insert(leads)
      .values({ offerId: offer.uuid, affiliateId: w.affA.id, createdAt: ago(3) })
      .returning();
    const attempt = (result: string) => ({ leadId: lead.id, productId: product.id, position: 1, result, called: true });
    await t.db.insert(leadAttempts).values([attempt('error'), attempt('timeout'), attempt('accepted')]);
    const { rows } = await measure({
      metric: 'buyer_errors',
      scope: { type: 'product', product_uuid: product.id },
    });
    expect(rows[0].sums.cur).toEqual({ num: 2, den: 3 });
  });

  it('counts failed postback attempts per affiliate', async () => {
    const [pb] = await t.db
      .insert(outboundPostbacks)
      .values({ affiliateId: w.affB.id, offerId: offer.uuid, event: 'conversion', url: 'https://x.test/' })
      .returning();
    const attempt = (statusCode: number | null, error: string | null) => ({
      id: randomUUID(),
      postbackId: pb.id,
      url: pb.url,
      statusCode,
      error,
      durationMs: 5,
    });
    await t.db.insert(outboundAttempts).values([attempt(500, null), attempt(null, 'refused'), attempt(200, null)]);
    const { rows } = await measure({ metric: 'postback_failures', scope: { type: 'affiliate' } });
    expect(rows.find((r) => r.subject.affiliateId === w.affB.id)?.sums.cur).toEqual({ num: 2, den: 3 });
  });

  it('gives each cap its fill in its period, keyed by the period', async () => {
    const [cap] = await t.db
      .insert(offerCaps)
      .values({ offerId: second.uuid, metric: 'clicks', period: 'day', limit: 10 })
      .returning();
    await insertClicks(t.db, second.uuid, w.affA.id, 8);
    const { verdicts } = await measure({
      metric: 'cap_fill',
      scope: { offer_uuid: second.uuid },
      condition: { value: 80 },
    });
    expect(verdicts[0].m.key).toMatch(new RegExp(`^cap:${cap.id}:\\d{4}-\\d{2}-\\d{2}$`));
    expect(verdicts[0].v).toMatchObject({ holds: true, value: 80 });
  });

  it('watches for "no clicks" only the offers that had clicks in the day before', async () => {
    const quiet = await w.offer();
    const never = await w.offer();
    // The day before the window is read from the rollup (the click writer keeps it; here it is written by hand).
    const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3 * 3_600_000);
    await t.db
      .insert(statsHourly)
      .values({ hour, offerId: quiet.uuid, affiliateId: w.affA.id, landingId: NO_ID, country: 'DE', clicks: 3 });
    const { verdicts } = await measure({ window_minutes: 60, condition: { op: 'below', value: 1 } });
    const fired = verdicts.filter((x) => x.v?.holds).map((x) => x.m.subject.offerId);
    expect(fired).toContain(quiet.uuid);
    expect(fired).not.toContain(never.uuid);
    expect(fired).not.toContain(offer.uuid);
  });
});
