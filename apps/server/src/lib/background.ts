import type { FastifyInstance } from 'fastify';
import { afterListening } from './after-listening.ts';

declare module 'fastify' {
  interface FastifyInstance {
    background: Background;
  }
}

type Step = () => Promise<unknown>;
export type Background = {
  /** Runs `steps` in order once the server listens; a failed step is logged and tried again, the done ones are not. */
  add: (name: string, steps: Step[]) => void;
  /** Resolves once every added task has run all its steps (tests wait on it). */
  started: () => Promise<void>;
};

/**
 * Work at start that waits on the database or grows with its data (pg-boss, schedules, sealing, recovery sweeps) runs
 * once the server listens, outside Fastify's plugin and hook timeouts: a busy machine or a locked table delays that
 * work, never the listening (docs/decisions/034-start-under-load.md). Nothing here stops the server: a step that
 * fails is tried again every `retryMs` until the app closes; closing waits for the step in flight.
 */
export const createBackground = (app: FastifyInstance, retryMs = 5_000): Background => {
  const tasks: Promise<void>[] = [];
  const starters: Array<() => void> = [];
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;
  app.addHook('onReady', async () => afterListening(app, () => starters.forEach((start) => start())));
  // preClose: before the app's onClose hooks (pg-boss's stop among them) run, whatever their order.
  app.addHook('preClose', async () => {
    closed = true;
    await Promise.allSettled(inFlight);
  });
  const add = (name: string, steps: Step[]) => {
    let next = 0;
    tasks.push(
      new Promise<void>((resolve) => {
        const run = async () => {
          while (next < steps.length && !closed) {
            const attempt = steps[next]();
            inFlight.add(attempt);
            try {
              await attempt;
              next += 1;
            } catch (err) {
              if (closed) return;
              app.log.error({ err }, `${name}: start failed, trying again in ${retryMs / 1000} s`);
              setTimeout(() => void run(), retryMs).unref();
              return;
            } finally {
              inFlight.delete(attempt);
            }
          }
          if (next === steps.length) resolve();
        };
        starters.push(() => void run());
      }),
    );
  };
  return { add, started: async () => void (await Promise.all(tasks)) };
};
