import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, chown, cp, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

// Where the embedded PostgreSQL keeps its binaries and cluster when the server runs as root (docs/decisions/012-embedded-postgres-as-root.md).

/** The system user PostgreSQL runs as when we are root (it refuses to run as root); null when we are not root. */
export type PgUser = { uid: number; gid: number } | null;

/** Start-up cannot go on; the message is one line naming the directory and the fix, shown without a stack. */
export class EmbeddedPgRefusal extends Error {}

/** Roots for root runs; a test passes its own. */
export type SystemDirs = { binaries: string; clusters: string };
export const SYSTEM_DIRS: SystemDirs = { binaries: '/var/cache/pxl-panel', clusters: '/var/lib/pxl-panel/clusters' };

/** A file in DATA_DIR naming the cluster kept elsewhere for it. */
export const POINTER_FILE = 'pg-cluster';

const idOf = (name: string, flag: '-u' | '-g') =>
  Number(execFileSync('id', [flag, name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());

/** The `postgres` user, created as embedded-postgres would create it when missing. */
export const postgresUser = (): PgUser => {
  if (process.getuid?.() !== 0) return null;
  const read = () => ({ uid: idOf('postgres', '-u'), gid: idOf('postgres', '-g') });
  try {
    return read();
  } catch {
    /* created below */
  }
  try {
    execFileSync('groupadd', ['postgres'], { stdio: 'ignore' });
    execFileSync('useradd', ['-g', 'postgres', 'postgres'], { stdio: 'ignore' });
    return read();
  } catch {
    throw new EmbeddedPgRefusal(
      'PostgreSQL cannot run as root and there is no `postgres` user, nor could one be made: create it (useradd postgres) or set DATABASE_URL',
    );
  }
};

/**
 * Whether the user can reach the path, asked of the kernel as that user (ACLs count). Spawned the way the cluster
 * is (uid and gid set, no supplementary groups), so the answer matches what PostgreSQL will meet.
 */
export const canReach = (user: PgUser, p: string) =>
  !user || spawnSync('test', ['-x', p], { uid: user.uid, gid: user.gid, stdio: 'ignore' }).status === 0;

/**
 * The binaries' `native` directory, copied once per version to a place the user can reach when the package's copy is
 * not (a checkout under /root or a 0700 directory). The copy is made aside and renamed into place, so two processes at
 * once never see half a copy; the loser of the rename drops its own.
 */
export const reachableNative = async (native: string, version: string, user: PgUser, root = SYSTEM_DIRS.binaries) => {
  if (canReach(user, path.join(native, 'bin', 'postgres'))) return native;
  const target = path.join(root, `postgres-${version}-${process.platform}-${process.arch}`);
  if (!existsSync(target)) {
    const aside = `${target}.${process.pid}-${randomBytes(4).toString('hex')}`;
    try {
      await mkdir(root, { recursive: true, mode: 0o755 });
      await cp(native, aside, { recursive: true, verbatimSymlinks: true });
      await chmod(aside, 0o755);
      await rename(aside, target).catch((err) => {
        if (!existsSync(target)) throw err;
      });
    } catch (err) {
      throw new EmbeddedPgRefusal(
        `the postgres user cannot reach ${native} and a copy in ${root} failed (${(err as Error).message.split('\n')[0]}): make ${root} writable or set DATABASE_URL`,
      );
    } finally {
      await rm(aside, { recursive: true, force: true });
    }
  }
  if (!canReach(user, path.join(target, 'bin', 'postgres'))) {
    throw new EmbeddedPgRefusal(
      `the postgres user cannot reach ${target}: let it enter ${root} and its parents (chmod o+x) or set DATABASE_URL`,
    );
  }
  return target;
};

const readPointer = (dataDir: string) => {
  const file = path.join(dataDir, POINTER_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
};

/**
 * The cluster directory for DATA_DIR: `DATA_DIR/pg` when the user can reach it (always when not root); otherwise one
 * made for this DATA_DIR under `clusters` and named in DATA_DIR/pg-cluster, which later starts follow. A new DATA_DIR
 * gets a new cluster, never an old one left by a DATA_DIR of the same name.
 */
export const clusterDirFor = async (dataDir: string, user: PgUser, clusters = SYSTEM_DIRS.clusters) => {
  await mkdir(dataDir, { recursive: true });
  const pointed = readPointer(dataDir);
  if (pointed && !user) {
    throw new EmbeddedPgRefusal(
      `${path.join(dataDir, POINTER_FILE)} says the cluster is ${pointed}, which runs as the postgres user: start as root, or use another DATA_DIR`,
    );
  }
  if (pointed) return { dir: pointed, relocated: true };
  const own = path.join(dataDir, 'pg');
  if (canReach(user, dataDir)) return { dir: own, relocated: false };
  if (existsSync(path.join(own, 'PG_VERSION'))) {
    throw new EmbeddedPgRefusal(
      `the postgres user cannot reach the cluster in ${own}: let it enter ${dataDir} and its parents (chmod o+x), or move DATA_DIR`,
    );
  }
  const dir = path.join(clusters, `${path.basename(dataDir)}-${randomBytes(4).toString('hex')}`);
  try {
    await mkdir(clusters, { recursive: true, mode: 0o755 });
    // The pointer is written whole or not at all: a crash here leaves no DATA_DIR naming a cluster that never was.
    const tmp = path.join(dataDir, `${POINTER_FILE}.tmp`);
    await writeFile(tmp, `${dir}\n`);
    await rename(tmp, path.join(dataDir, POINTER_FILE));
  } catch (err) {
    throw new EmbeddedPgRefusal(
      `the postgres user cannot reach ${dataDir} and no cluster could be made in ${clusters} (${(err as Error).message.split('\n')[0]}): let it enter ${dataDir} (chmod o+x on it and its parents) or make ${clusters} writable`,
    );
  }
  return { dir, relocated: true };
};

/** The cluster directory made and owned by the user (initdb then keeps it 0700). */
export const prepareClusterDir = async (dir: string, user: PgUser) => {
  await mkdir(dir, { recursive: true });
  if (user) {
    await chown(dir, user.uid, user.gid);
    await chmod(dir, 0o700);
  }
};
