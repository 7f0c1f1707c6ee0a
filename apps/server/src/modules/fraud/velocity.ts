// Clicks per IP in the last minute, per (ip, offer) and per (ip, affiliate), held in this process's memory.
// Each key keeps six 10-second buckets (a sliding minute within 10 s) and the time of its last click; the map is
// bounded: past `maxKeys` the oldest-touched keys are dropped, so a flood of new IPs costs memory once, not forever
// (docs/product/fraud.md, "ip_velocity"). With several processes each counts its own share.

const BUCKET_MS = 10_000;
const BUCKETS = 6;
export const WINDOW_MS = BUCKET_MS * BUCKETS;
/**
 * About 330 bytes a key with uuid ids (measured): 200,000 keys stay under 70 MB and hold every key of a minute up to
 * about 1,600 new IPs a second; past that the oldest keys go first, which only under-counts.
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
  // A Map iterates in insertion order; a key is re-inserted when touched, so the first key is the oldest touched.
  private readonly keys = new Map<string, Entry>();

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
    return this.keys.size;
  }

  private touch(key: string, at: number): { count: number; gapMs: number | null } {
    let entry = this.keys.get(key);
    if (entry) this.keys.delete(key);
    else {
      entry = new Float64Array(2 * BUCKETS + 1);
      entry.fill(Number.NEGATIVE_INFINITY, 0, BUCKETS);
      entry[LAST] = Number.NaN;
      while (this.keys.size >= this.maxKeys) this.keys.delete(this.keys.keys().next().value!);
    }
    this.keys.set(key, entry);
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
