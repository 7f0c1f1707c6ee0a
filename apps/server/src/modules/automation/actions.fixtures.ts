// Test-only: rules stored as the rules API stores them, the figures of a firing, and the action log read back.
import { asc, eq, sql } from 'drizzle-orm';
import type { RuleAction, RuleScope } from '@pxl/contract';
import type { TestApp } from '#test/harness.ts';
import { call } from '#test/factories.ts';
import type { Db } from '../../db/client.ts';
import { automationActions, automationBlocks } from '../../db/schema.ts';
import type { Member } from '../managers/staff.fixtures.ts';
import type { ActingRule, Figures } from './rule-actions.ts';

export const FIGURES: Figures = {
  metric: 'fraud_pct',
  window_minutes: 60,
  value: 42,
  compared_to: null,
  condition: 'above 30',
};

export const scopeOf = (type: RuleScope['type'], over: Partial<RuleScope> = {}): RuleScope => ({
  type,
  offer_uuid: null,
  affiliate_uuid: null,
  product_uuid: null,
  sub_key: null,
  sub_value: null,
  ...over,
});

/** A rule row (the rules helper's table) acting with `actions`; its id goes into the log rows. */
export const storeRule = async (
  db: Db,
  name: string,
  scope: RuleScope,
  actions: RuleAction[],
  builtin: string | null = null,
): Promise<ActingRule> => {
  const { rows } = await db.execute<{ id: string }>(sql`insert into automation_rules
    (name, scope, metric, window_minutes, condition, actions)
    values (${name}, ${JSON.stringify(scope)}::jsonb, 'fraud_pct', 60,
      ${JSON.stringify({ kind: 'threshold', op: 'above', value: 30, min_volume: 0 })}::jsonb, ${JSON.stringify(actions)}::jsonb)
    returning id`);
  return { id: rows[0].id, name, scope, actions, builtin };
};

export const logOf = (db: Db, ruleId: string) =>
  db
    .select()
    .from(automationActions)
    .where(eq(automationActions.ruleId, ruleId))
    .orderBy(asc(automationActions.createdAt));

export const blocksOf = (db: Db) => db.select().from(automationBlocks).orderBy(asc(automationBlocks.createdAt));

export const undo = (t: TestApp, by: Member, uuid: string) =>
  call(t.app, 'POST', `/api/automation/v1/actions/${uuid}/undo`, { token: by.token });

export const actionLog = (t: TestApp, by: Member, query = '') =>
  call(t.app, 'GET', `/api/automation/v1/actions${query}`, { token: by.token });
