import pg from 'pg';
import type { AlertEvent } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { sendAlert, type SendDeps } from './deliver.ts';
import { ALERTS_CHANNEL } from './outbox.ts';
import { claimDue, markFailed, markSent, pruneSent, type Claimed } from './outbox.repository.ts';

export type WorkerDeps = { db: Db; secrets: Secrets; send: SendDeps };
export type WorkerOptions = { batch?: number; intervalMs?: number; onError?: (err: unknown) => void };

const BATCH = 20;
const INTERVAL_MS = 5_000;
const PRUNE_EVERY_MS = 3_600_000;

/** One claimed alert sent and its outcome written; a secret that no longer unseals is a failed attempt, not a crash. */
const deliverOne = async (deps: WorkerDeps, c: Claimed) => {
  let result;
  try {
    const secret = c.secret_sealed === null ? null : deps.secrets.decrypt(c.secret_sealed);
    const alert = { id: c.id, event: c.event as AlertEvent, title: c.title, text: c.text, data: c.data };
    result = await sendAlert({ kind: c.kind, config: c.config, secret }, alert, deps.send);
  } catch (err) {
    result = { delivered: false, detail: String((err as Error).message ?? err).slice(0, 200) };
  }
  if (result.delivered) await markSent(deps.db, c);
  else await markFailed(deps.db, c, result.detail);
};

/**
 * Claims one batch of due alerts and sends them together; answers how many it claimed. Safe to run in several
 * processes at once (outbox.repository.ts, claimDue). Tests call it directly instead of waiting for the timer.
 */
export const drainOnce = async (deps: WorkerDeps, batch = BATCH) => {
  const claimed = await claimDue(deps.db, batch);
  await Promise.all(claimed.map((c) => deliverOne(deps, c)));
  return claimed.length;
};

export type AlertWorker = { start: () => Promise<void>; kick: () => void; stop: () => Promise<void> };

/**
 * The outbox's sender in this process: a batch loop every few seconds, woken at once by NOTIFY pxl_alerts (sent when
 * alerts are queued), on a connection of its own like the click cache's LISTEN. stop() waits for the batch in flight
 * and never for more: the loop looks at `stopped` between batches.
 */
export const createAlertWorker = (deps: WorkerDeps, o: WorkerOptions = {}): AlertWorker => {
  const batch = o.batch ?? BATCH;
  const onError = o.onError ?? (() => {});
  let stopped = false;
  let again = false;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let listener: pg.Client | null = null;
  let prunedAt = 0;

  const loop = async () => {
    do {
      again = false;
      while (!stopped && (await drainOnce(deps, batch)) === batch);
    } while (again && !stopped);
    if (!stopped && Date.now() - prunedAt > PRUNE_EVERY_MS) {
      prunedAt = Date.now();
      await pruneSent(deps.db);
    }
  };
  const kick = () => {
    if (stopped) return;
    if (running) return void (again = true);
    running = loop()
      .catch(onError)
      .finally(() => {
        running = null;
      });
  };
  const listen = async () => {
    if (stopped) return;
    const client = new pg.Client(deps.db.$client.options);
    let failed = false;
    const retry = (err: unknown) => {
      if (failed) return;
      failed = true;
      onError(err);
      if (listener === client) listener = null;
      client.end().catch(() => {});
      // The timer still drains meanwhile; only the wake-up is late.
      if (!stopped) setTimeout(() => void listen(), 1000).unref();
    };
    client.on('error', retry);
    client.on('notification', kick);
    try {
      await client.connect();
      await client.query(`LISTEN ${ALERTS_CHANNEL}`);
      if (stopped) await client.end();
      else listener = client;
    } catch (err) {
      retry(err);
    }
  };
  return {
    start: async () => {
      if (stopped) return;
      timer = setInterval(kick, o.intervalMs ?? INTERVAL_MS);
      timer.unref();
      await listen();
      kick();
    },
    kick,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      const client = listener;
      listener = null;
      await client?.end().catch(() => {});
      await running;
    },
  };
};
