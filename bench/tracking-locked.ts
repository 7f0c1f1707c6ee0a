// Part of `npm run bench:tracking`: the click run again while another connection holds a lock on the clicks table
// (a database that cannot write), to show decision 013's bound on clicks answered and not yet stored.
import { fork } from 'node:child_process';
import path from 'node:path';
import type { Db } from '../apps/server/src/db/client.ts';
import type { ClickWriter } from '../apps/server/src/modules/tracking/index.ts';
import type { LoadSpec } from './load.ts';
import { CONCURRENCY, DURATION_MS, type Measured } from './lib.ts';

/** Long enough to fill the bound at this machine's rates, hold it a second, and run freely after. */
export const LOCKED_RUN_MS = Math.max(DURATION_MS, 8000);
const HOLD_AT_BOUND_MS = 1000;

const load = (spec: LoadSpec) =>
  new Promise<Measured>((resolve, reject) => {
    const child = fork(path.join(import.meta.dirname, 'load.ts'), { execArgv: ['--import', 'tsx'] });
    child.once('message', (m: { result?: Measured; error?: string }) =>
      m.result ? resolve(m.result) : reject(new Error(m.error)),
    );
    child.once('exit', (code) => reject(new Error(`load generator exited with ${code}`)));
    child.send(spec);
  });
const tick = () => new Promise((r) => setTimeout(r, 5));

export const measureLockedClicks = async (
  writer: ClickWriter,
  db: Db,
  spec: Omit<LoadSpec, 'durationMs' | 'concurrency'>,
) => {
  await writer.drain();
  writer.peak = 0;
  const written = writer.written;
  const run = load({ ...spec, durationMs: LOCKED_RUN_MS, concurrency: CONCURRENCY });
  // The lock starts with the first click (the load generator takes a moment to start).
  while (writer.pending === 0 && writer.written === written) await tick();
  const blocker = await db.$client.connect();
  await blocker.query('begin');
  await blocker.query('lock table clicks in share mode');
  const lockedAt = Date.now();
  let peakWhileLocked = 0;
  let fullAt = 0;
  // Held until the bound is reached and a second after (at most until a second before the run ends).
  while (Date.now() - lockedAt < LOCKED_RUN_MS - 2000 && !(fullAt && Date.now() - fullAt >= HOLD_AT_BOUND_MS)) {
    peakWhileLocked = Math.max(peakWhileLocked, writer.pending);
    if (!fullAt && writer.waiting > 0) fullAt = Date.now();
    await tick();
  }
  const waitingAtRelease = writer.waiting;
  const lockedMs = Date.now() - lockedAt;
  await blocker.query('commit');
  blocker.release();
  const measured = await run;
  await writer.drain();
  return {
    run: measured,
    lockedMs,
    fullAfterMs: fullAt ? fullAt - lockedAt : null,
    peak: writer.peak,
    peakWhileLocked,
    waitingAtRelease,
    bound: writer.maxPending,
    stored: writer.written - written,
  };
};
