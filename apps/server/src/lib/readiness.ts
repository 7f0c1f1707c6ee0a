import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

export type Readiness = {
  /** True from the stop signal on: /readyz answers 503 while requests are still served. */
  readonly stopping: boolean;
  stop: () => void;
  /** Null when ready, else why not (the database, pending migrations, stopping). */
  check: () => Promise<string | null>;
};

// The newest committed migration: drizzle's table records each applied one with its journal time (`created_at`).
const JOURNAL = new URL('../db/migrations/meta/_journal.json', import.meta.url);
const newestMigration = () => {
  const { entries } = JSON.parse(readFileSync(JOURNAL, 'utf8')) as { entries: { when: number }[] };
  return Math.max(0, ...entries.map((e) => e.when));
};

/**
 * Whether this process should get traffic (GET /readyz, docs/decisions/048-metrics-and-readiness.md): the hot pool
 * answers, every migration this code knows has been applied (a database restored from before an upgrade has not), and
 * no stop has begun. /healthz stays the liveness check: a stopping process is alive.
 */
export const createReadiness = (pool: pg.Pool): Readiness => {
  let stopping = false;
  const newest = newestMigration();
  let migrated = false;
  return {
    get stopping() {
      return stopping;
    },
    stop: () => {
      stopping = true;
    },
    check: async () => {
      if (stopping) return 'The server is stopping';
      const { rows } = await pool
        .query<{ last: string | null }>('select max(created_at)::text as last from drizzle.__drizzle_migrations')
        .catch(() => ({ rows: null }));
      if (!rows) return 'The database does not answer';
      // Once applied, a migration stays applied: later checks only need the database to answer.
      migrated ||= Number(rows[0]?.last ?? 0) >= newest;
      return migrated ? null : 'Database migrations are pending';
    },
  };
};

/**
 * The first step of a stop (server.ts, on SIGTERM): not ready at once, then `drainMs` of serving as usual so a load
 * balancer that polls /readyz sees it and sends no more, before the app closes (the click buffer is flushed then).
 */
export const drainBeforeClose = async (app: FastifyInstance, drainMs: number) => {
  app.readiness.stop();
  if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
};
