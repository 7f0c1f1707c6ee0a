import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import type { LeadCache, LeadRow } from '../leads/index.ts';
import {
  activeDistributions,
  Leases,
  nextLeads,
  readDistribution,
  sentSince,
  WorkSlots,
  type Found,
} from './distribution-lease.ts';
import { claimStoredLead } from './distribution-send.ts';
import { addDays, pickInterval, windowAt, zonedInstant } from './distribution-schedule.ts';

// The runner (docs/product/cold-api.md, "Re-Cold API distributions"): each active distribution is run by one process
// at a time, the holder of its lease in PostgreSQL (lease_owner, lease_until), so several processes share the work and
// a stopped process's distributions are taken over once its lease runs out.

export { LEASE_MS } from './distribution-lease.ts';
/** Renewed well inside the lease, by a timer: one send with its lookup may outlast a lease. */
const RENEW_MS = 10_000;
/** A pause, a resume elsewhere or a status change is seen within this. */
const POLL_MS = 1_000;
/** Waiting for leads added to the list later, or for the window to open. */
const IDLE_MS = 5_000;
/**
 * The row (and its rule) is read again before a send when older than this, or at once after a change made in this
 * process; a pause made elsewhere stops the sends within it.
 */
const REREAD_MS = 250;
/**
 * Claim transactions of all distributions at once in this process: they share the hot pool with the lead API
 * (docs/decisions/017-starvation-crash-lockout.md), which must not queue behind re-sends.
 */
const CLAIMS_AT_ONCE = 4;
/** With pauses of 0 the last send's time is written at most this often (one statement less per send). */
const NOTE_MS = 1_000;
/**
 * The pause is measured from the start of the previous send, so a send slower than the pause overlaps the next one,
 * and with no pause the next lead is claimed while the previous ones are: at most this many claims and sends of one
 * distribution are under way (each send is also under its product's own concurrency limit).
 */
export const IN_FLIGHT = 8;

export type Clock = () => Date;
type Warn = (err: unknown, msg: string) => void;
type Held = { wake: () => void; done: Promise<void> };
/** One distribution's loop while this process holds its lease. `sent`: the start of the latest send made; `noted`: the one written to the row. */
type Loop = { sleep: (ms: number) => Promise<void>; stale: boolean; sent?: Date; noted?: Date };
/** A loop's turn state. `inFlight`: claims and sends under way; `claiming`: claims not yet committed. */
type Turns = {
  id: string;
  loop: Loop;
  inFlight: Set<Promise<void>>;
  claiming: Set<Promise<unknown>>;
  batch: LeadRow[];
  waiting: string | null;
  found?: Found;
  readAt: number;
  notedAt: number;
};

/** What the Cold API's routes and jobs use of the app's runtime services (services.ts builds and stops the runner). */
export type ColdServices = { services: { coldRunner: ColdRunner } };

