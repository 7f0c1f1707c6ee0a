import { describe, expect, it } from 'vitest';
import { RECON_BUCKETS, type ReconSummary } from '@pxl/contract/reconciliation/index';
import { signedAmountText } from './bucket-labels.ts';
import { bucketLines, currenciesOf, differenceExplained, sumOverBuckets } from './bucket-summary.ts';

const bucket = (count: number, theirs = {}, ours = {}, difference = {}) => ({ count, theirs, ours, difference });

// Ours 33.00 USD, theirs 39.50 USD and 5.00 EUR: the difference is spread over four buckets.
const summary = (): ReconSummary => ({
  file_rows: 6,
  our_conversions: 5,
  buckets: {
    matched: bucket(2, { USD: 1000 }, { USD: 1000 }, {}),
    status_differs: bucket(1, {}, { USD: 500 }, { USD: -500 }),
    amount_differs: bucket(1, { USD: 450 }, { USD: 500 }, { USD: -50 }),
    currency_differs: bucket(1, { EUR: 500 }, { USD: 500 }, { USD: -500, EUR: 500 }),
    missing_here: bucket(1, { USD: 2500 }, {}, { USD: 2500 }),
    missing_there: bucket(1, {}, { USD: 800 }, { USD: -800 }),
  } as ReconSummary['buckets'],
  theirs: { USD: 3950, EUR: 500 },
  ours: { USD: 3300 },
  difference: { USD: 650, EUR: 500 },
});

describe('the bucket summary of an import', () => {
  it('lists every bucket in the contract order, a bucket without rows as 0', () => {
    const lines = bucketLines(summary());
    expect(lines.map((l) => l.bucket)).toEqual([...RECON_BUCKETS]);
    expect(lines.find((l) => l.bucket === 'unknown_id')).toEqual({
      bucket: 'unknown_id',
      count: 0,
      theirs: {},
      ours: {},
      difference: {},
    });
    expect(lines.find((l) => l.bucket === 'currency_differs')?.difference).toEqual({ USD: -500, EUR: 500 });
  });

  it('sums the buckets’ differences per currency, which is the total difference', () => {
    expect(sumOverBuckets(summary())).toEqual({ USD: 650, EUR: 500 });
    expect(sumOverBuckets(summary(), 'ours')).toEqual({ USD: 3300 });
    expect(differenceExplained(summary())).toBe(true);
    expect(currenciesOf(summary())).toEqual(['EUR', 'USD']);
  });

  it('says so when a stored summary does not add up', () => {
    const s = summary();
    s.difference = { USD: 700, EUR: 500 };
    expect(differenceExplained(s)).toBe(false);
    const lost = summary();
    lost.buckets.missing_there = bucket(1, {}, { USD: 800 }, {});
    expect(differenceExplained(lost)).toBe(false);
  });

  it('writes differences with their sign', () => {
    expect(signedAmountText(1250, 'ZZZZ')).toBe('+12.50 ZZZZ');
    expect(signedAmountText(650, 'USD')).toBe('+$6.50');
    expect(signedAmountText(-500, 'EUR')).toBe('−€5.00');
    expect(signedAmountText(0, 'USD')).toBe('$0.00');
  });
});
