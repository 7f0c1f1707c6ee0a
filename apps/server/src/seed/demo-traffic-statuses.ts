import type { Rng } from './demo-traffic-random.ts';

export type Step = {
  at: number;
  from: string | null;
  to: string;
  source: 'postback' | 'staff' | 'hold' | 'fraud';
  actorId: string | null;
  reason: string;
};
type Input = { created: number; holdUntil: number; now: number; quality: number; staffId: string };

const HOLD = [
  'Checking the traffic source with the advertiser',
  'Deposit under review by the advertiser',
  'Unusual conversion rate on this sub1',
];
const REJECT = [
  'Duplicate registration',
  'Incentivised traffic, not allowed on this offer',
  'Fraud check failed: same device as an earlier lead',
  'Chargeback reported by the advertiser',
];
const CONFIRM = ['Advertiser confirmed the deposit', 'Traffic source checked, looks fine'];
const HOUR = 3_600_000;

/**
 * The status history of one conversion, as postbacks, staff and the hold job would have written it: the
 * advertiser's first status, maybe a later postback or a staff decision before the hold days run out, and
 * the automatic approval of what is still pending when they have. Nothing happens after `now`.
 * Weaker affiliates (lower quality) get more rejections.
 */
export const lifecycle = (rng: Rng, c: Input): Step[] => {
  const steps: Step[] = [];
  // An object, not a `let`: TypeScript does not see assignments made inside `go`.
  const cur = { status: null as string | null };
  const go = (at: number, to: string, source: Step['source'], reason = '', actorId: string | null = null) => {
    steps.push({ at, from: cur.status, to, source, actorId, reason });
    cur.status = to;
  };
  const rejects = 1.5 - c.quality;
  const r = rng.next();
  if (r < 0.08) go(c.created, 'approved', 'postback');
  else if (r < 0.08 + 0.05 * rejects) go(c.created, 'rejected', 'postback');
  else go(c.created, 'pending', 'postback');
  if (cur.status !== 'pending') return steps;

  const at = c.created + 600_000 + rng.next() * Math.max(0, c.holdUntil - c.created - 600_000);
  if (at <= c.now) {
    const d = rng.next();
    const rejected = 0.3 + 0.1 * rejects;
    if (d < 0.3) go(at, 'approved', 'postback');
    else if (d < rejected) go(at, 'rejected', 'postback');
    else if (d < rejected + 0.08) {
      // Some holds are still open: a staff decision is due.
      go(at, 'hold', 'staff', rng.pick(HOLD), c.staffId);
      const later = at + rng.int(2 * HOUR, 120 * HOUR);
      const e = rng.next();
      if (later <= c.now && e < 0.5) go(later, 'approved', 'staff', rng.pick(CONFIRM), c.staffId);
      else if (later <= c.now && e < 0.7) go(later, 'rejected', 'staff', rng.pick(REJECT), c.staffId);
    } else if (d < rejected + 0.11) go(at, 'rejected', 'staff', rng.pick(REJECT), c.staffId);
  }
  if (cur.status === 'pending' && c.holdUntil <= c.now) go(c.holdUntil, 'approved', 'hold', 'Hold period over');
  return steps;
};
