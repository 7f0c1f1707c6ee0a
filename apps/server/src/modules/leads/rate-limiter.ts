import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * The lead API's limit per API key, shared by every process on the database (docs/decisions/031-shared-lead-limits.md).
 * A sliding window approximated from two fixed windows of the database clock: the previous window weighs in by how
 * much of it still overlaps. A process leases a slice of the key's allowance from `rate_limits` in one statement and
 * spends it in memory, so most requests cost no database round trip; grants are taken under the row's lock and never
 * add up past the allowance, so all processes together never admit more than the limit. Budget a process leased and
 * did not spend is lost to the others until the window ends (at most about a slice and a quarter per process).
 */
export type LeaseOptions = { max: number; slice: number; windowSec: number; at?: Date };
export type Lease = { window: number; granted: number; msLeft: number };

const keyPrefix = (key: string) => `lead-api:${key}:`;

/**
 * One lease: up to `slice` of what the window still allows (`max` less the previous window's share still
 * overlapping, less what this window granted already), rounded down: rounding up let a burst across a window's end
 * through one over the limit. Two rows per key, one per window parity, each reused two
 * windows later, so nothing needs pruning.
 */
export const leaseBudget = async (db: Db, key: string, o: LeaseOptions): Promise<Lease> => {
  const prefix = keyPrefix(key);
  const at = o.at ? o.at.toISOString() : null;
  for (let tries = 0; ; tries += 1) {
    const { rows } = await db.execute<{ upd: number | null; ins: number | null; n: string; ms_left: number }>(sql`
      with w as (
        select t, floor(extract(epoch from t) / ${o.windowSec}::int)::bigint as n
        from (select coalesce(${at}::timestamptz, now()) as t) x
      ), prev as (
        select least(r.hits, ${o.max}::int) as hits from rate_limits r, w
        where r.key = ${prefix}::text || ((w.n - 1) % 2) and r.window_start = to_timestamp((w.n - 1) * ${o.windowSec}::int)
      ), allow as (
        select w.t, w.n, to_timestamp(w.n * ${o.windowSec}::int) as ws, floor(${o.max}::int - coalesce((select hits from prev), 0)
          * (1 - (extract(epoch from w.t) - w.n * ${o.windowSec}::int) / ${o.windowSec}::int))::int as a
        from w
      ), old as (
        select r.key, case when r.window_start >= allow.ws then r.hits else 0 end as used
        from rate_limits r, allow where r.key = ${prefix}::text || (allow.n % 2) for update of r
      ), upd as (
        update rate_limits r set hits = old.used + greatest(0, least(${o.slice}::int, allow.a - old.used)),
          window_start = greatest(r.window_start, allow.ws)
        from old, allow where r.key = old.key
        returning greatest(0, least(${o.slice}::int, allow.a - old.used)) as granted
      ), ins as (
        insert into rate_limits (key, window_start, hits)
        select ${prefix}::text || (allow.n % 2), allow.ws, greatest(0, least(${o.slice}::int, allow.a))
        from allow where not exists (select 1 from old)
        on conflict (key) do nothing
        returning hits as granted
      )
      select (select granted from upd) as upd, (select granted from ins) as ins, allow.n::text as n,
        ((allow.n + 1) * ${o.windowSec}::int - extract(epoch from allow.t)) * 1000 as ms_left
      from allow`);
    const r = rows[0];
    const granted = r.upd ?? r.ins;
    // Both null: another process made this window's row between our read and our insert; its lock decides now.
    if (granted !== null || tries >= 3)
      return { window: Number(r.n), granted: Number(granted ?? 0), msLeft: Math.max(0, Number(r.ms_left)) };
  }
};

type KeyState = {
  window: number;
  budget: number;
  /** Local clock: the window's end, after which unspent budget is dropped (it counted in its own window). */
  until: number;
  refusedUntil: number;
  retryAfter: number;
  leasing: Promise<void> | null;
};

/** While a key is refused, a process asks again at most this often; requests meanwhile are refused from memory. */
const REFUSED_RECHECK_MS = 1000;

export const createKeyRateLimiter = (db: Db, perMinute: number, windowMs = 60_000) => {
  // Small enough that processes holding unspent slices keep little of the limit from each other, large enough that
  // a key at its full rate leases about a hundred times a window.
  const slice = Math.max(1, Math.min(1000, Math.ceil(perMinute / 100)));
  const keys = new Map<string, KeyState>();
  const stateOf = (key: string) => {
    let s = keys.get(key);
    if (!s) {
      s = { window: -1, budget: 0, until: 0, refusedUntil: 0, retryAfter: 1, leasing: null };
      keys.set(key, s);
    }
    return s;
  };
  const lease = (key: string, s: KeyState) => {
    s.leasing ??= (async () => {
      const started = Date.now();
      const got = await leaseBudget(db, key, { max: perMinute, slice, windowSec: windowMs / 1000 });
      const until = started + got.msLeft;
      if (got.window > s.window) Object.assign(s, { window: got.window, budget: 0 });
      if (got.window === s.window) {
        s.budget += got.granted;
        s.until = until;
      }
      if (got.granted === 0) {
        s.refusedUntil = Math.min(until, Date.now() + REFUSED_RECHECK_MS);
        s.retryAfter = Math.max(1, Math.ceil(got.msLeft / 1000));
      }
    })().finally(() => {
      s.leasing = null;
    });
    return s.leasing;
  };
  return {
    /** Counts the request; resolves 0 when allowed, else the seconds to wait (Retry-After). */
    async hit(key: string): Promise<number> {
      const s = stateOf(key);
      for (;;) {
        const now = Date.now();
        if (s.budget > 0 && now < s.until) {
          s.budget -= 1;
          // The next slice is asked for before this one runs out, so a busy key rarely waits on the database.
          if (slice > 3 && s.budget <= slice / 4 && !s.leasing) void lease(key, s).catch(() => {});
          return 0;
        }
        if (now < s.refusedUntil) return s.retryAfter;
        await lease(key, s);
      }
    },
  };
};
export type KeyRateLimiter = ReturnType<typeof createKeyRateLimiter>;
