import type { CapRow } from '../modules/offers/index.ts';
import { DAY_MS } from './demo-traffic-plan.ts';

type Fields = { country: string | null; device: string | null; os: string | null; affiliateId: string };

// Periods are cut in the demo's time zone (Europe/Kyiv); a fixed +3 h is close enough for spreading demo data.
const TZ_MS = 3 * 3_600_000;

const periodKey = (period: string, at: number) => {
  const local = at + TZ_MS;
  if (period === 'day') return Math.floor(local / DAY_MS);
  // 1970-01-01 was a Thursday; weeks start on Monday like date_trunc('week').
  if (period === 'week') return Math.floor((local + 3 * DAY_MS) / (7 * DAY_MS));
  if (period === 'month') {
    const d = new Date(local);
    return d.getUTCFullYear() * 12 + d.getUTCMonth();
  }
  return 0;
};

/**
 * Keeps the demo's clicks, leads and conversions within the offers' caps, as the live checks would: a click
 * that meets a full cap goes to trafficback, a conversion over one is in the trafficback flow, a lead over one
 * is not sent. The current period is kept at most half full, so clicks and postbacks made in the panel right
 * after seeding are not refused for a full cap.
 */
export class CapGuard {
  private readonly counts = new Map<string, number>();

  constructor(
    private readonly caps: CapRow[],
    private readonly now: number,
  ) {}

  /** The counter of the cap's period at `at`, and how far it may go (half the limit in the current period). */
  private slot(c: CapRow, at: number): [string, number] {
    const key = periodKey(c.period, at);
    return [`${c.id}|${key}`, key === periodKey(c.period, this.now) ? Math.floor(c.limit / 2) : c.limit];
  }

  private applying(offerId: string, metric: string | null, f: Fields) {
    return this.caps.filter(
      (c) =>
        c.offerId === offerId &&
        (!metric || c.metric === metric) &&
        (!c.geo || c.geo === f.country) &&
        (!c.device || c.device === f.device) &&
        (!c.os || c.os === f.os) &&
        (!c.affiliateId || c.affiliateId === f.affiliateId),
    );
  }

  /** Room left in every cap of the offer (of one metric, or of all) that the event falls under. */
  fits(offerId: string, metric: string | null, at: number, f: Fields) {
    return this.applying(offerId, metric, f).every((c) => {
      const [k, limit] = this.slot(c, at);
      return (this.counts.get(k) ?? 0) < limit;
    });
  }

  count(offerId: string, metric: string, at: number, f: Fields) {
    for (const c of this.applying(offerId, metric, f)) {
      const [k] = this.slot(c, at);
      this.counts.set(k, (this.counts.get(k) ?? 0) + 1);
    }
  }

  /** Counts the event when it fits; answers whether it did. */
  admit(offerId: string, metric: string, at: number, f: Fields) {
    if (!this.fits(offerId, metric, at, f)) return false;
    this.count(offerId, metric, at, f);
    return true;
  }
}
