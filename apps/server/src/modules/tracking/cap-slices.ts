import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { capCount, type CapRow } from '../offers/index.ts';

export type CapAt = { cap: CapRow; key: string; timeZone: string };

type Slice = {
  /** Clicks this process may still let through under the cap in this period. */
  left: number;
  /** The last lease found the cap full: no new lease is asked before this time. */
  fullUntil: number;
  leasing: Promise<void> | null;
  lastGrant: number;
  lastUse: number;
};

/** The largest slice one lease takes, so a process holding clicks it never uses keeps the others waiting for little. */
const MAX_SLICE = 50;
/** A full cap is asked again at most this often per process (another process may give clicks back). */
const FULL_RECHECK_MS = 1000;
/** Clicks held this long without use go back to the shared counter for the other processes. */
const IDLE_MS = 3000;

/**
 * Click caps held across processes (docs/product/tracking.md, docs/decisions/032-several-processes.md): the counter of
 * a cap and period lives in `click_cap_counters`; each process leases a slice of what is left with one atomic UPDATE
 * and lets clicks through from its slice without a round trip, leasing the next one before it runs out. The total
 * leased never exceeds the limit, so all processes together never let more clicks through than the cap.
 */
export class CapSlices {
  private readonly slices = new Map<string, Slice>();
  private readonly tidying: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void = () => {},
  ) {
    this.tidying = setInterval(() => void this.giveBackIdle().catch(() => {}), IDLE_MS);
    this.tidying.unref();
  }

  private slice(key: string): Slice {
    let s = this.slices.get(key);
    if (!s) this.slices.set(key, (s = { left: 0, fullUntil: 0, leasing: null, lastGrant: 0, lastUse: Date.now() }));
    return s;
  }

  /** What this process may still let through under the cap; 0 means full as far as it knows. */
  left(key: string) {
    return this.slices.get(key)?.left ?? 0;
  }

  /**
   * Null when each cap has a click in hand or is known full; else a lease to wait for, after which the caller asks
   * again (clicks running alongside may spend a fresh slice first). The caller decides and takes in the same
   * synchronous step that got null, so no other click can spend its click in between.
   */
  need(caps: CapAt[]): Promise<unknown> | null {
    const now = Date.now();
    const wanted = caps.filter(({ key }) => {
      const s = this.slice(key);
      return s.left <= 0 && s.fullUntil <= now;
    });
    return wanted.length ? Promise.all(wanted.map((c) => this.lease(c))) : null;
  }

  /** Spends one click of the slice; leases the next one in the background when it runs low. */
  take(at: CapAt) {
    const s = this.slice(at.key);
    s.left -= 1;
    s.lastUse = Date.now();
    if (s.left <= s.lastGrant / 2 && !s.leasing && s.fullUntil <= s.lastUse) void this.lease(at);
  }

  /**
   * Never rejects: with the database away the cap cannot be shared, so it counts as full for a second (the click goes
   * to trafficback with `cap_reached`) rather than failing the redirect or passing the cap unchecked.
   */
  private lease(at: CapAt): Promise<void> {
    const s = this.slice(at.key);
    s.leasing ??= this.leaseOnce(at, s)
      .catch((err) => {
        s.fullUntil = Date.now() + FULL_RECHECK_MS;
        this.onError(err);
      })
      .finally(() => {
        s.leasing = null;
      });
    return s.leasing;
  }

  private async leaseOnce({ cap, key, timeZone }: CapAt, s: Slice) {
    const period = key.slice(key.indexOf('|') + 1);
    const grant = () =>
      this.db.execute<{ granted: number }>(sql`
        with got as (
          select least(${MAX_SLICE}, greatest(0, ${cap.limit} - taken), greatest(1, ceil((${cap.limit} - taken) / 8.0)))::int as n
          from click_cap_counters where cap_id = ${cap.id} and period_key = ${period} for update
        )
        update click_cap_counters c set taken = c.taken + got.n, updated_at = now() from got
        where c.cap_id = ${cap.id} and c.period_key = ${period}
        returning got.n as granted`);
    let { rows } = await grant();
    if (!rows.length) {
      // The first lease of a period starts the counter from the clicks already stored (a cap added mid-day).
      await this.db.execute(sql`
        insert into click_cap_counters (cap_id, period_key, taken)
        values (${cap.id}, ${period}, ${capCount(cap, timeZone)}) on conflict do nothing`);
      ({ rows } = await grant());
    }
    const granted = Number(rows[0]?.granted ?? 0);
    s.left += granted;
    s.lastGrant = granted;
    s.fullUntil = granted ? 0 : Date.now() + FULL_RECHECK_MS;
  }

  /** Hands unused clicks back so a process with traffic can have them; at shutdown, all of them. */
  async giveBackIdle(all = false) {
    const now = Date.now();
    for (const [key, s] of this.slices) {
      if (s.leasing || (!all && now - s.lastUse < IDLE_MS)) continue;
      const n = s.left;
      this.slices.delete(key);
      if (n <= 0) continue;
      const [capId, period] = key.split('|');
      await this.db.execute(sql`
        update click_cap_counters set taken = greatest(0, taken - ${n}), updated_at = now()
        where cap_id = ${capId} and period_key = ${period}`);
    }
  }

  async close() {
    clearInterval(this.tidying);
    await Promise.all([...this.slices.values()].map((s) => s.leasing?.catch(() => {})));
    await this.giveBackIdle(true);
  }
}
