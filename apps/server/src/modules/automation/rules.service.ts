import type { AutomationRule, AutomationRuleInput } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { assertRuleValid } from './rule-validation.ts';
import {
  deleteStoredRule,
  findStoredRule,
  insertRule,
  listStoredRules,
  updateStoredRule,
  type StoredRule,
} from './rules.repository.ts';

// Rules staff keep (docs/product/automation.md, "Rules"); every change is audited with the rule before and after.

type Meta = { ip: string };

export const ruleView = (r: StoredRule): AutomationRule => ({
  uuid: r.id,
  name: r.name,
  enabled: r.enabled,
  builtin: r.builtin,
  scope: r.scope,
  metric: r.metric,
  window_minutes: r.windowMinutes,
  condition: r.condition,
  actions: r.actions,
  cooldown_minutes: r.cooldownMinutes,
  last_evaluated_at: r.lastEvaluatedAt?.toISOString() ?? null,
  last_fired_at: r.lastFiredAt?.toISOString() ?? null,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

/** The rule as the audit row keeps it: what staff set, not when it last ran. */
const audited = (r: StoredRule | null) =>
  r && {
    name: r.name,
    enabled: r.enabled,
    scope: r.scope,
    metric: r.metric,
    window_minutes: r.windowMinutes,
    condition: r.condition,
    actions: r.actions,
    cooldown_minutes: r.cooldownMinutes,
  };

const audit = (
  db: Db,
  auth: AuthContext,
  meta: Meta,
  op: string,
  before: StoredRule | null,
  after: StoredRule | null,
) =>
  writeAudit(db, {
    action: 'automation_rule_change',
    actorId: auth.user.id,
    ip: meta.ip,
    details: { op, rule_uuid: (after ?? before)?.id, before: audited(before), after: audited(after) },
  });

export const listRules = async (db: Db) => ({ list: (await listStoredRules(db)).map(ruleView) });

export const getRule = async (db: Db, id: string) => {
  const r = await findStoredRule(db, id);
  if (!r) throw notFound('Rule');
  return ruleView(r);
};

export const createRule = async (db: Db, auth: AuthContext, input: AutomationRuleInput, meta: Meta) => {
  await assertRuleValid(db, input);
  return inTransaction(db, async (tx) => {
    const r = await insertRule(tx, input, auth.user.id);
    await audit(tx, auth, meta, 'create', null, r);
    return ruleView(r);
  });
};

/** Replaced whole; the next round reads it afresh (the evaluator never keeps a copy between rounds). */
export const updateRule = async (db: Db, auth: AuthContext, id: string, input: AutomationRuleInput, meta: Meta) => {
  const before = await findStoredRule(db, id);
  if (!before) throw notFound('Rule');
  await assertRuleValid(db, input);
  return inTransaction(db, async (tx) => {
    const r = await updateStoredRule(tx, id, input);
    if (!r) throw notFound('Rule');
    await audit(tx, auth, meta, 'update', before, r);
    return ruleView(r);
  });
};

export const BUILTIN_NOT_DELETED = 'A built-in rule cannot be deleted: disable it instead';

/** A rule staff made goes (its action log stays, without the link); a built-in one is refused. */
export const deleteRule = async (db: Db, auth: AuthContext, id: string, meta: Meta) => {
  const before = await findStoredRule(db, id);
  if (!before) throw notFound('Rule');
  if (before.builtin) throw new AppError(409, { rule: BUILTIN_NOT_DELETED });
  await inTransaction(db, async (tx) => {
    await deleteStoredRule(tx, id);
    await audit(tx, auth, meta, 'delete', before, null);
  });
  return { uuid: id };
};
