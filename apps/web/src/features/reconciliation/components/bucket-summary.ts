import { RECON_BUCKETS, type ReconBucket, type ReconSummary } from '@pxl/contract/reconciliation/index';

/** Minor units per currency code. */
export type Amounts = Record<string, number>;

export type BucketLine = {
  bucket: ReconBucket;
  count: number;
  theirs: Amounts;
  ours: Amounts;
  difference: Amounts;
};

const NONE: Omit<BucketLine, 'bucket'> = { count: 0, theirs: {}, ours: {}, difference: {} };

/** Every bucket in the contract's order, those without rows too (count 0), so the table always reads alike. */
export const bucketLines = (summary: ReconSummary): BucketLine[] =>
  RECON_BUCKETS.map((bucket) => ({ bucket, ...(summary.buckets[bucket] ?? NONE) }));

/** The currencies of the totals and of every bucket, sorted. */
export function currenciesOf(summary: ReconSummary): string[] {
  const all = new Set<string>();
  const add = (a: Amounts) => Object.keys(a).forEach((c) => all.add(c));
  [summary.theirs, summary.ours, summary.difference].forEach(add);
  for (const line of bucketLines(summary)) [line.theirs, line.ours, line.difference].forEach(add);
  return [...all].sort();
}

/** Per currency, the sum of one figure over the buckets: the table's last line, under the buckets. */
export function sumOverBuckets(
  summary: ReconSummary,
  figure: 'theirs' | 'ours' | 'difference' = 'difference',
): Amounts {
  const sum: Amounts = {};
  for (const line of bucketLines(summary)) {
    for (const [currency, minor] of Object.entries(line[figure])) sum[currency] = (sum[currency] ?? 0) + minor;
  }
  return sum;
}

/**
 * Whether the buckets explain the whole difference (docs/product/reconciliation.md: it is always so); a currency
 * absent on one side counts as 0. The screen says so in words, and warns if a stored summary ever disagrees.
 */
export function differenceExplained(summary: ReconSummary): boolean {
  const sum = sumOverBuckets(summary);
  return currenciesOf(summary).every((c) => (sum[c] ?? 0) === (summary.difference[c] ?? 0));
}

/** The amount of one currency, 0 when the record has none. */
export const amountIn = (amounts: Amounts, currency: string): number => amounts[currency] ?? 0;
