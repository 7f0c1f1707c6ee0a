import type { FraudReason } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../lib/audit.ts';

// Clicks sent to trafficback for fraud are audited as one row per offer and affiliate a minute, not one per click:
// a bot flood would bury everything else in the log. Each click's own row (reason `fraud`, score, reasons) stays the
// record of that click (docs/decisions/053-click-action-audit.md).

const FLUSH_MS = 60_000;
/** The click ids named in a summary row; the click log finds the rest by offer, affiliate and reason. */
const IDS_KEPT = 10;

type Tally = {
  offerId: string;
  affiliateId: string | null;
  count: number;
  firstAt: number;
  lastAt: number;
  clickIds: string[];
  reasons: Map<FraudReason['code'], { count: number; detail: string }>;
};

export class ClickActionAudit {
  private tallies = new Map<string, Tally>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void,
  ) {}

  start() {
    this.timer ??= setInterval(() => void this.flush().catch(this.onError), FLUSH_MS);
    this.timer.unref();
  }

  /** One click sent to trafficback for fraud; nothing is written until the next flush. */
  note(offerId: string, affiliateId: string | null, clickId: string, at: number, reasons: readonly FraudReason[]) {
    const key = `${offerId}|${affiliateId ?? ''}`;
    let t = this.tallies.get(key);
    if (!t) {
      t = { offerId, affiliateId, count: 0, firstAt: at, lastAt: at, clickIds: [], reasons: new Map() };
      this.tallies.set(key, t);
    }
    t.count += 1;
    t.lastAt = at;
    if (t.clickIds.length < IDS_KEPT) t.clickIds.push(clickId);
    for (const r of reasons) {
      const seen = t.reasons.get(r.code);
      // The latest detail of each signal: it says what the last click of the minute showed.
      t.reasons.set(r.code, { count: (seen?.count ?? 0) + 1, detail: r.detail });
    }
  }

  /** Writes one audit row per offer and affiliate noted since the last flush. */
  async flush() {
    if (!this.tallies.size) return;
    const tallies = [...this.tallies.values()];
    this.tallies = new Map();
    for (const t of tallies)
      await writeAudit(this.db, {
        action: 'fraud_action',
        subjectId: t.affiliateId,
        details: {
          on: 'click',
          action: 'trafficback',
          offer_uuid: t.offerId,
          count: t.count,
          first_at: new Date(t.firstAt).toISOString(),
          last_at: new Date(t.lastAt).toISOString(),
          click_uuids: t.clickIds,
          reasons: [...t.reasons].map(([code, r]) => ({ code, clicks: r.count, detail: r.detail })),
        },
      });
  }

  /** Stops the timer and writes what is left (app close). */
  async close() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }
}
