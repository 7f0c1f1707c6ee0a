import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { connectDb } from '../../db/client.ts';
import { automationActions } from '../../db/schema.ts';
import { insertClicks } from '../offers/offers.fixtures.ts';
import { disableBuiltins, ruleBody, rulesApi, startRulesWorld } from './automation.fixtures.ts';
import { evaluateRound, type Act } from './evaluator.ts';
import { runRuleActions } from './rule-actions.ts';
import type { StoredRule } from './rules.repository.ts';

// Rounds run by hand here (the timer's own test is evaluator-timing.test.ts): the lock, fresh rules, the cooldown.

const { t, w } = await startRulesWorld();
const url = (t.db.$client as unknown as { options: { connectionString: string } }).options.connectionString;
const other = connectDb(url, 3);
let api: ReturnType<typeof rulesApi>;
beforeAll(async () => {
  await disableBuiltins(t.db);
  api = rulesApi(t.app, w.admin);
});
afterAll(async () => {
  await other.$client.end();
  await t.close();
});

const logged = (ruleId: string) => t.db.select().from(automationActions).where(eq(automationActions.ruleId, ruleId));
const round = () => evaluateRound(t.db, runRuleActions, t.app.log);

describe('evaluation rounds', () => {
  it('acts once when two processes evaluate at the same moment (the advisory lock)', async () => {
    const offer = await w.offer();
    const rule = (await api.create(ruleBody({ name: 'Two processes', scope: { offer_uuid: offer.uuid } }))).json().data;
    await insertClicks(t.db, offer.uuid, w.affA.id, 5);
    // Each round waits, once its rule is measured, until the other has measured too or has ended: without the lock
    // both would judge before either stored its firing, and both would act.
    const arrived = new Set<string>();
    const ended = new Set<string>();
    const lineUp = (me: string, you: string) => async (r: StoredRule) => {
      if (r.id !== rule.uuid) return;
      arrived.add(me);
      while (!arrived.has(you) && !ended.has(you)) await new Promise((res) => setTimeout(res, 20));
    };
    const act: Act = (db, r, s, f) => runRuleActions(db, r, s, f);
    const [a, b] = await Promise.all([
      evaluateRound(t.db, act, t.app.log, { measured: lineUp('a', 'b') }).finally(() => ended.add('a')),
      evaluateRound(other, act, t.app.log, { measured: lineUp('b', 'a') }).finally(() => ended.add('b')),
    ]);
    expect(await logged(rule.uuid)).toHaveLength(1);
    expect([a.ran, b.ran].sort()).toEqual([false, true]);
    // The next round, in either process, is in the cooldown.
    await evaluateRound(other, act, t.app.log);
    expect(await logged(rule.uuid)).toHaveLength(1);
  });

  it('never acts on a disabled rule nor on the copy before an edit', async () => {
    const offer = await w.offer();
    const body = ruleBody({ name: 'Edited', scope: { offer_uuid: offer.uuid }, enabled: false });
    const rule = (await api.create(body)).json().data;
    await insertClicks(t.db, offer.uuid, w.affA.id, 5);
    await round();
    expect(await logged(rule.uuid)).toHaveLength(0);
    await api.update(rule.uuid, { ...body, enabled: true, condition: { ...body.condition, value: 100 } });
    await round();
    expect(await logged(rule.uuid)).toHaveLength(0);
    await api.update(rule.uuid, { ...body, enabled: true });
    await round();
    const log = await logged(rule.uuid);
    expect(log).toHaveLength(1);
    expect(log[0].figures).toMatchObject({ metric: 'clicks', value: 5, window_minutes: 15 });
    expect((await api.get(rule.uuid)).json().data.last_fired_at).not.toBeNull();
  });

  it('goes on with the other rules when one fails', async () => {
    const offer = await w.offer();
    const good = (await api.create(ruleBody({ name: 'Good', scope: { offer_uuid: offer.uuid } }))).json().data;
    const bad = (await api.create(ruleBody({ name: 'Bad', scope: { offer_uuid: offer.uuid } }))).json().data;
    await insertClicks(t.db, offer.uuid, w.affA.id, 4);
    const failing: Act = async (db, r, s, f) => {
      if (r.id === bad.uuid) throw new Error('this action is broken');
      await runRuleActions(db, r, s, f);
    };
    const res = await evaluateRound(t.db, failing, t.app.log);
    expect(res.failed).toBeGreaterThanOrEqual(1);
    expect(await logged(good.uuid)).toHaveLength(1);
  });
});