/** This process's runner of Cold API distributions: one per app, made at start on the hot pool (services.ts). */
export class ColdRunner {
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly db: Db;
  private readonly leases: Leases;
  private readonly holds = new Map<string, Held>();
  /** Held here, but the lease renewal found another owner: the loop ends at its next turn. */
  private readonly lost = new Set<string>();
  private readonly claims = new WorkSlots(CLAIMS_AT_ONCE);
  private readonly renewer: NodeJS.Timeout;
  private clock: Clock = () => new Date();
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: AppDeps,
    private readonly cache: LeadCache,
    private readonly warn: Warn,
  ) {
    this.db = deps.db;
    this.leases = new Leases(deps.db, this.owner);
    this.renewer = setInterval(() => this.renewLeases(), RENEW_MS);
    this.renewer.unref();
  }

  /** Takes each active distribution no live process holds; also retried when the nearest foreign lease runs out. */
  async sweep() {
    if (this.stopped) return;
    const rows = await activeDistributions(this.db);
    let nearest = Infinity;
    for (const r of rows) {
      if (this.holds.has(r.id)) continue;
      if (await this.leases.take(r.id)) this.hold(r.id);
      else if (r.leaseUntil) nearest = Math.min(nearest, r.leaseUntil.getTime());
    }
    if (nearest < Infinity && !this.stopped) {
      if (this.retry) clearTimeout(this.retry);
      this.retry = setTimeout(
        () => void this.sweep().catch((err) => this.warn(err, 'cold distribution sweep failed')),
        Math.max(100, nearest - Date.now() + 200),
      );
      this.retry.unref();
    }
  }

  /** On create or resume: this process takes it at once (unless another holds it), or wakes its loop. */
  async kick(id: string) {
    const h = this.holds.get(id);
    if (h) return h.wake();
    if (!this.stopped && (await this.leases.take(id))) this.hold(id);
  }

  /** A status change made here is seen at once; other processes see it within POLL_MS. */
  wake(id: string) {
    this.holds.get(id)?.wake();
  }

  setClock(c: Clock) {
    this.clock = c;
  }

  held() {
    return [...this.holds.keys()];
  }

  /** App close: loops end after their current send, leases are released. */
  async stop() {
    this.stopped = true;
    clearInterval(this.renewer);
    if (this.retry) clearTimeout(this.retry);
    const all = [...this.holds.values()];
    for (const h of all) h.wake();
    await Promise.all(all.map((h) => h.done));
  }

  private renewLeases() {
    const ids = [...this.holds.keys()];
    this.leases.renew(ids).then(
      (kept) => {
        for (const id of ids) if (!kept.includes(id)) this.lost.add(id);
      },
      (err) => this.warn(err, 'renewing cold distribution leases failed'),
    );
  }

  private hold(id: string) {
    let timer: NodeJS.Timeout | null = null;
    let resolveSleep: (() => void) | null = null;
    const loop: Loop = {
      stale: true,
      sleep: (ms: number) =>
        this.stopped
          ? Promise.resolve()
          : new Promise<void>((resolve) => {
              resolveSleep = resolve;
              timer = setTimeout(wake, ms);
            }),
    };
    const wake = () => {
      loop.stale = true;
      if (timer) clearTimeout(timer);
      timer = null;
      resolveSleep?.();
      resolveSleep = null;
    };
    const done = this.run(id, loop)
      .catch((err) => this.warn(err, 'a cold distribution stopped on an error'))
      .finally(async () => {
        this.holds.delete(id);
        this.lost.delete(id);
        await this.leases.release(id).catch(() => {});
      });
    this.holds.set(id, { wake, done });
  }

  private async run(id: string, loop: Loop) {
    const t: Turns = {
      id,
      loop,
      inFlight: new Set(),
      claiming: new Set(),
      batch: [],
      waiting: null,
      readAt: 0,
      notedAt: 0,
    };
    try {
      await this.turns(t);
    } finally {
      await Promise.all(t.inFlight);
      if (loop.sent && loop.sent !== loop.noted) await this.noteSent(id, loop, loop.sent).catch(() => {});
    }
  }

  private async noteSent(id: string, loop: Loop, nextSendAt: Date) {
    const sent = loop.sent!;
    loop.noted = sent;
    await this.leases.note(id, { lastSendAt: sent, nextSendAt, waiting: null });
  }

  /** Says on the row what the loop waits for (once per change of the text), then sleeps. */
  private async wait(t: Turns, text: string | null, next: Date | null, ms: number) {
    if (text !== t.waiting) {
      t.waiting = text;
      await this.leases.note(t.id, { waiting: text, nextSendAt: next, updatedAt: new Date() });
    }
    await t.loop.sleep(ms);
    t.loop.stale = true;
  }

  private async turns(t: Turns) {
    const { id, loop, claiming } = t;
    while (!this.stopped && !this.lost.has(id)) {
      if (loop.stale || !t.found || Date.now() - t.readAt > REREAD_MS) {
        loop.stale = false;
        t.readAt = Date.now();
        t.found = await readDistribution(this.db, id);
      }
      const found = t.found;
      if (!found || found.d.status !== 'active' || found.d.leaseOwner !== this.owner) return;
      const { d } = found;
      // As the lead API refuses leads for an offer that is not active, re-sends wait for it.
      if (found.offerStatus !== 'active') {
        await this.wait(t, `The offer ${found.offer} is not active`, null, POLL_MS);
        continue;
      }
      const now = this.clock();
      const w = windowAt(d, now);
      if (!w.open) {
        if (w.ended) {
          await this.leases.note(id, { status: 'done', waiting: null, nextSendAt: null, updatedAt: new Date() });
          return;
        }
        const ms = Math.min(IDLE_MS, Math.max(0, (w.next?.getTime() ?? Infinity) - now.getTime()));
        await this.wait(t, w.waiting, w.next, ms);
        continue;
      }
      // Claims still being made count as sends until they say otherwise (a skip does not count). Their number is
      // taken before the count is read: a claim committing meanwhile is then counted twice (and checked again once
      // the claims settle), never not at all.
      const unsettled = claiming.size;
      if (d.dailyLimit !== null && (await sentSince(this.db, id, w.dayStart)) + unsettled >= d.dailyLimit) {
        // Counted with claims under way: reached only if it still is once they have settled.
        if (unsettled) {
          if (claiming.size) await Promise.race(claiming);
          continue;
        }
        const tomorrow = zonedInstant(addDays(w.today, 1), 0, d.timeZone);
        const then = windowAt(d, tomorrow);
        await this.wait(t, `Daily limit of ${d.dailyLimit} reached`, then.open ? tomorrow : then.next, IDLE_MS);
        continue;
      }
      const due = d.nextSendAt?.getTime() ?? 0;
      if (due > now.getTime()) {
        await loop.sleep(Math.min(POLL_MS, due - now.getTime()));
        loop.stale = true;
        continue;
      }
      if (!t.batch.length) t.batch = await nextLeads(this.db, d);
      const lead = t.batch.shift();
      if (!lead) {
        await this.wait(t, 'Every lead of the list is taken', null, IDLE_MS);
        continue;
      }
      await this.send(t, found, lead);
    }
  }

  /** Claims the lead and sends its copy; returns once the next lead may be claimed (at once, or after the pause). */
  private async send(t: Turns, found: Found, lead: LeadRow) {
    const { id, loop, inFlight, claiming } = t;
    const { d, rule } = found;
    const started = this.clock();
    // The first call to a buyer of this send; the pause runs from it (docs/decisions/026-cold-api.md).
    let firstCall: (at: Date) => void = () => {};
    const called = new Promise<Date>((resolve) => {
      firstCall = resolve;
    });
    const claim = this.claims.run(() => claimStoredLead(this.deps, this.cache, d, rule, lead, started));
    const claimed: Promise<unknown> = claim.then(
      () => claiming.delete(claimed),
      () => claiming.delete(claimed),
    );
    claiming.add(claimed);
    const sending: Promise<void> = claim
      .then((out) => {
        if (out.kind !== 'copy') return null;
        if (!loop.sent || loop.sent < started) loop.sent = started;
        return out.send(() => firstCall(this.clock()));
      })
      .then(
        () => {},
        (err: unknown) => this.warn(err, 'a cold send failed; the lead recovery settles its copy'),
      )
      .finally(() => inFlight.delete(sending));
    inFlight.add(sending);
    t.waiting = null;
    if (d.intervalMax === 0) {
      // No pause: the next lead is claimed while this one is (a skip costs no pause either way); the last send's
      // time is written at most every NOTE_MS.
      if (loop.sent && loop.sent !== loop.noted && Date.now() - t.notedAt > NOTE_MS) {
        t.notedAt = Date.now();
        await this.noteSent(id, loop, loop.sent);
      }
      if (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
      return;
    }
    // With a pause, only a send starts it: a skipped lead lets the next one go at once.
    const out = await claim.catch(() => null);
    if (out?.kind !== 'copy') return;
    // Measured from the real call, not from the claim: the claim's and the routing's database work before it may
    // take any time on a busy machine, and the next call must still come a whole pause after this one. A send that
    // reached no buyer (hours, caps) counts from when it was taken.
    const callAt = await Promise.race([called, sending.then(() => null)]);
    const from = callAt ?? started;
    if (callAt && loop.sent === started) loop.sent = callAt;
    const nextSendAt = new Date(from.getTime() + pickInterval(d.intervalMin, d.intervalMax));
    t.found = { ...found, d: { ...d, lastSendAt: from, nextSendAt, waiting: null } };
    await this.noteSent(id, loop, nextSendAt);
    if (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
  }
}
