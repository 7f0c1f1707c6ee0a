import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config/config.ts';
import { POINTER_FILE } from '../../db/embedded-places.ts';
import { LEGACY_PASSWORD, PASSWORD_FILE } from '../../db/embedded-password.ts';

/** The embedded cluster of a DATA_DIR as a backup reads it: its files, and a superuser connection to it. */
export type BackupSource = { dataDir: string; clusterDir: string; url: string };

/** A backup or restore that cannot go on; the message says why and what to do, in one line. */
export class BackupRefusal extends Error {}

/** DATA_DIR/pg, or the cluster kept elsewhere for a DATA_DIR the postgres user cannot enter (db/embedded-places.ts). */
export const clusterDirOf = (dataDir: string) => {
  const pointer = path.join(dataDir, POINTER_FILE);
  return existsSync(pointer) ? readFileSync(pointer, 'utf8').trim() : path.join(dataDir, 'pg');
};

/**
 * The running embedded cluster of DATA_DIR, or null when none runs there. Its port is the one PostgreSQL wrote into
 * postmaster.pid (the fourth line), so a backup finds the cluster the server started whatever PORT it was given.
 */
export const findRunningCluster = (dataDir: string): BackupSource | null => {
  const data = path.resolve(dataDir);
  const clusterDir = clusterDirOf(data);
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const port = Number(readFileSync(pidFile, 'utf8').split('\n')[3]);
  if (!port) return null;
  const passwordFile = path.join(data, PASSWORD_FILE);
  const password = existsSync(passwordFile) ? readFileSync(passwordFile, 'utf8').trim() : LEGACY_PASSWORD;
  return { dataDir: data, clusterDir, url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres` };
};

export const backupDirOf = (config: Pick<Config, 'BACKUP_DIR' | 'DATA_DIR'>) =>
  path.resolve(config.BACKUP_DIR ?? path.join(config.DATA_DIR, 'backups'));

export const EXTERNAL_DATABASE =
  "The panel uses an external database (DATABASE_URL): back it up with your database provider's backups, or pg_dump of your own";
