import type { LeadCallStatus } from '@pxl/contract';
import type { leadAttempts, leads } from '../../db/schema.ts';
import type { PulledStatus } from '../integrations/index.ts';

export type LeadState = Pick<typeof leads.$inferSelect, 'status' | 'productId' | 'callStatus' | 'rawStatus' | 'isFtd'>;
type AttemptRef = Pick<typeof leadAttempts.$inferSelect, 'result'>;

/** How far a lead has come: a status with a lower rank than the lead had (from a called one up) went backwards. */
const RANK: Record<LeadCallStatus, number> = {
  new: 0,
  no_answer: 1,
  call_back: 1,
  wrong_number: 1,
  not_interested: 1,
  interested: 2,
  ftd: 3,
  invalid: -1,
  duplicate: -1,
};

export const isBackwards = (from: LeadCallStatus | null, to: LeadCallStatus) =>
  from !== null && RANK[from] >= 1 && RANK[to] < RANK[from];

export type StatusPlan = {
  /** An unknown lead (its buyer timed out) that the buyer now reports: it has the lead. */
  accept: boolean;
  history: { fromStatus: LeadCallStatus | null; toStatus: LeadCallStatus; backwards: boolean } | null;
  /** The buyer's text when it changed, else null. */
  rawStatus: string | null;
  /** The lead's first FTD: a conversion is owed. */
  ftd: boolean;
};

/**
 * What one pulled item changes on its lead, or null when nothing (so a status pulled twice is a no-op). Pure: the
 * pull uses it to skip unchanged items cheaply and again under the lead's row lock to apply them.
 * Only the product that holds the lead may change it; an unknown lead is held by the product it timed out on.
 */
export const planStatus = (
  lead: LeadState,
  attempt: AttemptRef,
  productId: string,
  item: PulledStatus,
): StatusPlan | null => {
  const accept = lead.status === 'unknown' && attempt.result === 'timeout';
  if (!accept && !(lead.status === 'accepted' && lead.productId === productId)) return null;
  const from = lead.callStatus as LeadCallStatus | null;
  const mapped = item.is_ftd ? 'ftd' : item.status;
  const rawChanged = item.raw_status !== (lead.rawStatus ?? '');
  // Unmapped text changes nothing of ours, but its arrival is history all the same (with our status unchanged).
  const to = mapped ?? from ?? 'new';
  const changed = mapped ? mapped !== from : rawChanged;
  const history = changed ? { fromStatus: from, toStatus: to, backwards: isBackwards(from, to) } : null;
  const ftd = to === 'ftd' && !lead.isFtd;
  if (!accept && !history && !rawChanged && !ftd) return null;
  return { accept, history, rawStatus: rawChanged ? item.raw_status : null, ftd };
};
