import {
  FRAUD_ACTION_KEYS,
  FRAUD_SIGNAL_CODES,
  type FraudActions,
  type FraudSettings,
  type FraudSignalCode,
  type FraudThresholds,
} from '@pxl/contract/fraud/fraud.schemas';
import type { FieldErrors } from '@/lib/form-errors.ts';

/** What a NumberInput holds: a number, or '' while empty. */
type Num = number | string;
type CountKey = Exclude<keyof FraudThresholds, 'ctit_goals'>;

export type Values = {
  weights: Record<FraudSignalCode, Num>;
  thresholds: Record<CountKey, Num> & { ctit_goals: string[] };
  actions: Record<keyof FraudActions, Num>;
  allowed_affiliate_ids: string[];
  affiliates_see_reasons: boolean;
};

export const toValues = (s: FraudSettings): Values => ({
  weights: { ...s.weights },
  thresholds: { ...s.thresholds, ctit_goals: [...s.thresholds.ctit_goals] },
  actions: Object.fromEntries(FRAUD_ACTION_KEYS.map((k) => [k, s.actions[k] ?? ''])) as Values['actions'],
  allowed_affiliate_ids: [...s.allowed_affiliate_ids],
  affiliates_see_reasons: s.affiliates_see_reasons,
});

const num = (v: Num) => (v === '' ? null : Number(v));
const nums = <K extends string>(o: Record<K, Num>) =>
  Object.fromEntries(Object.entries<Num>(o).map(([k, v]) => [k, num(v)])) as Record<K, number | null>;

/** An empty weight or threshold reaches the schema as null (its message asks for one); an empty action is off. */
export const toBody = (v: Values) => {
  const { ctit_goals, ...counts } = v.thresholds;
  return {
    weights: nums(v.weights),
    thresholds: { ...nums<CountKey>(counts), ctit_goals },
    actions: nums(v.actions),
    allowed_affiliate_ids: v.allowed_affiliate_ids,
    affiliates_see_reasons: v.affiliates_see_reasons,
  };
};

export const SIGNALS = FRAUD_SIGNAL_CODES;

// zod's "expected number, received null" on an emptied input says what is wanted instead.
export const shapeErrors = (errors: FieldErrors): FieldErrors =>
  Object.fromEntries(
    Object.entries(errors).map(([k, m]) => [k, /expected number, received/.test(m) ? 'Enter a whole number' : m]),
  );
