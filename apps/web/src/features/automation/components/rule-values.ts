import type {
  AutomationRule,
  RuleAction,
  RuleActionType,
  RuleMetric,
  RuleScopeType,
} from '@pxl/contract/automation/automation.schemas';
import { ACTION_SCOPES, METRICS } from './rule-labels.ts';

// The rule form's values (texts as typed) and the body sent (the contract's shape, so field errors share its paths).

export type WindowUnit = 'minutes' | 'hours' | 'days';
export const UNIT_MINUTES: Record<WindowUnit, number> = { minutes: 1, hours: 60, days: 1440 };

export type ActionValues =
  | { type: 'notify'; channel_uuids: string[]; notify_owners: boolean }
  | { type: 'set_cap'; cap_uuid: string | null; limit: string }
  | { type: Exclude<RuleActionType, 'notify' | 'set_cap'> };

export type RuleValues = {
  name: string;
  enabled: boolean;
  scope_type: RuleScopeType;
  offer_uuid: string | null;
  affiliate_uuid: string | null;
  product_uuid: string | null;
  sub_key: string | null;
  sub_value: string;
  metric: RuleMetric;
  window_amount: string;
  window_unit: WindowUnit;
  condition_kind: string;
  condition_op: string;
  condition_value: string;
  min_volume: string;
  actions: ActionValues[];
  cooldown_minutes: string;
};

/** A window in its largest whole unit, so 1440 minutes reads as 1 day. */
export function splitWindow(minutes: number): { window_amount: string; window_unit: WindowUnit } {
  const unit: WindowUnit = minutes % 1440 === 0 ? 'days' : minutes % 60 === 0 ? 'hours' : 'minutes';
  return { window_amount: String(minutes / UNIT_MINUTES[unit]), window_unit: unit };
}

/** Money is typed in major units and stored in minor ones; counts and percents as they are. */
const isMoney = (metric: RuleMetric, kind: string) => kind === 'threshold' && METRICS[metric].unit === 'money';

export const newAction = (type: RuleActionType): ActionValues =>
  type === 'notify'
    ? { type, channel_uuids: [], notify_owners: false }
    : type === 'set_cap'
      ? { type, cap_uuid: null, limit: '' }
      : { type };

const actionValues = (a: RuleAction): ActionValues =>
  a.type === 'notify'
    ? { type: 'notify', channel_uuids: [...a.channel_uuids], notify_owners: a.notify_owners }
    : a.type === 'set_cap'
      ? { type: 'set_cap', cap_uuid: a.cap_uuid, limit: String(a.limit) }
      : { type: a.type };

export function toValues(rule?: AutomationRule): RuleValues {
  if (!rule) {
    return {
      name: '',
      enabled: true,
      scope_type: 'offer',
      offer_uuid: null,
      affiliate_uuid: null,
      product_uuid: null,
      sub_key: null,
      sub_value: '',
      metric: 'clicks',
      window_amount: '1',
      window_unit: 'hours',
      condition_kind: 'threshold',
      condition_op: 'below',
      condition_value: '',
      min_volume: '0',
      actions: [newAction('notify')],
      cooldown_minutes: '60',
    };
  }
  const { scope, condition } = rule;
  const value = isMoney(rule.metric, condition.kind) ? condition.value / 100 : condition.value;
  return {
    name: rule.name,
    enabled: rule.enabled,
    scope_type: scope.type,
    offer_uuid: scope.offer_uuid,
    affiliate_uuid: scope.affiliate_uuid,
    product_uuid: scope.product_uuid,
    sub_key: scope.sub_key,
    sub_value: scope.sub_value ?? '',
    metric: rule.metric,
    ...splitWindow(rule.window_minutes),
    condition_kind: condition.kind,
    condition_op: condition.op,
    condition_value: String(value),
    min_volume: String(condition.min_volume),
    actions: rule.actions.map(actionValues),
    cooldown_minutes: String(rule.cooldown_minutes),
  };
}

/** A typed number, or the text itself when it is none (the schema then refuses it under its field). */
const num = (text: string): number | string => {
  const t = text.trim().replace(',', '.');
  return t !== '' && Number.isFinite(Number(t)) ? Number(t) : text;
};

/** The ids the scope type uses; the others go as null, so switching the type leaves nothing stale behind. */
function scopeBody(v: RuleValues) {
  const has = (...types: RuleScopeType[]) => types.includes(v.scope_type);
  return {
    type: v.scope_type,
    offer_uuid: has('offer', 'offer_affiliate', 'sub') ? v.offer_uuid : null,
    affiliate_uuid: has('affiliate', 'offer_affiliate') ? v.affiliate_uuid : null,
    product_uuid: has('product') ? v.product_uuid : null,
    sub_key: has('sub') ? v.sub_key : null,
    sub_value: has('sub') ? v.sub_value.trim() || null : null,
  };
}

const actionBody = (a: ActionValues) => (a.type === 'set_cap' ? { ...a, limit: num(a.limit) } : a);

export function toBody(v: RuleValues) {
  const amount = num(v.window_amount);
  const value = num(v.condition_value);
  return {
    name: v.name,
    enabled: v.enabled,
    scope: scopeBody(v),
    metric: v.metric,
    window_minutes: typeof amount === 'number' ? Math.round(amount * UNIT_MINUTES[v.window_unit]) : amount,
    condition: {
      kind: v.condition_kind,
      op: v.condition_op,
      value: typeof value === 'number' && isMoney(v.metric, v.condition_kind) ? Math.round(value * 100) : value,
      min_volume: num(v.min_volume),
    },
    actions: v.actions.map(actionBody),
    cooldown_minutes: num(v.cooldown_minutes),
  };
}

/** Actions the scope type allows (an action picked before the scope changed stays, for the server to refuse). */
export const actionsFor = (scope: RuleScopeType): RuleActionType[] =>
  (Object.keys(ACTION_SCOPES) as RuleActionType[]).filter((type) => ACTION_SCOPES[type].includes(scope));

// zod's "expected number, received string" on a field left empty or mistyped says what is wanted instead.
export const shapeErrors = (errors: Record<string, string>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(errors).map(([k, m]) => [k, /expected number, received/.test(m) ? 'Enter a number' : m]),
  );

/** Where the server and the schema put a value's message: its path in the body. */
const FIELD_PATHS: Partial<Record<keyof RuleValues, string>> = {
  scope_type: 'scope.type',
  offer_uuid: 'scope.offer_uuid',
  affiliate_uuid: 'scope.affiliate_uuid',
  product_uuid: 'scope.product_uuid',
  sub_key: 'scope.sub_key',
  sub_value: 'scope.sub_value',
  window_amount: 'window_minutes',
  condition_kind: 'condition.kind',
  condition_op: 'condition.op',
  condition_value: 'condition.value',
  min_volume: 'condition.min_volume',
};

export const fieldError = (errors: Record<string, string>, key: string): string | undefined =>
  errors[FIELD_PATHS[key as keyof RuleValues] ?? key];

/** Body paths some input shows; any other message is said under the form. */
export const SHOWN_PATHS = [
  'name',
  'enabled',
  'scope',
  'metric',
  'window_minutes',
  'condition',
  'actions',
  'cooldown_minutes',
];
