import pg from 'pg';
import type { Db } from '../../db/client.ts';

/** A slot of a product: one send in flight, held as a session advisory lock of this process's slot connection. */
export type Slot = { productId: string; index: number; generation: number; lockedAt: number };
type Waiter = { limit: number; resolve: (slot: Slot | null) => void; timer: NodeJS.Timeout };

/** How often a process with sends waiting for a product asks PostgreSQL again (a slot freed by another process). */
const POLL_FIRST_MS = 20;
const POLL_MAX_MS = 200;
/**
 * A slot given back with nobody waiting here stays locked this long for this process's next send, which then costs
 * no round trip; but only while the lock is younger than REUSE_MS, so every slot goes back to PostgreSQL, where other
 * processes can take it, at least that often.
 */
const LINGER_MS = 100;
const REUSE_MS = 1000;

/**
 * Each product's `push.concurrency` held across all processes on the database (docs/decisions/031-shared-lead-limits.md).
 * Slot i of a product is the advisory lock (hashtext('push:' || product), i), taken with pg_try_advisory_lock on one
 * connection per process kept for this alone: no pool connection is held during a send, and a process that dies
 * frees its slots with its session. A send that finds none free waits in this process's queue for the product, in
 * arrival order: a slot given back here goes straight to the next waiter (or lingers for the next send, LINGER_MS);
 * slots freed by other processes are found by polling (one poller per product with waiters). A waiter not served
 * within its wait gets null.
 */
export class PushSlots {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  /** Bumped when the slot connection is lost: its locks went with it, so slots of an older generation are void. */
  private generation = 0;
  private readonly held = new Map<string, Set<number>>();
  private readonly queues = new Map<string, Waiter[]>();
  private readonly polling = new Set<string>();
  /** Locked slots no send uses now, each with the timer that unlocks it (LINGER_MS). */
  private readonly idle = new Map<string, Map<number, { slot: Slot; timer: NodeJS.Timeout }>>();
  /** Lock statements run one at a time, each reading `held` as the ones before left it. */
  private serial: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(private readonly options: pg.ClientConfig) {}

  /** Slots of this product this process holds: its sends in flight, and slots being given back. */
  inFlight(productId: string) {
    return this.held.get(productId)?.size ?? 0;
  }

  /** Sends of this product waiting for a slot in this process. */
  waiting(productId: string) {
    return this.queues.get(productId)?.length ?? 0;
  }

  async acquire(productId: string, limit: number, waitMs: number): Promise<Slot | null> {
    for (const [index, { slot, timer }] of this.idle.get(productId) ?? []) {
      if (index >= limit) continue;
      clearTimeout(timer);
      this.idle.get(productId)!.delete(index);
      return slot;
    }
    if (!this.waiting(productId)) {
      const slot = await this.tryLock(productId, limit);
      if (slot) return slot;
    }
    // Queues are never dropped (one per product), so this one is the poller's too.
    const queue = this.queueOf(productId);
    return new Promise<Slot | null>((resolve) => {
      const waiter: Waiter = {
        limit,
        resolve,
        timer: setTimeout(() => {
          const i = queue.indexOf(waiter);
          if (i >= 0) queue.splice(i, 1);
          resolve(null);
        }, waitMs),
      };
      queue.push(waiter);
      void this.poll(productId);
    });
  }

  release(slot: Slot) {
    if (slot.generation !== this.generation || this.closed) return;
    const next = this.queues.get(slot.productId)?.[0];
    if (next && slot.index < next.limit) {
      this.queues.get(slot.productId)!.shift();
      clearTimeout(next.timer);
      next.resolve(slot);
      return;
    }
    if (Date.now() - slot.lockedAt < REUSE_MS) {
      let idle = this.idle.get(slot.productId);
      if (!idle) this.idle.set(slot.productId, (idle = new Map()));
      const timer = setTimeout(() => {
        if (idle.get(slot.index)?.timer !== timer) return;
        idle.delete(slot.index);
        this.unlock(slot);
      }, LINGER_MS);
      idle.set(slot.index, { slot, timer });
      return;
    }
    this.unlock(slot);
  }

