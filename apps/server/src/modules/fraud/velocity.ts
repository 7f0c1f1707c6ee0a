// Clicks per IP in the last minute, per (ip, offer) and per (ip, affiliate), held in this process's memory.
// Each key keeps six 10-second buckets (a sliding minute within 10 s) and the time of its last click; the keys are
// bounded: two generations of `maxKeys / 2`, the older dropped whole when the newer fills, so a flood of new IPs
// costs memory once, not forever (docs/product/fraud.md, "Velocity"). With several processes each counts its own share.

const BUCKET_MS = 10_000;
const BUCKETS = 6;
export const WINDOW_MS = BUCKET_MS * BUCKETS;
/**
 * About 330 bytes a key with uuid ids (measured): 200,000 keys stay under 70 MB. A key lives at least until 100,000
 * newer keys came (two a new IP): every key of a minute up to about 800 new IPs a second; past that a key left
 * untouched while the newer generation filled twice is dropped with the older one, which only under-counts.
 */
export const VELOCITY_MAX_KEYS = 200_000;

// One typed array a key: [0..5] the bucket's 10-second slot number, [6..11] its count, [12] the last click's time.
type Entry = Float64Array;
const COUNT = BUCKETS;
const LAST = 2 * BUCKETS;

export type VelocityCount = {
  /** Clicks from this IP on this offer in the last minute, this one included. */
  perOffer: number;
  perAffiliate: number;
  /** Milliseconds since the previous click from this IP on this offer, or null for the first. */
  gapMs: number | null;
};

export class VelocityCounter {
  // Not one Map kept in touch order: dropping its first key after many deletes makes V8 skip every deleted slot
  // before it, which cost up to half a millisecond a click under a flood of new IPs. A key touched in the older
  // generation moves to the newer one.
  private current = new Map<string, Entry>();
  private previous = new Map<string, Entry>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxKeys = VELOCITY_MAX_KEYS,
  ) {}

  /** Counts one click and answers the counts including it. */
  hit(ip: string, offerId: string, affiliateId: string): VelocityCount {
    const at = this.now();
    const offer = this.touch(`o|${ip}|${offerId}`, at);
    const affiliate = this.touch(`a|${ip}|${affiliateId}`, at);
    return { perOffer: offer.count, perAffiliate: affiliate.count, gapMs: offer.gapMs };
  }

  get size(): number {
    return this.current.size + this.previous.size;
  }

  private entry(key: string): Entry {
    const hot = this.current.get(key);
    if (hot) return hot;
    let entry = this.previous.get(key);
    if (entry) this.previous.delete(key);
    else {
      entry = new Float64Array(2 * BUCKETS + 1);
      entry.fill(Number.NEGATIVE_INFINITY, 0, BUCKETS);
      entry[LAST] = Number.NaN;
    }
    if (this.current.size >= Math.max(1, this.maxKeys >> 1)) {
      this.previous = this.current;
      this.current = new Map();
    }
    this.current.set(key, entry);
    return entry;
  }

  private touch(key: string, at: number): { count: number; gapMs: number | null } {
    const entry = this.entry(key);
    const slot = Math.floor(at / BUCKET_MS);
    const i = slot % BUCKETS;
    if (entry[i] !== slot) {
      entry[i] = slot;
      entry[COUNT + i] = 0;
    }
    entry[COUNT + i]! += 1;
    let count = 0;
    for (let j = 0; j < BUCKETS; j++) if (entry[j]! > slot - BUCKETS) count += entry[COUNT + j]!;
    // A clock that steps back (NTP) gives no gap rather than a negative one.
    const last = entry[LAST]!;
    const gapMs = Number.isNaN(last) || at < last ? null : at - last;
    entry[LAST] = at;
    return { count, gapMs };
  }
}
