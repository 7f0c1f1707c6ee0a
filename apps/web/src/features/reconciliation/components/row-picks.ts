import type { z } from 'zod';
import type {
  ReconApplicableBucket,
  ReconApplyResult,
  reconClassifiedRowSchema,
} from '@pxl/contract/reconciliation/index';
import { RECON_APPLICABLE_BUCKETS } from '@pxl/contract/reconciliation/index';
import { APPLY_TEXT, BUCKET_TEXT, isApplicableBucket } from './bucket-labels.ts';

export type ReconRow = z.infer<typeof reconClassifiedRowSchema>;

/** Ticked rows, each with its bucket (the confirmation says per bucket what will happen), in the order ticked. */
export type Picks = ReadonlyMap<string, ReconApplicableBucket>;

/** Only rows of a bucket that has something to apply, and not applied yet, can be ticked. */
export const isPickable = (r: Pick<ReconRow, 'bucket' | 'applied_at'>): boolean =>
  isApplicableBucket(r.bucket) && r.applied_at === null;

/** Ticks one row on or off; a row that cannot be applied is left as it is. */
export function togglePick(picks: Picks, row: ReconRow): Picks {
  const next = new Map(picks);
  if (next.has(row.uuid)) next.delete(row.uuid);
  else if (isPickable(row) && isApplicableBucket(row.bucket)) next.set(row.uuid, row.bucket);
  return next;
}

/** The page's tickable rows: all ticked, some, or none (the header checkbox). */
export function pageTicks(picks: Picks, rows: readonly ReconRow[]): 'all' | 'some' | 'none' {
  const page = rows.filter(isPickable);
  const ticked = page.filter((r) => picks.has(r.uuid)).length;
  if (ticked === 0) return 'none';
  return ticked === page.length ? 'all' : 'some';
}

/** Ticks every tickable row of the page, or unticks them all when every one is ticked already; other pages keep theirs. */
export function togglePage(picks: Picks, rows: readonly ReconRow[]): Picks {
  const next = new Map(picks);
  const page = rows.filter(isPickable);
  if (pageTicks(picks, rows) === 'all') page.forEach((r) => next.delete(r.uuid));
  else for (const r of page) if (isApplicableBucket(r.bucket)) next.set(r.uuid, r.bucket);
  return next;
}

/** What one apply request is about: the ticked rows, or every row of one bucket. */
export type ApplyTarget =
  { kind: 'rows'; picks: Picks } | { kind: 'bucket'; bucket: ReconApplicableBucket; count: number };

/** The request body of the contract (reconApplyBodySchema). */
export const applyBody = (target: ApplyTarget) =>
  target.kind === 'rows'
    ? { row_uuids: [...target.picks.keys()], buckets: [] }
    : { row_uuids: [], buckets: [target.bucket] };

/** Rows per bucket that the request names, in the contract's bucket order. */
export function targetCounts(target: ApplyTarget): [ReconApplicableBucket, number][] {
  if (target.kind === 'bucket') return [[target.bucket, target.count]];
  const counts = new Map<ReconApplicableBucket, number>();
  for (const bucket of target.picks.values()) counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
  return RECON_APPLICABLE_BUCKETS.filter((b) => counts.has(b)).map((b) => [b, counts.get(b)!]);
}

const rows = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`;

/** One line per bucket of what applying does, e.g. "2 rows of Status differs: our conversions take the status …". */
export const applyLines = (target: ApplyTarget): string[] =>
  targetCounts(target).map(([bucket, n]) => `${rows(n)} of ${BUCKET_TEXT[bucket].label}: ${APPLY_TEXT[bucket]}.`);

/** The notification after an apply: what changed, and what had been applied before. */
export function resultText(r: ReconApplyResult): string {
  if (r.applied === 0) return `Nothing changed: the ${rows(r.already_applied)} had been applied before.`;
  const parts = [
    `${r.conversions_changed} ${r.conversions_changed === 1 ? 'conversion' : 'conversions'} changed`,
    `${r.conversions_created} created`,
    `${r.adjustments} ${r.adjustments === 1 ? 'adjustment' : 'adjustments'} for next invoices`,
  ];
  const before = r.already_applied ? `; ${rows(r.already_applied)} had been applied before` : '';
  return `Applied ${rows(r.applied)}: ${parts.join(', ')}${before}.`;
}
