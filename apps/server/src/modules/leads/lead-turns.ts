/**
 * How many leads of this process may be at their database work at once (intake, routing steps, recording a buyer's
 * answer), so that thousands of leads in flight never queue thousands of statements on the hot pool: clicks'
 * cache loads and cap leases, postbacks and jobs share that pool and would wait behind them
 * (docs/decisions/031-shared-lead-limits.md). A lead gives its turn back while a buyer answers, so a slow buyer holds
 * none. Leads already stored (routing, recording an answer) go before new ones: finishing work frees the most.
 */
export class LeadTurns {
  private free: number;
  private readonly stored: (() => void)[] = [];
  private readonly fresh: (() => void)[] = [];

  constructor(readonly limit: number) {
    this.free = limit;
  }

  /** A turn of one lead, taken and given back around its waits; `release` is safe to call when not held. */
  turn(stored: boolean) {
    let held = false;
    return {
      acquire: async () => {
        if (held) return;
        if (this.free > 0) this.free -= 1;
        else await new Promise<void>((r) => (stored ? this.stored : this.fresh).push(r));
        held = true;
      },
      release: () => {
        if (!held) return;
        held = false;
        const next = this.stored.shift() ?? this.fresh.shift();
        if (next) next();
        else this.free += 1;
      },
    };
  }

  /** Leads waiting for a turn now. */
  get waiting() {
    return this.stored.length + this.fresh.length;
  }
}
export type LeadTurn = ReturnType<LeadTurns['turn']>;

/** Most of the pool: the rest stays free for the other hot paths. */
export const turnsFor = (poolMax: number) => new LeadTurns(Math.max(1, Math.ceil(poolMax * 0.6)));
