import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { auditLog, automationActions, clicks, offerCaps } from '../../db/schema.ts';
import { cacheCaughtUp, click } from '../tracking/click.fixtures.ts';
import type { Buyers } from '../leads/buyers.fixtures.ts';
import { leadBody, sendLead, startLeadWorld, type LeadWorld } from '../leads/leads.fixtures.ts';
import { makeOffer } from '../offers/offers.fixtures.ts';
import { actionLog, blocksOf, FIGURES, logOf, scopeOf, storeRule, undo } from './actions.fixtures.ts';
import { runRuleActions } from './rule-actions.ts';

// The pause, cap and log of docs/product/automation.md ("Actions and undo"), seen from outside: real clicks, real
// leads, the offers API, and the undo endpoint.

let t: TestApp, w: LeadWorld, buyers: Buyers, stop: () => Promise<void>;
let direct: { uuid: string; id: number };
let api: { uuid: string; id: number };
const DE_IP = '46.4.0.1';

beforeAll(async () => {
  ({ t, w, buyers, stop } = await startLeadWorld());
  direct = await makeOffer(t.app, w, { form: { title: `Direct ${w.tag}` } });
  api = await w.offer([{ product_uuid: await w.product(buyers.add('accept')) }]);
});
afterAll(() => stop?.());

/** The reason the latest stored click of the affiliate on the offer went to trafficback (null: it reached the offer). */
const lastClickReason = async (offerId: string, affiliateId: string) => {
  await t.services.clicks.writer.drain();
  const [c] = await t.db
    .select({ reason: clicks.trafficbackReason })
    .from(clicks)
    .where(and(eq(clicks.offerId, offerId), eq(clicks.affiliateId, affiliateId)))
    .orderBy(desc(clicks.createdAt))
    .limit(1);
  return c.reason;
};
const clickAs = async (affiliateId: string) => {
  const res = await click(t.app, `/click/${direct.id}?aff=${affiliateId}`, { ip: DE_IP });
  return { status: res.statusCode, reason: await lastClickReason(direct.uuid, affiliateId) };
};

describe('pause_affiliate', () => {
  it("sends the affiliate's clicks to trafficback (paused) and refuses its leads; another affiliate goes through", async () => {
    const rule = await storeRule(t.db, 'Pause on fraud', scopeOf('offer_affiliate'), [{ type: 'pause_affiliate' }]);
    expect(await clickAs(w.affA.id)).toEqual({ status: 302, reason: null });
    const before = await blocksOf(t.db);

    await runRuleActions(t.db, rule, { offerId: direct.uuid, affiliateId: w.affA.id }, FIGURES);
    await runRuleActions(t.db, rule, { offerId: api.uuid, affiliateId: w.affA.id }, FIGURES);
    // The rule stays true: nothing is paused twice, and no new row is written.
    await runRuleActions(t.db, rule, { offerId: direct.uuid, affiliateId: w.affA.id }, FIGURES);
    await cacheCaughtUp(t, t.db);

    expect((await clickAs(w.affA.id)).reason).toBe('paused');
    expect(await clickAs(w.affB.id)).toEqual({ status: 302, reason: null });
    const lead = await sendLead(t, w.keyA, leadBody(api.id));
    expect({ status: lead.status, reason: lead.json.error?.reason }).toEqual({ status: 403, reason: 'paused' });

    const log = await logOf(t.db, rule.id);
    expect(log.map((r) => [r.type, r.status])).toEqual([
      ['pause_affiliate', 'done'],
      ['pause_affiliate', 'done'],
    ]);
    expect(log[0].figures).toEqual(FIGURES);
    expect(log[0].summary).toContain(`Direct ${w.tag}`);
    expect(log[0].before).toEqual({ blocks: [] });

    // Undo puts back exactly the blocks there were, and traffic flows again.
    for (const row of log) expect((await undo(t, w.admin, row.id)).statusCode).toBe(200);
    expect(await blocksOf(t.db)).toEqual(before);
    await cacheCaughtUp(t, t.db);
    expect(await clickAs(w.affA.id)).toEqual({ status: 302, reason: null });
    expect((await sendLead(t, w.keyA, leadBody(api.id))).status).toBe(200);

    const again = await undo(t, w.admin, log[0].id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ undo: 'This action was already undone' });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'automation_undo'));
    expect(audits.filter((a) => a.actorId === w.admin.id)).toHaveLength(2);
  });
});