  private unlock(slot: Slot) {
    if (slot.generation !== this.generation || this.closed) return;
    void this.run(async (client) => {
      if (slot.generation !== this.generation) return;
      await client.query('select pg_advisory_unlock(hashtext($1), $2)', [`push:${slot.productId}`, slot.index]);
      this.heldOf(slot.productId).delete(slot.index);
    }).catch(() => {});
  }

  async close() {
    this.closed = true;
    this.dropIdle();
    for (const queue of this.queues.values())
      for (const w of queue.splice(0)) {
        clearTimeout(w.timer);
        w.resolve(null);
      }
    const client = this.client ?? (await this.connecting?.catch(() => null));
    this.client = null;
    await client?.end().catch(() => {});
  }

  private dropIdle() {
    for (const idle of this.idle.values()) for (const { timer } of idle.values()) clearTimeout(timer);
    this.idle.clear();
  }

  private queueOf(productId: string) {
    let q = this.queues.get(productId);
    if (!q) {
      q = [];
      this.queues.set(productId, q);
    }
    return q;
  }

  private heldOf(productId: string) {
    let h = this.held.get(productId);
    if (!h) {
      h = new Set();
      this.held.set(productId, h);
    }
    return h;
  }

  private connect() {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      const client = new pg.Client(this.options);
      const lost = () => {
        if (this.client !== client) return;
        this.client = null;
        this.generation += 1;
        this.held.clear();
        this.dropIdle();
      };
      client.on('error', lost);
      client.on('end', lost);
      try {
        await client.connect();
      } catch (err) {
        await client.end().catch(() => {});
        throw err;
      }
      this.client = client;
      return client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private run<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
    const next = this.serial.then(async () => {
      if (this.closed) throw new Error('The send slots are closed');
      return fn(await this.connect());
    });
    this.serial = next.catch(() => {});
    return next;
  }

  /** The first free slot below `limit`, from a random start so processes seldom try the same one first. */
  private tryLock(productId: string, limit: number): Promise<Slot | null> {
    return this.run(async (client) => {
      const held = [...this.heldOf(productId)];
      if (held.length >= limit) return null;
      // No ORDER BY: the scan stops at the first lock taken, so no other slot is locked on the way.
      const { rows } = await client.query<{ slot: number }>(
        `select (s + $3::int) % $2::int as slot from generate_series(0, $2::int - 1) s
         where (s + $3::int) % $2::int <> all($4::int[]) and pg_try_advisory_lock(hashtext($1), (s + $3::int) % $2::int)
         limit 1`,
        [`push:${productId}`, limit, Math.floor(Math.random() * limit), held],
      );
      if (!rows.length) return null;
      this.heldOf(productId).add(rows[0].slot);
      return { productId, index: rows[0].slot, generation: this.generation, lockedAt: Date.now() };
    });
  }

  private async poll(productId: string) {
    if (this.polling.has(productId)) return;
    this.polling.add(productId);
    try {
      const queue = this.queueOf(productId);
      for (let pause = POLL_FIRST_MS; queue.length && !this.closed;) {
        const slot = await this.tryLock(productId, queue[0].limit).catch(() => null);
        if (slot) {
          pause = POLL_FIRST_MS;
          const next = queue.shift();
          if (next) {
            clearTimeout(next.timer);
            next.resolve(slot);
          } else this.release(slot);
          continue;
        }
        await new Promise((r) => setTimeout(r, pause));
        pause = Math.min(pause * 2, POLL_MAX_MS);
      }
    } finally {
      this.polling.delete(productId);
    }
  }
}

/** One per app, on its hot pool's connection settings: services.ts makes it at start and closes it with the app. */
export const pushSlotsFor = (db: Db): PushSlots => new PushSlots({ ...(db.$client.options as pg.ClientConfig) });

/** What a send to a product needs of the app's runtime services. */
export type WithPushSlots = { services: { pushSlots: PushSlots } };
