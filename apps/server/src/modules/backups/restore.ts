import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import * as tar from 'tar';
import { clusterDirFor, postgresUser, SYSTEM_DIRS, type SystemDirs } from '../../db/embedded-places.ts';
import { FORMAT, MANIFEST } from './backup-engine.ts';
import { BackupRefusal } from './backup-source.ts';

type Manifest = { format: string; files: Record<string, { size: number; sha256: string }> };

const damaged = (file: string, why: string) =>
  new BackupRefusal(`${file} is damaged or incomplete (${why}): restore refused, nothing was written`);

/** Reads the whole archive once and checks every file against the manifest; throws a BackupRefusal saying what is wrong. */
export const verifyArchive = async (file: string): Promise<Manifest> => {
  if (!existsSync(file)) throw new BackupRefusal(`${file} does not exist`);
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestText = '';
  try {
    await tar.t({
      file,
      strict: true,
      onReadEntry: (entry) => {
        if (entry.type !== 'File') return entry.resume();
        const hash = createHash('sha256');
        let size = 0;
        const chunks: Buffer[] = [];
        entry.on('data', (c: Buffer) => {
          hash.update(c);
          size += c.length;
          if (entry.path === MANIFEST) chunks.push(c);
        });
        entry.on('end', () => {
          if (entry.path === MANIFEST) manifestText = Buffer.concat(chunks).toString('utf8');
          else seen.set(entry.path, { size, sha256: hash.digest('hex') });
        });
      },
    });
  } catch (err) {
    throw damaged(file, (err as Error).message);
  }
  if (!manifestText) throw damaged(file, 'it has no manifest; a backup cut short ends before it');
  let manifest: Manifest;
  try {
    manifest = JSON.parse(manifestText) as Manifest;
  } catch {
    throw damaged(file, 'its manifest is not readable');
  }
  if (manifest.format !== FORMAT) throw new BackupRefusal(`${file} is not a backup of this panel (${manifest.format})`);
  for (const [name, want] of Object.entries(manifest.files)) {
    const got = seen.get(name);
    if (!got) throw damaged(file, `${name} is missing`);
    if (got.size !== want.size || got.sha256 !== want.sha256)
      throw damaged(file, `${name} does not match its checksum`);
  }
  const extra = [...seen.keys()].find((name) => !manifest.files[name]);
  if (extra) throw damaged(file, `${extra} is not in its manifest`);
  return manifest;
};

const chownTree = async (dir: string, uid: number, gid: number) => {
  await chown(dir, uid, gid);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(p, uid, gid);
    else await chown(p, uid, gid);
  }
};

/**
 * Restores a backup into a new DATA_DIR: refused when the directory holds anything, and before anything is written
 * unless every file matches the manifest. The cluster goes where the server would keep it for that DATA_DIR, owned by
 * the user PostgreSQL runs as (db/embedded-places.ts); at its first start PostgreSQL replays the backup's WAL.
 */
export const restoreBackup = async (file: string, dataDir: string, dirs: SystemDirs = SYSTEM_DIRS) => {
  const target = path.resolve(dataDir);
  if (existsSync(target) && (await readdir(target)).length)
    throw new BackupRefusal(`${target} is not empty: restore into a new directory, never over a data directory`);
  await verifyArchive(file);
  const created = !existsSync(target);
  try {
    const user = postgresUser();
    const { dir } = await clusterDirFor(target, user, dirs.clusters);
    if (existsSync(dir) && (await readdir(dir)).length) throw new BackupRefusal(`${dir} is not empty`);
    await tar.x({ file, cwd: target, strip: 1, filter: (p) => p.startsWith('data/') });
    await mkdir(dir, { recursive: true });
    await tar.x({ file, cwd: dir, strip: 1, filter: (p) => p.startsWith('pg/') });
    // PostgreSQL refuses a data directory others may read.
    await chmod(dir, 0o700);
    if (user) await chownTree(dir, user.uid, user.gid);
    return { dataDir: target, clusterDir: dir };
  } catch (err) {
    if (created) await rm(target, { recursive: true, force: true });
    throw err;
  }
};
