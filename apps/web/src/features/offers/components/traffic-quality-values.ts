import {
  FRAUD_ACTION_KEYS,
  FRAUD_SIGNAL_CODES,
  type FraudActions,
  type FraudOfferSettings,
  type FraudSignalCode,
  type FraudThresholds,
} from '@pxl/contract/fraud/fraud.schemas';

// The Traffic quality section's values: every field empty means the network's value (docs/product/fraud.md).

/** A NumberInput's value: a number, or '' while empty. */
type Num = number | string;
type CountKey = Exclude<keyof FraudThresholds, 'ctit_goals'>;
type ActionKey = keyof FraudActions;

export type QualityValues = {
  weights: Record<FraudSignalCode, Num>;
  thresholds: Partial<Record<CountKey, Num>> & { ctit_goals: string[] };
  actions: Record<ActionKey, Num>;
  /** Actions the offer turns off although the network takes them. */
  off: Record<ActionKey, boolean>;
};

const each = <K extends string, V>(keys: readonly K[], value: (k: K) => V) =>
  Object.fromEntries(keys.map((k) => [k, value(k)])) as Record<K, V>;

export const toQualityValues = (own: FraudOfferSettings | null): QualityValues => ({
  weights: each(FRAUD_SIGNAL_CODES, (c) => own?.weights?.[c] ?? ''),
  thresholds: { ...own?.thresholds, ctit_goals: own?.thresholds?.ctit_goals ?? [] },
  actions: each(FRAUD_ACTION_KEYS, (k) => own?.actions?.[k] ?? ''),
  off: each(FRAUD_ACTION_KEYS, (k) => own?.actions?.[k] === null),
});

const given = (o: Record<string, unknown>) => {
  const set = Object.entries(o).filter(([, v]) => v !== '' && v !== undefined);
  return set.length ? Object.fromEntries(set) : undefined;
};

/** Only what the offer sets; nothing set is null (the network's for every field). */
export function toQualityBody(v: QualityValues): FraudOfferSettings | null {
  const { ctit_goals, ...counts } = v.thresholds;
  const body = {
    weights: given(v.weights),
    // An empty goal list reads as the network's goals: an offer turns the CTIT signals off by their weights.
    thresholds: given({ ...counts, ctit_goals: ctit_goals.length ? ctit_goals : undefined }),
    actions: given(each(FRAUD_ACTION_KEYS, (k) => (v.off[k] ? null : v.actions[k]))),
  };
  const out = Object.fromEntries(Object.entries(body).filter(([, g]) => g)) as FraudOfferSettings;
  return Object.keys(out).length ? out : null;
}
