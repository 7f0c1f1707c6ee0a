import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import * as tar from 'tar';
import { POINTER_FILE } from '../../db/embedded-places.ts';
import { BackupRefusal, type BackupSource } from './backup-source.ts';

// A base backup through PostgreSQL's low-level API (docs/decisions/047-backups.md): the cluster's files copied while
// it serves, its backup_label, and the WAL from the backup's start to its end, so the copy replays to a consistent
// state at its first start. Everything goes into one tar.gz with a manifest of every file's sha256.

export const ARCHIVE_PREFIX = 'pxl-backup-';
export const ARCHIVE_SUFFIX = '.tar.gz';
export const MANIFEST = 'manifest.json';
export const FORMAT = 'pxl-panel-backup/1';

/** Files pg_basebackup leaves out: rebuilt at start, or the running server's own (its pid, its temporary files). */
const SKIP_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'backup_label.old',
  'tablespace_map',
  'current_logfiles',
  'postgresql.auto.conf.tmp',
  'pg_internal.init',
]);
/** Directories kept empty: their contents are the running server's, or (pg_wal) added from the backup's own range. */
const EMPTY_DIRS = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);
const WAL_FILE = /^[0-9A-F]{24}$/;

const gone = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** Copies `from` into `to`; files the server removes while we walk (dropped tables, temp files) are simply not there. */
const copyTree = async (from: string, to: string, skip: (rel: string, name: string) => 'file' | 'contents' | null) => {
  const walk = async (rel: string) => {
    await mkdir(path.join(to, rel), { recursive: true });
    let names: string[];
    try {
      names = await readdir(path.join(from, rel));
    } catch (err) {
      if (gone(err)) return;
      throw err;
    }
    for (const name of names) {
      const r = path.join(rel, name);
      const what = skip(r, name);
      if (what === 'file') continue;
      const s = await stat(path.join(from, r)).catch((err: unknown) => (gone(err) ? null : Promise.reject(err)));
      if (!s) continue;
      if (s.isDirectory()) {
        if (what === 'contents') await mkdir(path.join(to, r), { recursive: true });
        else await walk(r);
      } else if (s.isFile()) {
        await copyFile(path.join(from, r), path.join(to, r)).catch((err: unknown) => {
          if (!gone(err)) throw err;
        });
      }
    }
  };
  await walk('');
};

const skipInCluster = (rel: string, name: string) => {
  if (SKIP_FILES.has(name) || name.startsWith('pgsql_tmp')) return 'file';
  if (!rel.includes(path.sep) && EMPTY_DIRS.has(name)) return 'contents';
  return null;
};

const sha256Of = (file: string) =>
  new Promise<string>((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (c) => hash.update(c))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });

/** Every file under `root` as a path with forward slashes, with its size and sha256. */
const manifestOf = async (root: string) => {
  const files: Record<string, { size: number; sha256: string }> = {};
  const walk = async (rel: string) => {
    for (const entry of await readdir(path.join(root, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(r);
      else files[r] = { size: (await stat(path.join(root, r))).size, sha256: await sha256Of(path.join(root, r)) };
    }
  };
  await walk('');
  return files;
};

type Label = { lsn: string; labelfile: string; spcmapfile: string | null };

/** The cluster's files between pg_backup_start and pg_backup_stop, on one session that holds a WAL-reserving slot. */
const copyCluster = async (source: BackupSource, into: string, during?: () => Promise<void>) => {
  const client = new pg.Client({ connectionString: source.url });
  await client.connect();
  try {
    const tablespaces = await readdir(path.join(source.clusterDir, 'pg_tblspc'));
    if (tablespaces.length)
      throw new BackupRefusal('The cluster has tablespaces of its own; backups cover only its directory');
    // Temporary, so it goes with the session; it keeps every WAL segment from before the start until we have copied them.
    await client.query('select pg_create_physical_replication_slot($1, true, true)', [
      `pxl_backup_${randomBytes(4).toString('hex')}`,
    ]);
    const label = `pxl-panel ${new Date().toISOString()}`;
    const { rows: started } = await client.query<{ lsn: string; file: string }>(
      'select lsn, pg_walfile_name(lsn) as file from pg_backup_start($1, true) as lsn',
      [label],
    );
    let stop: Label & { file: string };
    try {
      await copyTree(source.clusterDir, into, skipInCluster);
      await during?.();
    } finally {
      // Always ended, so a failed copy never leaves the server in backup mode.
      const { rows } = await client.query<Label & { file: string }>(
        'select lsn, labelfile, spcmapfile, pg_walfile_name(lsn) as file from pg_backup_stop(false)',
      );
      stop = rows[0];
    }
    await writeFile(path.join(into, 'backup_label'), stop.labelfile);
    if (stop.spcmapfile) await writeFile(path.join(into, 'tablespace_map'), stop.spcmapfile);
    const from = started[0].file;
    const wal = (await readdir(path.join(source.clusterDir, 'pg_wal')))
      .filter((n) => WAL_FILE.test(n) && n >= from && n <= stop.file)
      .sort();
    if (wal[0] !== from || wal.at(-1) !== stop.file)
      throw new Error(`the WAL from ${from} to ${stop.file} is not all in pg_wal (found ${wal.join(', ') || 'none'})`);
    await mkdir(path.join(into, 'pg_wal', 'archive_status'), { recursive: true });
    for (const name of wal)
      await copyFile(path.join(source.clusterDir, 'pg_wal', name), path.join(into, 'pg_wal', name));
    return { start_lsn: started[0].lsn, stop_lsn: stop.lsn, wal };
  } finally {
    await client.end().catch(() => {});
  }
};

const stampOf = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

export type TakenBackup = { file: string; name: string; size: number };

/**
 * A consistent backup of the running cluster of `source` and DATA_DIR's own files (the cluster's password, the secret
 * key), written to `outDir` under a temporary name and renamed when whole: a file named pxl-backup-*.tar.gz is always
 * complete.
 */
export const takeBackup = async (
  source: BackupSource,
  outDir: string,
  /** `during` runs after the copy, before the backup ends: a test holds the backup open there while traffic flows. */
  { now = new Date(), during }: { now?: Date; during?: () => Promise<void> } = {},
): Promise<TakenBackup> => {
  await mkdir(outDir, { recursive: true });
  const name = `${ARCHIVE_PREFIX}${stampOf(now)}-${randomBytes(3).toString('hex')}${ARCHIVE_SUFFIX}`;
  const work = path.join(outDir, `.${name}.${process.pid}.partial`);
  const staging = `${work}.d`;
  const outInData = path.relative(source.dataDir, outDir);
  const clusterInData = path.relative(source.dataDir, source.clusterDir);
  try {
    const wal = await copyCluster(source, path.join(staging, 'pg'), during);
    // DATA_DIR's own files; not the cluster (copied above), nor where it points, nor the backups themselves.
    await copyTree(source.dataDir, path.join(staging, 'data'), (rel) =>
      rel === clusterInData || rel === outInData || rel === POINTER_FILE ? 'file' : null,
    );
    const files = await manifestOf(staging);
    const manifest = { format: FORMAT, created_at: now.toISOString(), ...wal, files };
    await writeFile(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 1)}\n`);
    // The manifest last: an archive cut short has none, and says so.
    await tar.c({ gzip: true, cwd: staging, file: work, portable: true }, ['data', 'pg', MANIFEST]);
    const final = path.join(outDir, name);
    await rename(work, final);
    return { file: final, name, size: (await stat(final)).size };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(work, { force: true });
  }
};
