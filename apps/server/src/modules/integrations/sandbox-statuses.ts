import { createHash } from 'node:crypto';

// The sandbox buyer's call centre, without state: a lead's statuses follow from its id (a hash picks the path) and
// the time since it came in (one step every status_step_seconds). The same lead reads the same at the same moment,
// so pulls are repeatable and tests can move a lead along by moving its created_at back.

export const SANDBOX_STATUSES = [
  'new',
  'no_answer',
  'call_back',
  'interested',
  'deposited',
  'not_interested',
  'invalid',
] as const;
export type SandboxStatus = (typeof SANDBOX_STATUSES)[number];

/** The longest path has this many steps after 'new'. */
export const MAX_STEPS = 3;

export type SandboxState = { status: SandboxStatus; ftd: boolean; deposit: number | null; updated_at: Date };

/**
 * ftd_percent of leads go new → no answer / call back → interested → deposited; the others end not interested or
 * invalid, and one in ten of those is interested first (a status that goes backwards, as real call centres report).
 */
export const pathOf = (id: string, ftdPercent: number): { path: SandboxStatus[]; deposit: number | null } => {
  const h = createHash('sha256').update(id).digest();
  const ftd = h.readUInt16BE(0) % 100 < ftdPercent;
  const first: SandboxStatus = h[2] % 2 ? 'call_back' : 'no_answer';
  if (ftd) return { path: ['new', first, 'interested', 'deposited'], deposit: 100 + (h[5] % 37) * 25 };
  if (h[3] % 10 === 0) return { path: ['new', first, 'interested', 'not_interested'], deposit: null };
  return { path: ['new', first, h[4] % 4 === 0 ? 'invalid' : 'not_interested'], deposit: null };
};

/** Where the lead is at `now`, and since when. */
export const stateAt = (
  lead: { id: string; createdAt: Date },
  rules: { ftd_percent: number; status_step_seconds: number },
  now: Date,
): SandboxState => {
  const { path, deposit } = pathOf(lead.id, rules.ftd_percent);
  const stepMs = rules.status_step_seconds * 1000;
  const steps = Math.max(0, Math.floor((now.getTime() - lead.createdAt.getTime()) / stepMs));
  const index = Math.min(steps, path.length - 1);
  const status = path[index];
  return {
    status,
    ftd: status === 'deposited',
    deposit: status === 'deposited' ? deposit : null,
    updated_at: new Date(lead.createdAt.getTime() + index * stepMs),
  };
};
