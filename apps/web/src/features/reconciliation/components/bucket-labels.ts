import type { ReconApplicableBucket, ReconBucket } from '@pxl/contract/reconciliation/index';
import { RECON_APPLICABLE_BUCKETS } from '@pxl/contract/reconciliation/index';
import { moneyText } from './import-labels.ts';

// What each bucket means, in the words of docs/product/reconciliation.md ("Match and classify").

type BucketText = { label: string; explanation: string; color: string };

export const BUCKET_TEXT: Record<ReconBucket, BucketText> = {
  matched: { label: 'Matched', explanation: 'The same with them and with us: nothing to do.', color: 'green' },
  status_differs: {
    label: 'Status differs',
    explanation: 'They give the conversion another status than ours.',
    color: 'orange',
  },
  amount_differs: {
    label: 'Amount differs',
    explanation: 'They give another amount than our revenue for it.',
    color: 'orange',
  },
  currency_differs: {
    label: 'Currency differs',
    explanation: 'They give another currency than ours, so the amounts cannot be compared.',
    color: 'grape',
  },
  missing_here: {
    label: 'Missing here',
    explanation: 'In their report, not with us, though we know its click or lead: a lost postback, say.',
    color: 'red',
  },
  missing_there: {
    label: 'Missing there',
    explanation: 'With us, not in their report.',
    color: 'red',
  },
  duplicate_in_file: {
    label: 'Duplicate in file',
    explanation: 'A row naming the same ids as an earlier row of their report.',
    color: 'gray',
  },
  unknown_id: { label: 'Unknown id', explanation: 'None of its ids is known to us.', color: 'gray' },
  outside_period: {
    label: 'Outside period',
    explanation: "Its date, or its conversion's, falls outside the import's period.",
    color: 'gray',
  },
};

/** What applying a bucket's rows does (docs/product/reconciliation.md, "Apply"). */
export const APPLY_TEXT: Record<ReconApplicableBucket, string> = {
  status_differs: 'our conversions take the status of their report',
  amount_differs: 'our conversions take the amount of their report',
  missing_here: 'new conversions are made from their rows, with their status and amount',
  missing_there: 'our conversions are rejected',
};

export const isApplicableBucket = (bucket: ReconBucket | null): bucket is ReconApplicableBucket =>
  (RECON_APPLICABLE_BUCKETS as readonly string[]).includes(bucket ?? '');

/** A difference with its sign: "+€6.50", "−€5.00", "€0.00". */
export const signedAmountText = (minor: number, currency: string): string =>
  minor > 0 ? `+${moneyText(minor, currency)}` : minor < 0 ? `−${moneyText(-minor, currency)}` : moneyText(0, currency);
