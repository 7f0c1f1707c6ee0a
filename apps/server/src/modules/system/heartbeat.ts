import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** The server package's version, read once: the release each process row reports. */
const VERSION = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export const HEARTBEAT_MS = 15_000;

export type Heartbeat = {
  /** This process's row in server_processes. */
  id: string;
  /** Stops the beats and removes the row: a process stopped cleanly is not shown as gone (a crashed one is). */
  stop: () => Promise<void>;
};

/**
 * This process's row in server_processes, written once the server listens (lib/background.ts) and refreshed every
 * `intervalMs`; each beat also prunes the rows of processes silent for a day (docs/product/system.md). Under
 * WORKERS=N every worker builds its own app, so each writes its own row.
 */
export const startHeartbeat = (app: FastifyInstance, db: Db, intervalMs = HEARTBEAT_MS): Heartbeat => {
  const id = randomUUID();
  const startedAt = new Date();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const beat = async () => {
    await db.execute(sql`
      insert into server_processes (id, host, pid, version, started_at, last_seen)
      values (${id}, ${hostname()}, ${process.pid}, ${VERSION}, ${startedAt}, now())
      on conflict (id) do update set last_seen = now()`);
    await db.execute(sql`delete from server_processes where last_seen < now() - interval '1 day'`);
  };
  app.background.add('heartbeat', [
    async () => {
      await beat();
      if (stopped) return;
      timer = setInterval(() => {
        beat().catch((err: unknown) => app.log.warn({ err }, 'heartbeat: writing server_processes failed'));
      }, intervalMs);
      timer.unref();
    },
  ]);
  return {
    id,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      // Best effort: with the database already gone the row stays and shows as gone, which is then true.
      await db.execute(sql`delete from server_processes where id = ${id}`).catch(() => {});
    },
  };
};
