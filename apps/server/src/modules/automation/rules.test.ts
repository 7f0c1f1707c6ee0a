import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, offerCaps } from '../../db/schema.ts';
import { ruleBody, rulesApi, startRulesWorld } from './automation.fixtures.ts';

const { t, w } = await startRulesWorld();
let offer: { uuid: string };
let api: ReturnType<typeof rulesApi>;
beforeAll(async () => {
  offer = await w.offer();
  api = rulesApi(t.app, w.admin);
});
afterAll(() => t.close());

describe('rules API', () => {
  it('lists the five built-in rules first, on', async () => {
    const res = await api.list();
    expect(res.statusCode).toBe(200);
    const list = res.json().data.list as { builtin: string | null; enabled: boolean }[];
    expect(list.slice(0, 5).map((r) => r.builtin)).toEqual(
      expect.arrayContaining(['cap_warning', 'cap_reached', 'buyer_failing', 'postbacks_failing', 'offer_no_clicks']),
    );
    expect(list.slice(0, 5).every((r) => r.enabled)).toBe(true);
  });

  it('creates, reads, changes and deletes a rule, audited', async () => {
    const created = await api.create(ruleBody({ name: 'Busy offer', scope: { offer_uuid: offer.uuid } }));
    expect(created.statusCode).toBe(200);
    const rule = created.json().data;
    expect(rule).toMatchObject({ name: 'Busy offer', builtin: null, last_fired_at: null });
    expect(rule.scope.offer_uuid).toBe(offer.uuid);
    expect((await api.get(rule.uuid)).json().data.uuid).toBe(rule.uuid);
    const changed = await api.update(rule.uuid, ruleBody({ name: 'Quiet offer', enabled: false }));
    expect(changed.json().data).toMatchObject({ name: 'Quiet offer', enabled: false });
    expect((await api.remove(rule.uuid)).json().data).toEqual({ uuid: rule.uuid });
    expect((await api.get(rule.uuid)).statusCode).toBe(404);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'automation_rule_change'), eq(auditLog.actorId, w.admin.id)))
      .orderBy(desc(auditLog.createdAt));
    expect(audits.map((a) => a.details.op)).toEqual(['delete', 'update', 'create']);
    expect(audits[1].details).toMatchObject({ before: { name: 'Busy offer' }, after: { name: 'Quiet offer' } });
  });

  it('answers 404 for a rule that is not there', async () => {
    const id = randomUUID();
    for (const res of [
      await api.get(id),
      await api.update(id, ruleBody()),
      await api.remove(id),
      await api.backtest(id, 1),
    ])
      expect(res.statusCode).toBe(404);
  });

  it('refuses to delete a built-in rule, but edits and disables it', async () => {
    const list = (await api.list()).json().data.list as { uuid: string; builtin: string | null }[];
    const builtin = list.find((r) => r.builtin === 'offer_no_clicks')!;
    const res = await api.remove(builtin.uuid);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.rule).toMatch(/disable it instead/);
    const body = ruleBody({ name: 'No clicks, 2 h', enabled: false, window_minutes: 120 });
    const changed = await api.update(builtin.uuid, {
      ...body,
      condition: { ...body.condition, op: 'below', value: 1 },
    });
    expect(changed.json().data).toMatchObject({ builtin: 'offer_no_clicks', enabled: false, window_minutes: 120 });
  });

  it('refuses unknown references and actions the scope cannot carry, naming the field (422)', async () => {
    const [cap] = await t.db
      .insert(offerCaps)
      .values({ offerId: (await w.offer()).uuid, metric: 'clicks', period: 'day', limit: 100 })
      .returning();
    const cases: [unknown, string][] = [
      [ruleBody({ scope: { offer_uuid: randomUUID() } }), 'scope.offer_uuid'],
      [ruleBody({ scope: { type: 'affiliate', affiliate_uuid: w.admin.id } }), 'scope.affiliate_uuid'],
      [
        ruleBody({ scope: { type: 'product', product_uuid: randomUUID() }, metric: 'conversions' }),
        'scope.product_uuid',
      ],
      [ruleBody({ scope: { type: 'offer', affiliate_uuid: w.affA.id } }), 'scope.affiliate_uuid'],
      [ruleBody({ scope: { type: 'product' } }), 'metric'],
      [ruleBody({ scope: { type: 'sub' } }), 'scope.sub_key'],
      [ruleBody({ actions: [{ type: 'pause_affiliate' }] }), 'actions.0.type'],
      [ruleBody({ actions: [{ type: 'remove_product' }] }), 'actions.0.type'],
      [
        ruleBody({ scope: { type: 'product' }, metric: 'conversions', actions: [{ type: 'hold_conversions' }] }),
        'actions.0.type',
      ],
      [ruleBody({ actions: [{ type: 'set_cap', cap_uuid: cap.id, limit: 5 }] }), 'actions.0.cap_uuid'],
      [
        ruleBody({ scope: { offer_uuid: offer.uuid }, actions: [{ type: 'set_cap', cap_uuid: cap.id, limit: 5 }] }),
        'actions.0.cap_uuid',
      ],
      [
        ruleBody({ actions: [{ type: 'notify', channel_uuids: [randomUUID()], notify_owners: false }] }),
        'actions.0.channel_uuids.0',
      ],
      [ruleBody({ metric: 'cap_fill', condition: { kind: 'change_vs_previous' } }), 'condition.kind'],
    ];
    for (const [body, field] of cases) {
      const res = await api.create(body);
      expect({ field, status: res.statusCode }).toEqual({ field, status: 422 });
      expect(Object.keys(res.json().error), field).toContain(field);
    }
  });

  it('takes the actions each scope allows', async () => {
    const [cap] = await t.db
      .insert(offerCaps)
      .values({ offerId: offer.uuid, metric: 'clicks', period: 'day', limit: 100 })
      .returning();
    const ok = [
      ruleBody({ scope: { type: 'offer_affiliate' }, actions: [{ type: 'pause_affiliate' }] }),
      ruleBody({ scope: { type: 'product' }, metric: 'buyer_errors', actions: [{ type: 'remove_product' }] }),
      ruleBody({ scope: { offer_uuid: offer.uuid }, actions: [{ type: 'set_cap', cap_uuid: cap.id, limit: 50 }] }),
      ruleBody({ scope: { type: 'sub', sub_key: 'sub1' }, actions: [{ type: 'hold_conversions' }] }),
    ];
    for (const body of ok) expect((await api.create(body)).statusCode).toBe(200);
  });
});
