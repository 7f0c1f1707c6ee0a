import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { coldDistributions, coldListLeads, coldRules, coldSends, leads, offers } from '../../db/schema.ts';
import type { LeadCache } from '../leads/lead-cache.ts';
import type { LeadRow } from '../leads/lead-intake.ts';
import { claimStoredLead, type DistributionRow } from './distribution-send.ts';
import { sendableBy } from './distribution-scope.ts';
import { addDays, pickInterval, windowAt, zonedInstant } from './distribution-schedule.ts';

// The runner (docs/product/cold-api.md, "Re-Cold API distributions"): each active distribution is run by one process
// at a time, the holder of its lease in PostgreSQL (lease_owner, lease_until), so several processes share the work and
// a stopped process's distributions are taken over once its lease runs out.

export const LEASE_MS = 30_000;
/** Renewed well inside the lease, by a timer: one send with its lookup may outlast a lease. */
const RENEW_MS = 10_000;
/** A pause, a resume elsewhere or a status change is seen within this. */
const POLL_MS = 1_000;
/** Waiting for leads added to the list later, or for the window to open. */
const IDLE_MS = 5_000;
const BATCH = 200;
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
type Held = { wake: () => void; done: Promise<void> };

export type ColdRunner = ReturnType<typeof createColdRunner>;

