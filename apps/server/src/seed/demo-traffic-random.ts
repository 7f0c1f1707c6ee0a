// A seeded random source for the demo traffic: the same seed gives the same traffic on every run (Math.random would not).

export type Rng = {
  /** Uniform in [0, 1). */
  next: () => number;
  /** Uniform integer in [min, max]. */
  int: (min: number, max: number) => number;
  chance: (p: number) => boolean;
  pick: <T>(list: readonly T[]) => T;
  /** Exponentially distributed with the given mean (waiting times). */
  exp: (mean: number) => number;
};

/** mulberry32: tiny and fast, good enough for spreading demo data (not for anything secret). */
export const createRng = (seed: number): Rng => {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (list) => list[Math.floor(next() * list.length)],
    exp: (mean) => -Math.log(1 - next()) * mean,
  };
};

/** A weighted choice in O(log n): cumulative weights and a binary search. */
export const weighted = <T>(items: readonly T[], weights: readonly number[]) => {
  const cumulative: number[] = [];
  let total = 0;
  for (const w of weights) cumulative.push((total += Math.max(0, w)));
  return (rng: Rng): T => {
    const x = rng.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] > x) hi = mid;
      else lo = mid + 1;
    }
    return items[lo];
  };
};
