import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { isolateRows, reasonOf, setAside } from '../../db/isolate-batch.ts';
import { clicksLost, clicksSetAside, clicksStored } from '../../lib/metrics.ts';
import { writeClicks, type ClickRow } from './click-store.ts';

export { writeClicks, type ClickRow } from './click-store.ts';

type WriterOptions = { intervalMs?: number; maxPending?: number; batchSize?: number };

/**
 * Clicks are answered at once and stored in batches at least every 250 ms. At most `maxPending` clicks are
 * answered and not yet committed (waiting or being written): past it `add` waits until a write makes room, so
 * under a slow database redirects slow down instead of piling up clicks a crash would lose (decision 013).
 * A row the database refuses is split out of its batch and set aside with its reason; while the database is
 * away the batch is kept and retried. `close()` flushes what is left.
 */
export class ClickWriter {
  private buffer: ClickRow[] = [];
  private inFlight = 0;
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private waiters: (() => void)[] = [];
  private closing = false;
  private closed = false;
  /** Clicks still unstored when shutdown gave up on the database. */
  lost = 0;
  written = 0;
  /** Rows the database refused, set aside in `rejected_rows`. */
  rejected = 0;
  /** The most clicks ever answered and not yet stored at once (bench, tests). */
  peak = 0;
  private readonly intervalMs: number;
  /** Public so a test can lower it on the app's own writer. */
  maxPending: number;
  private readonly batchSize: number;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    o: WriterOptions = {},
  ) {
    this.intervalMs = o.intervalMs ?? 250;
    this.batchSize = o.batchSize ?? 5_000;
    this.maxPending = o.maxPending ?? 2 * this.batchSize;
  }

  start() {
    this.timer ??= setInterval(() => void this.flush(), this.intervalMs);
    this.timer.unref();
  }

  /** Clicks answered (or about to be) and not yet stored: buffered plus being written. */
  get pending() {
    return this.buffer.length + this.inFlight;
  }
  /** Redirects waiting for room. */
  get waiting() {
    return this.waiters.length;
  }
  /** Clicks are waiting or being written right now. */
  get busy() {
    return this.buffer.length > 0 || this.running !== null;
  }

  /** Buffers the click; returns at once while there is room, else when a write has made some. */
  async add(row: ClickRow) {
    if (this.closed) {
      this.lost += 1;
      clicksLost.inc();
      return;
    }
    // At shutdown nobody waits: what close() cannot store is counted as lost.
    while (this.pending >= this.maxPending && !this.closing)
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    this.buffer.push(row);
    if (this.pending > this.peak) this.peak = this.pending;
    if (this.buffer.length >= Math.min(this.batchSize, this.maxPending)) void this.flush();
  }

  flush(): Promise<void> {
    if (this.running || !this.buffer.length) return this.running ?? Promise.resolve();
    const batch = this.buffer.splice(0, this.batchSize);
    this.inFlight = batch.length;
    const done = this.written + this.rejected;
    this.running = this.store(batch).then((stored) => {
      const more = stored && (this.buffer.length >= this.batchSize || this.waiters.length > 0);
      this.inFlight = 0;
      this.running = null;
      // After a failure nothing moved: the waiting redirects go on waiting, and the timer paces the retries.
      if (this.written + this.rejected > done) this.wake();
      // A full batch or waiting redirects go next, once the woken ones have added their clicks.
      if (more) setImmediate(() => void this.flush());
    });
    return this.running;
  }

  private wake() {
    for (const resolve of this.waiters.splice(0)) resolve();
  }

  /** True when nothing of the batch is left to retry. */
  private async store(batch: ClickRow[]) {
    const out = await isolateRows(
      batch,
      (part) => writeClicks(this.db, part),
      (row, err) => this.setAside(row, err),
    ).catch((error: unknown) => ({ written: 0, rejected: 0, held: batch, error }));
    this.written += out.written;
    clicksStored.inc(out.written);
    if (!out.held.length) return true;
    // Kept first in line; tried again on the next tick.
    this.buffer = out.held.concat(this.buffer);
    this.log.warn({ reason: reasonOf(out.error), buffered: this.buffer.length }, 'writing clicks failed; holding them');
    return false;
  }

  private async setAside(row: ClickRow, err: unknown) {
    await setAside(this.db, 'clicks', row, err);
    this.rejected += 1;
    clicksSetAside.inc();
    this.log.error(
      { writer: 'clicks', clickId: row.id, reason: reasonOf(err), rejected: this.rejected },
      'a click the database refused was set aside',
    );
  }

  /** Stores everything added so far (tests, shutdown). */
  async drain() {
    while (this.running || this.buffer.length) {
      if (this.running) {
        await this.running;
        continue;
      }
      const done = this.written + this.rejected;
      await this.flush();
      if (this.written + this.rejected === done) throw new Error('clicks could not be stored');
    }
  }

  /** Drains the buffer; gives up after a few failed rounds so shutdown cannot hang on a dead database. */
  async close() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.closing = true;
    this.wake();
    await new Promise(setImmediate); // the woken clicks join the buffer first
    for (let failures = 0; (this.buffer.length || this.running) && failures < 5;) {
      if (this.running) {
        await this.running;
        continue;
      }
      const done = this.written + this.rejected;
      await this.flush();
      if (this.written + this.rejected === done) failures += 1;
    }
    this.closed = true;
    this.lost += this.buffer.length;
    clicksLost.inc(this.buffer.length);
    if (this.buffer.length) this.log.error({ lost: this.buffer.length }, 'clicks not stored at shutdown');
  }
}
