/**
 * Per API key, in this process: a sliding window approximated from two fixed minute windows (the previous one
 * weighted by how much of it still overlaps). A key's integration hammering the API cannot starve the others,
 * and no database round trip is added to the hot path; several processes each allow the limit.
 */
export const createKeyRateLimiter = (perMinute: number, windowMs = 60_000) => {
  const windows = new Map<string, { start: number; current: number; previous: number }>();
  return {
    /** Counts the request; returns 0 when allowed, else the seconds to wait (Retry-After). */
    hit(key: string, now = Date.now()): number {
      const start = now - (now % windowMs);
      let w = windows.get(key);
      if (!w || w.start < start - windowMs) w = { start, current: 0, previous: 0 };
      else if (w.start < start) w = { start, current: 0, previous: w.current };
      windows.set(key, w);
      const overlap = 1 - (now - start) / windowMs;
      if (w.previous * overlap + w.current >= perMinute) return Math.max(1, Math.ceil((start + windowMs - now) / 1000));
      w.current += 1;
      return 0;
    },
  };
};
export type KeyRateLimiter = ReturnType<typeof createKeyRateLimiter>;
