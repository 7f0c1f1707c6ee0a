import { FRAUD_SIGNAL_CODES, type FraudReason } from '@pxl/contract';

// The score treats each reason as independent evidence: 100 × (1 − Π(1 − weight/100)), rounded
// (docs/decisions/051-fraud-scoring.md). It never passes 100, a weight of 100 alone gives 100, and two weaker
// reasons add up less than their sum (50 and 50 give 75), so several soft signals raise a score without saturating it.

/** The fraud score 0–100 of a set of reasons; no reasons give 0. */
export function fraudScore(reasons: readonly FraudReason[]): number {
  let clean = 1;
  for (const r of reasons) clean *= 1 - Math.min(100, Math.max(0, r.weight)) / 100;
  return Math.round(100 * (1 - clean));
}

const ORDER = new Map(FRAUD_SIGNAL_CODES.map((c, i) => [c, i]));

/**
 * One list of reasons from several (a conversion's own, its click's and its lead's): one reason per signal, the
 * heaviest, so an IP seen on both the click and the lead counts once. Heaviest first, then in signal order.
 */
export function mergeReasons(...lists: ReadonlyArray<readonly FraudReason[] | null | undefined>): FraudReason[] {
  // A single reason (a click past the velocity limit, say) has nothing to merge: no map, no sort on the click path.
  if (lists.length === 1 && (lists[0]?.length ?? 0) <= 1) return [...(lists[0] ?? [])];
  const byCode = new Map<FraudReason['code'], FraudReason>();
  for (const list of lists)
    for (const r of list ?? []) {
      const seen = byCode.get(r.code);
      if (!seen || r.weight > seen.weight) byCode.set(r.code, r);
    }
  return [...byCode.values()].sort((a, b) => b.weight - a.weight || ORDER.get(a.code)! - ORDER.get(b.code)!);
}

/** Score and reasons together, as they are stored on a click, lead or conversion. */
export function verdictOf(...lists: ReadonlyArray<readonly FraudReason[] | null | undefined>) {
  const fraud_reasons = mergeReasons(...lists);
  return { fraud_score: fraudScore(fraud_reasons), fraud_reasons };
}