export const createColdRunner = (deps: AppDeps, cache: LeadCache, warn: (err: unknown, msg: string) => void) => {
  const { db } = deps;
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const held = new Map<string, Held>();
  let clock: Clock = () => new Date();
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;

  const leaseUntil = sql`now() + make_interval(secs => ${LEASE_MS / 1000})`;
  const take = async (id: string) =>
    (
      await db
        .update(coldDistributions)
        .set({ leaseOwner: owner, leaseUntil })
        .where(
          and(
            eq(coldDistributions.id, id),
            eq(coldDistributions.status, 'active'),
            or(
              isNull(coldDistributions.leaseUntil),
              lt(coldDistributions.leaseUntil, sql`now()`),
              eq(coldDistributions.leaseOwner, owner),
            ),
          ),
        )
        .returning({ id: coldDistributions.id })
    ).length > 0;
  const renew = async (ids: string[]) =>
    ids.length
      ? (
          await db
            .update(coldDistributions)
            .set({ leaseUntil })
            .where(and(inArray(coldDistributions.id, ids), eq(coldDistributions.leaseOwner, owner)))
            .returning({ id: coldDistributions.id })
        ).map((r) => r.id)
      : [];
  const release = (id: string) =>
    db
      .update(coldDistributions)
      .set({ leaseOwner: null, leaseUntil: null })
      .where(and(eq(coldDistributions.id, id), eq(coldDistributions.leaseOwner, owner)));

  let freeClaims = CLAIMS_AT_ONCE;
  const claimQueue: (() => void)[] = [];
  const withClaimSlot = async <T>(work: () => Promise<T>): Promise<T> => {
    if (freeClaims > 0) freeClaims -= 1;
    else await new Promise<void>((resolve) => claimQueue.push(resolve));
    try {
      return await work();
    } finally {
      const next = claimQueue.shift();
      if (next) next();
      else freeClaims += 1;
    }
  };

  const lost = new Set<string>();
  const renewer = setInterval(() => {
    const ids = [...held.keys()];
    renew(ids).then(
      (kept) => {
        for (const id of ids) if (!kept.includes(id)) lost.add(id);
      },
      (err) => warn(err, 'renewing cold distribution leases failed'),
    );
  }, RENEW_MS);
  renewer.unref();

  const note = (id: string, set: Partial<DistributionRow>) =>
    db
      .update(coldDistributions)
      .set(set)
      .where(and(eq(coldDistributions.id, id), eq(coldDistributions.leaseOwner, owner)));

  /** The list's leads this distribution has not taken, in its order; a page at a time (a claim decides, not this read). */
  const nextLeads = (d: DistributionRow) =>
    db
      .select({ lead: leads })
      .from(coldListLeads)
      .innerJoin(leads, eq(leads.id, coldListLeads.leadId))
      .where(
        and(
          eq(coldListLeads.listId, d.listId),
          sql`not exists (select 1 from ${coldSends} s where s.distribution_id = ${d.id} and s.origin_lead_id = ${coldListLeads.leadId})`,
          sendableBy(sql`${d.createdBy}::uuid`, sql`${leads.affiliateId}`),
        ),
      )
      .orderBy(d.order === 'oldest' ? asc(leads.createdAt) : desc(leads.createdAt), asc(leads.id))
      .limit(BATCH)
      .then((rows) => rows.map((r) => r.lead));

  const sentSince = async (id: string, since: Date) => {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(coldSends)
      .where(and(eq(coldSends.distributionId, id), isNotNull(coldSends.sessionId), gte(coldSends.createdAt, since)));
    return row.n;
  };

  /** One distribution's loop while this process holds its lease. */
  /** `sent`: the start of the latest send made; `noted`: the one written to the row. */
  type Loop = { sleep: (ms: number) => Promise<void>; stale: boolean; sent?: Date; noted?: Date };
  const noteSent = async (id: string, loop: Loop, nextSendAt: Date) => {
    const sent = loop.sent!;
    loop.noted = sent;
    await note(id, { lastSendAt: sent, nextSendAt, waiting: null });
  };
  const run = async (id: string, loop: Loop) => {
    const inFlight = new Set<Promise<void>>();
    try {
      await turns(id, loop, inFlight, new Set());
    } finally {
      await Promise.all(inFlight);
      if (loop.sent && loop.sent !== loop.noted) await noteSent(id, loop, loop.sent).catch(() => {});
    }
  };
  /** `inFlight`: claims and sends under way; `claiming`: claims not yet committed. */
  const turns = async (id: string, loop: Loop, inFlight: Set<Promise<void>>, claiming: Set<Promise<unknown>>) => {
    const { sleep } = loop;
    let batch: LeadRow[] = [];
    let waiting: string | null = null;
    let found:
      { d: DistributionRow; rule: typeof coldRules.$inferSelect; offer: string; offerStatus: string } | undefined;
    let readAt = 0;
    let notedAt = 0;
    const wait = async (text: string | null, next: Date | null, ms: number) => {
      if (text !== waiting) {
        waiting = text;
        await note(id, { waiting: text, nextSendAt: next, updatedAt: new Date() });
      }
      await sleep(ms);
      loop.stale = true;
    };
    while (!stopped && !lost.has(id)) {
      if (loop.stale || !found || Date.now() - readAt > REREAD_MS) {
        loop.stale = false;
        readAt = Date.now();
        // The rule too (an edited rule applies from the next send), and the offer's status.
        [found] = await db
          .select({ d: coldDistributions, rule: coldRules, offer: offers.title, offerStatus: offers.status })
          .from(coldDistributions)
          .innerJoin(coldRules, eq(coldRules.id, coldDistributions.ruleId))
          .innerJoin(offers, eq(offers.id, coldDistributions.offerId))
          .where(eq(coldDistributions.id, id));
      }
      if (!found || found.d.status !== 'active' || found.d.leaseOwner !== owner) return;
      const { d, rule } = found;
      // As the lead API refuses leads for an offer that is not active, re-sends wait for it.
      if (found.offerStatus !== 'active') {
        await wait(`The offer ${found.offer} is not active`, null, POLL_MS);
        continue;
      }
      const now = clock();
      const w = windowAt(d, now);
      if (!w.open) {
        if (w.ended) {
          await note(id, { status: 'done', waiting: null, nextSendAt: null, updatedAt: new Date() });
          return;
        }
        await wait(w.waiting, w.next, Math.min(IDLE_MS, Math.max(0, (w.next?.getTime() ?? Infinity) - now.getTime())));
        continue;
      }
      // Claims still being made count as sends until they say otherwise (a skip does not count). Their number is
      // taken before the count is read: a claim committing meanwhile is then counted twice (and checked again once
      // the claims settle), never not at all.
      const unsettled = claiming.size;
      if (d.dailyLimit !== null && (await sentSince(id, w.dayStart)) + unsettled >= d.dailyLimit) {
        // Counted with claims under way: reached only if it still is once they have settled.
        if (unsettled) {
          if (claiming.size) await Promise.race(claiming);
          continue;
        }
        const tomorrow = zonedInstant(addDays(w.today, 1), 0, d.timeZone);
        const then = windowAt(d, tomorrow);
        await wait(`Daily limit of ${d.dailyLimit} reached`, then.open ? tomorrow : then.next, IDLE_MS);
        continue;
      }
      const due = d.nextSendAt?.getTime() ?? 0;
      if (due > now.getTime()) {
        await sleep(Math.min(POLL_MS, due - now.getTime()));
        loop.stale = true;
        continue;
      }
      if (!batch.length) batch = await nextLeads(d);
      const lead = batch.shift();
      if (!lead) {
        await wait('Every lead of the list is taken', null, IDLE_MS);
        continue;
      }
      const started = clock();
      // The first call to a buyer of this send; the pause runs from it (docs/decisions/026-cold-api.md).
      let firstCall: (at: Date) => void = () => {};
      const called = new Promise<Date>((resolve) => {
        firstCall = resolve;
      });
      const claim = withClaimSlot(() => claimStoredLead(deps, cache, d, rule, lead, started));
      const claimed: Promise<unknown> = claim.then(
        () => claiming.delete(claimed),
        () => claiming.delete(claimed),
      );
      claiming.add(claimed);
      const sending: Promise<void> = claim
        .then((out) => {
          if (out.kind !== 'copy') return null;
          if (!loop.sent || loop.sent < started) loop.sent = started;
          return out.send(() => firstCall(clock()));
        })
        .then(
          () => {},
          (err: unknown) => warn(err, 'a cold send failed; the lead recovery settles its copy'),
        )
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
      waiting = null;
      if (d.intervalMax === 0) {
        // No pause: the next lead is claimed while this one is (a skip costs no pause either way); the last send's
        // time is written at most every NOTE_MS.
        if (loop.sent && loop.sent !== loop.noted && Date.now() - notedAt > NOTE_MS) {
          notedAt = Date.now();
          await noteSent(id, loop, loop.sent);
        }
        if (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
        continue;
      }
      // With a pause, only a send starts it: a skipped lead lets the next one go at once.
      const out = await claim.catch(() => null);
      if (out?.kind !== 'copy') continue;
      // Measured from the real call, not from the claim: the claim's and the routing's database work before it may
      // take any time on a busy machine, and the next call must still come a whole pause after this one. A send that
      // reached no buyer (hours, caps) counts from when it was taken.
      const callAt = await Promise.race([called, sending.then(() => null)]);
      const from = callAt ?? started;
      if (callAt && loop.sent === started) loop.sent = callAt;
      const nextSendAt = new Date(from.getTime() + pickInterval(d.intervalMin, d.intervalMax));
      found = { ...found, d: { ...d, lastSendAt: from, nextSendAt, waiting: null } };
      await noteSent(id, loop, nextSendAt);
      if (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
    }
  };

  const hold = (id: string) => {
    let timer: NodeJS.Timeout | null = null;
    let resolveSleep: (() => void) | null = null;
    const loop: Loop = {
      stale: true,
      sleep: (ms: number) =>
        stopped
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
    const done = run(id, loop)
      .catch((err) => warn(err, 'a cold distribution stopped on an error'))
      .finally(async () => {
        held.delete(id);
        lost.delete(id);
        await release(id).catch(() => {});
      });
    held.set(id, { wake, done });
  };

  /** Takes each active distribution no live process holds; also retried when the nearest foreign lease runs out. */
  const sweep = async () => {
    if (stopped) return;
    const rows = await db
      .select({
        id: coldDistributions.id,
        leaseOwner: coldDistributions.leaseOwner,
        leaseUntil: coldDistributions.leaseUntil,
      })
      .from(coldDistributions)
      .where(eq(coldDistributions.status, 'active'));
    let nearest = Infinity;
    for (const r of rows) {
      if (held.has(r.id)) continue;
      if (await take(r.id)) hold(r.id);
      else if (r.leaseUntil) nearest = Math.min(nearest, r.leaseUntil.getTime());
    }
    if (nearest < Infinity && !stopped) {
      if (retry) clearTimeout(retry);
      retry = setTimeout(
        () => void sweep().catch((err) => warn(err, 'cold distribution sweep failed')),
        Math.max(100, nearest - Date.now() + 200),
      );
      retry.unref();
    }
  };

  return {
    owner,
    sweep,
    /** On create or resume: this process takes it at once (unless another holds it), or wakes its loop. */
    kick: async (id: string) => {
      const h = held.get(id);
      if (h) return h.wake();
      if (!stopped && (await take(id))) hold(id);
    },
    /** A status change made here is seen at once; other processes see it within POLL_MS. */
    wake: (id: string) => held.get(id)?.wake(),
    setClock: (c: Clock) => {
      clock = c;
    },
    held: () => [...held.keys()],
    /** App close: loops end after their current send, leases are released. */
    stop: async () => {
      stopped = true;
      clearInterval(renewer);
      if (retry) clearTimeout(retry);
      const all = [...held.values()];
      for (const h of all) h.wake();
      await Promise.all(all.map((h) => h.done));
    },
  };
};

const runners = new WeakMap<object, ColdRunner>();
/** One runner per app, found by the jobs object every module of that app shares (app.ts starts it with the jobs). */
export const coldRunnerOf = (deps: AppDeps, make?: () => ColdRunner) => {
  let r = runners.get(deps.jobs);
  if (!r && make) {
    r = make();
    runners.set(deps.jobs, r);
  }
  return r ?? null;
};
