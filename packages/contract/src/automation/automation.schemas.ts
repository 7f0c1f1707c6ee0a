import { z } from 'zod';
import { pageQuerySchema } from '../http/paging.ts';

// Rules that watch a metric and act (docs/product/automation.md).

export const RULE_SCOPES = ['offer', 'affiliate', 'offer_affiliate', 'product', 'sub'] as const;
export type RuleScopeType = (typeof RULE_SCOPES)[number];
export const RULE_METRICS = [
  'clicks',
  'conversions',
  'cr',
  'epc',
  'ftd_rate',
  'lead_acceptance',
  'buyer_errors',
  'postback_failures',
  'cap_fill',
  'fraud_pct',
  'revenue',
  'payout',
  'profit',
] as const;
export type RuleMetric = (typeof RULE_METRICS)[number];
/** threshold: the window's value against `value`; change_*: the percent change against the previous window or the
 * baseline (the 7 days before the window, scaled to its length). */
export const RULE_CONDITIONS = ['threshold', 'change_vs_previous', 'change_vs_baseline'] as const;
export const RULE_ACTIONS = ['notify', 'pause_affiliate', 'remove_product', 'set_cap', 'hold_conversions'] as const;
export type RuleActionType = (typeof RULE_ACTIONS)[number];
export const SUB_KEYS = ['sub1', 'sub2', 'sub3', 'sub4', 'sub5'] as const;

/** A minute to 30 days. */
export const RULE_WINDOW_MIN = 1;
export const RULE_WINDOW_MAX = 43_200;
export const BACKTEST_DAYS = 30;

/** An id left null means "each": a rule on offers with no offer watches every offer, one by one. */
export const ruleScopeSchema = z.object({
  type: z.enum(RULE_SCOPES),
  offer_uuid: z.uuid({ message: 'Not a valid ID' }).nullable().default(null),
  affiliate_uuid: z.uuid({ message: 'Not a valid ID' }).nullable().default(null),
  product_uuid: z.uuid({ message: 'Not a valid ID' }).nullable().default(null),
  sub_key: z.enum(SUB_KEYS).nullable().default(null),
  sub_value: z.string().trim().min(1).max(200).nullable().default(null),
});
export type RuleScope = z.output<typeof ruleScopeSchema>;

export const ruleConditionSchema = z.object({
  kind: z.enum(RULE_CONDITIONS),
  op: z.enum(['above', 'below']),
  /** The metric's unit (count, percent, minor units of the network currency) or, for a change, percent. */
  value: z.number().finite().min(-1e12).max(1e12),
  /** Fewer events than this in the window (clicks, leads or conversions, by metric) and the rule stays quiet. */
  min_volume: z.number().int().min(0).max(1_000_000).default(0),
});
export type RuleCondition = z.output<typeof ruleConditionSchema>;

export const ruleActionSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('notify'),
    channel_uuids: z
      .array(z.uuid({ message: 'Not a valid ID' }))
      .max(20)
      .default([]),
    /** Also mail and alert the manager and the affiliate of the scope on their own channels. */
    notify_owners: z.boolean().default(false),
  }),
  /** The scope's affiliate gets no more traffic on the scope's offer: clicks go to trafficback, leads are refused. */
  z.object({ type: z.literal('pause_affiliate') }),
  /** The scope's buyer product leaves the waterfall of every offer it is in. */
  z.object({ type: z.literal('remove_product') }),
  z.object({
    type: z.literal('set_cap'),
    cap_uuid: z.uuid({ message: 'Not a valid ID' }),
    limit: z.number().int().min(1).max(2_000_000_000),
  }),
  /** New conversions of the scope are created in status hold until the action is undone. */
  z.object({ type: z.literal('hold_conversions') }),
]);
export type RuleAction = z.output<typeof ruleActionSchema>;

export const automationRuleInputSchema = z.object({
  name: z.string().trim().min(1, { message: 'Name is required' }).max(200),
  enabled: z.boolean().default(true),
  scope: ruleScopeSchema,
  metric: z.enum(RULE_METRICS),
  window_minutes: z.number().int().min(RULE_WINDOW_MIN).max(RULE_WINDOW_MAX),
  condition: ruleConditionSchema,
  actions: z.array(ruleActionSchema).min(1, { message: 'At least one action' }).max(10),
  /** After firing for a scope, the rule stays quiet for it this long. */
  cooldown_minutes: z.number().int().min(0).max(43_200).default(60),
});
export type AutomationRuleInput = z.output<typeof automationRuleInputSchema>;

export const automationRuleSchema = automationRuleInputSchema.extend({
  uuid: z.uuid(),
  /** The key of a built-in rule (editable, never deleted: disabled instead), null for one made by staff. */
  builtin: z.string().nullable(),
  last_evaluated_at: z.string().nullable(),
  last_fired_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AutomationRule = z.infer<typeof automationRuleSchema>;

export const backtestBodySchema = z.object({
  days: z.number().int().min(1).max(BACKTEST_DAYS).default(BACKTEST_DAYS),
});
export const backtestFireSchema = z.object({
  at: z.string(),
  /** The one of the scope it fired for, in words ("Offer A × Affiliate B"). */
  subject: z.string(),
  value: z.number(),
  compared_to: z.number().nullable(),
  /** What it would have done, in words. */
  actions: z.array(z.string()),
});
export const backtestResultSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Steps evaluated: one per window length (at most one per hour) over the period. */
  steps: z.number().int(),
  fires: z.array(backtestFireSchema),
  took_ms: z.number().int(),
});
export type BacktestResult = z.infer<typeof backtestResultSchema>;

export const ACTION_STATUSES = ['done', 'undone', 'failed'] as const;
export const actionLogQuerySchema = pageQuerySchema.extend({
  rule_uuid: z.uuid({ message: 'Not a valid ID' }).optional(),
  status: z.enum(ACTION_STATUSES).optional(),
});
export const actionLogItemSchema = z.object({
  uuid: z.uuid(),
  rule: z.object({ uuid: z.uuid(), name: z.string() }).nullable(),
  type: z.enum([...RULE_ACTIONS, 'undo']),
  subject: z.string(),
  /** The figures that made the rule true: metric, window, value, what it was compared to. */
  figures: z.object({
    metric: z.enum(RULE_METRICS),
    window_minutes: z.number().int(),
    value: z.number(),
    compared_to: z.number().nullable(),
    condition: z.string(),
  }),
  /** What it changed, in words ("cap 1000 → 500 leads a day"). */
  summary: z.string(),
  status: z.enum(ACTION_STATUSES),
  error: z.string().nullable(),
  undoable: z.boolean(),
  /** For an undo: the action it undid. */
  undoes: z.uuid().nullable(),
  by: z.object({ uuid: z.uuid(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type ActionLogItem = z.infer<typeof actionLogItemSchema>;