describe('set_cap', () => {
  const capsOf = async () =>
    (await t.db.select().from(offerCaps).where(eq(offerCaps.offerId, direct.uuid))).map((c) => ({
      id: c.id,
      limit: c.limit,
    }));
  const shownLimit = async () =>
    (await w.calls.get(w.admin, direct.uuid)).json.data.caps.map((c: { limit: number }) => c.limit);

  it('changes the limit the offers API shows; undo restores it, and refuses once staff changed it', async () => {
    const saved = await w.calls.section(w.admin, direct.uuid, 'caps', {
      caps: [{ metric: 'clicks', period: 'day', limit: 1000 }],
    });
    expect(saved.status, saved.body).toBe(200);
    const [cap] = await capsOf();
    const rule = await storeRule(t.db, 'Cut the cap', scopeOf('offer', { offer_uuid: direct.uuid }), [
      { type: 'set_cap', cap_uuid: cap.id, limit: 500 },
    ]);
    await runRuleActions(t.db, rule, {}, FIGURES);
    await runRuleActions(t.db, rule, {}, FIGURES);
    expect(await shownLimit()).toEqual([500]);
    const [first, ...more] = await logOf(t.db, rule.id);
    expect(more).toEqual([]);
    expect(first).toMatchObject({ before: { cap_id: cap.id, limit: 1000 }, after: { cap_id: cap.id, limit: 500 } });
    expect(first.summary).toContain('1000 → 500 clicks a day');

    const undone = await undo(t, w.admin, first.id);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().data).toMatchObject({ type: 'undo', undoes: first.id, by: { uuid: w.admin.id } });
    expect(await capsOf()).toEqual([cap]);

    // Fired again; then staff set the cap by hand: undo would overwrite their change, so it is refused.
    await runRuleActions(t.db, rule, {}, FIGURES);
    const second = (await logOf(t.db, rule.id)).find((r) => r.type === 'set_cap' && r.status === 'done')!;
    await t.db.update(offerCaps).set({ limit: 700 }).where(eq(offerCaps.id, cap.id));
    const refused = await undo(t, w.admin, second.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.undo).toContain('changed since (500 → 700)');
    expect(await capsOf()).toEqual([{ id: cap.id, limit: 700 }]);
  });

  it("logs a cap of another offer as failed, and the rule's other actions still run", async () => {
    const other = await makeOffer(t.app, w);
    await w.calls.section(w.admin, other.uuid, 'caps', { caps: [{ metric: 'leads', period: 'day', limit: 10 }] });
    const [foreign] = await t.db.select().from(offerCaps).where(eq(offerCaps.offerId, other.uuid));
    const rule = await storeRule(t.db, 'Two actions', scopeOf('offer_affiliate'), [
      { type: 'set_cap', cap_uuid: foreign.id, limit: 5 },
      { type: 'pause_affiliate' },
    ]);
    await runRuleActions(t.db, rule, { offerId: direct.uuid, affiliateId: w.affB.id }, FIGURES);
    const log = await logOf(t.db, rule.id);
    expect(log.map((r) => [r.type, r.status])).toEqual([
      ['set_cap', 'failed'],
      ['pause_affiliate', 'done'],
    ]);
    expect(log[0].error).toContain("is not one of this offer's caps");
    expect((await undo(t, w.admin, log[0].id)).json().error).toEqual({
      undo: 'Nothing to undo: the action failed and changed nothing',
    });
    expect((await undo(t, w.admin, log[1].id)).statusCode).toBe(200);
  });
});

describe('the action log', () => {
  it('lists newest first with the rule, the subject in words and who undid; filters by rule and status', async () => {
    const rule = await storeRule(t.db, 'Listed rule', scopeOf('offer_affiliate'), [{ type: 'pause_affiliate' }]);
    await runRuleActions(t.db, rule, { offerId: direct.uuid, affiliateId: w.affA.id }, FIGURES);
    const [row] = await logOf(t.db, rule.id);
    await undo(t, w.admin, row.id);
    const res = await actionLog(t, w.admin, `?rule_uuid=${rule.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const { list, count } = res.json().data;
    expect(count).toBe(2);
    expect(list.map((i: { type: string; status: string }) => [i.type, i.status])).toEqual([
      ['undo', 'done'],
      ['pause_affiliate', 'undone'],
    ]);
    expect(list[1]).toMatchObject({
      rule: { uuid: rule.id, name: 'Listed rule' },
      figures: FIGURES,
      undoable: false,
      by: null,
    });
    expect(list[1].subject).toContain(`Direct ${w.tag}`);
    expect(list[0]).toMatchObject({ undoes: row.id, by: { uuid: w.admin.id }, undoable: false });
    const undone = (await actionLog(t, w.admin, `?rule_uuid=${rule.id}&status=undone`)).json().data;
    expect(undone.list.map((i: { uuid: string }) => i.uuid)).toEqual([row.id]);
    // An undo entry is not itself undone.
    expect((await undo(t, w.admin, list[0].uuid)).statusCode).toBe(409);
    expect((await actionLog(t, w.affA, '')).statusCode).toBe(403);
  });

  it('keeps the log when the rule is deleted (rule set to null)', async () => {
    const rule = await storeRule(t.db, 'Short-lived', scopeOf('offer_affiliate'), [{ type: 'pause_affiliate' }]);
    await runRuleActions(t.db, rule, { offerId: direct.uuid, affiliateId: w.affA.id }, FIGURES);
    const [row] = await logOf(t.db, rule.id);
    await t.db.execute(sql`delete from automation_rules where id = ${rule.id}`);
    const [kept] = await t.db.select().from(automationActions).where(eq(automationActions.id, row.id));
    expect(kept.ruleId).toBeNull();
    expect((await undo(t, w.admin, row.id)).statusCode).toBe(200);
  });
});
