import { afterAll, expect, it } from 'vitest';
import { and, eq, max } from 'drizzle-orm';
import { until } from '#test/harness.ts';
import { automationActions, clicks } from '../../db/schema.ts';
import { click } from '../tracking/click.fixtures.ts';
import { disableBuiltins, ruleBody, rulesApi, startRulesWorld } from './automation.fixtures.ts';

// The 60 s figure (docs/product/automation.md, "Timing and several processes"): the app as it serves, its evaluator
// on its own 10 s timer, traffic through the real click route, and the action waited for in the log.

const { t, w } = await startRulesWorld({}, { start: true, pollingIntervalSeconds: 1 });
afterAll(() => t.close());

it('pauses an affiliate within 60 s of the click that makes the rule true', async () => {
  await disableBuiltins(t.db);
  const offer = await w.offer();
  const body = ruleBody({
    name: 'Three clicks pause',
    scope: { type: 'offer_affiliate', offer_uuid: offer.uuid, affiliate_uuid: w.affA.id },
    actions: [{ type: 'pause_affiliate' }],
  });
  const rule = (await rulesApi(t.app, w.admin).create(body)).json().data;
  for (let i = 0; i < 3; i += 1)
    expect((await click(t.app, `/click/${offer.id}?aff=${w.affA.id}`, { ip: `81.2.69.${150 + i}` })).statusCode).toBe(
      302,
    );
  const done = await until(
    () =>
      t.db
        .select()
        .from(automationActions)
        .where(and(eq(automationActions.ruleId, rule.uuid), eq(automationActions.type, 'pause_affiliate'))),
    (rows) => rows.length > 0,
    'the pause of the rule',
    120_000,
  );
  expect(done[0].status).toBe('done');
  const [last] = await t.db
    .select({ at: max(clicks.createdAt) })
    .from(clicks)
    .where(eq(clicks.offerId, offer.uuid));
  const seconds = (done[0].createdAt.getTime() - last.at!.getTime()) / 1000;
  expect(seconds).toBeGreaterThanOrEqual(0);
  expect(seconds).toBeLessThanOrEqual(60);
});
