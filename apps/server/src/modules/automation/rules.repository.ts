import { asc, eq, sql } from 'drizzle-orm';
import type { AutomationRuleInput, RuleAction, RuleCondition, RuleMetric, RuleScope } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { automationRules } from '../../db/schema.ts';

/** A row of automation_rules as the engine and the actions use it (docs/decisions/066-automation-rules.md). */
export type StoredRule = {
  id: string;
  name: string;
  /** The built-in rule's key, which is also the alert event it raises (`cap_warning`, …); null for staff's rules. */
  builtin: string | null;
  enabled: boolean;
  /** The contract's scope: `offer_uuid` and the others are the ids of the rows (null: each). */
  scope: RuleScope;
  metric: RuleMetric;
  windowMinutes: number;
  condition: RuleCondition;
  actions: RuleAction[];
  cooldownMinutes: number;
  lastEvaluatedAt: Date | null;
  lastFiredAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

type Row = typeof automationRules.$inferSelect;
const toStored = (r: Row): StoredRule => ({
  id: r.id,
  name: r.name,
  builtin: r.builtin,
  enabled: r.enabled,
  scope: r.scope as RuleScope,
  metric: r.metric as RuleMetric,
  windowMinutes: r.windowMinutes,
  condition: r.condition as RuleCondition,
  actions: r.actions as RuleAction[],
  cooldownMinutes: r.cooldownMinutes,
  lastEvaluatedAt: r.lastEvaluatedAt,
  lastFiredAt: r.lastFiredAt,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

const columnsOf = (input: AutomationRuleInput) => ({
  name: input.name,
  enabled: input.enabled,
  scope: input.scope,
  metric: input.metric,
  windowMinutes: input.window_minutes,
  condition: input.condition,
  actions: input.actions as Record<string, unknown>[],
  cooldownMinutes: input.cooldown_minutes,
});

/** Built-in rules first, then by creation. */
export const listStoredRules = async (db: Db) =>
  (
    await db
      .select()
      .from(automationRules)
      .orderBy(sql`${automationRules.builtin} is null`, asc(automationRules.createdAt), asc(automationRules.id))
  ).map(toStored);

/** The enabled rules, read afresh by each evaluation round. */
export const listEnabledRules = async (db: Db) =>
  (await db.select().from(automationRules).where(eq(automationRules.enabled, true))).map(toStored);

export const findStoredRule = async (db: Db, id: string) => {
  const [row] = await db.select().from(automationRules).where(eq(automationRules.id, id)).limit(1);
  return row ? toStored(row) : null;
};

export const insertRule = async (db: Db, input: AutomationRuleInput, createdBy: string | null) => {
  const [row] = await db
    .insert(automationRules)
    .values({ ...columnsOf(input), createdBy })
    .returning();
  return toStored(row);
};

export const updateStoredRule = async (db: Db, id: string, input: AutomationRuleInput) => {
  const [row] = await db
    .update(automationRules)
    .set({ ...columnsOf(input), updatedAt: new Date() })
    .where(eq(automationRules.id, id))
    .returning();
  return row ? toStored(row) : null;
};

export const deleteStoredRule = (db: Db, id: string) => db.delete(automationRules).where(eq(automationRules.id, id));
