import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { DEFAULT_BACKUP_SETTINGS, backupSettingsSchema, type BackupSettings } from '@pxl/contract';
import type { Config } from '../../config/config.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { settingsSection } from '../settings/index.ts';
import { ARCHIVE_PREFIX, ARCHIVE_SUFFIX, takeBackup } from './backup-engine.ts';
import { backupDirOf, BackupRefusal, EXTERNAL_DATABASE, findRunningCluster } from './backup-source.ts';
import {
  activeAdminEmails,
  closeInterruptedRuns,
  finishRun,
  insertRun,
  lastScheduledStart,
} from './backups.repository.ts';

export const backupSettings = settingsSection('backups', backupSettingsSchema, DEFAULT_BACKUP_SETTINGS);

export type BackupDeps = { db: Db; config: Pick<Config, 'DATA_DIR' | 'BACKUP_DIR' | 'DATABASE_URL'>; mailer: Mailer };

const LOCK_ID = 727276;

/** One backup at a time over every process and `npm run backup`: a session lock on a connection of its own. */
const takeLock = async (db: Db) => {
  const client = new pg.Client(db.$client.options);
  client.on('error', () => {});
  await client.connect();
  const { rows } = await client.query<{ got: boolean }>('select pg_try_advisory_lock($1) as got', [LOCK_ID]);
  if (rows[0].got) return () => client.end();
  await client.end();
  return null;
};

/** The newest `keep` archives stay; names sort by time (backup-engine.ts names them by their UTC start). */
export const pruneBackups = async (dir: string, keep: number) => {
  const archives = (await readdir(dir))
    .filter((n) => n.startsWith(ARCHIVE_PREFIX) && n.endsWith(ARCHIVE_SUFFIX))
    .sort()
    .reverse();
  for (const name of archives.slice(keep)) await rm(path.join(dir, name), { force: true });
};

const oneLine = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0].slice(0, 1000);

const runAndRecord = async (deps: BackupDeps, run: Awaited<ReturnType<typeof insertRun>>, now: Date) => {
  const { db, config, mailer } = deps;
  try {
    const source = findRunningCluster(config.DATA_DIR);
    if (!source)
      throw new BackupRefusal(
        config.DATABASE_URL
          ? EXTERNAL_DATABASE
          : `No embedded PostgreSQL runs for DATA_DIR ${path.resolve(config.DATA_DIR)}`,
      );
    const dir = backupDirOf(config);
    const taken = await takeBackup(source, dir, { now });
    await pruneBackups(dir, (await backupSettings.get(db)).keep);
    return await finishRun(db, run.id, { status: 'ok', file: taken.name, sizeBytes: taken.size });
  } catch (err) {
    const error = oneLine(err);
    const row = await finishRun(db, run.id, { status: 'failed', error });
    const started = run.startedAt.toISOString().replace('T', ' ').slice(0, 19);
    for (const to of await activeAdminEmails(db))
      await mailer.send({ to, template: 'backup_failed', vars: { started, error } });
    return row;
  }
};

/**
 * Starts a backup and logs it in backup_runs: null when another is running. `done` ends with the run's final row;
 * a failure is in that row and mailed to every active admin, never thrown.
 */
export const startBackup = async (deps: BackupDeps, trigger: 'scheduled' | 'manual', now = new Date()) => {
  const release = await takeLock(deps.db);
  if (!release) return null;
  try {
    await closeInterruptedRuns(deps.db);
    const run = await insertRun(deps.db, trigger, now);
    const done = runAndRecord(deps, run, now).finally(release);
    return { run, done };
  } catch (err) {
    await release();
    throw err;
  }
};

/**
 * Today's slot (UTC) has come and no scheduled run started since it. A server that was down at the time backs up at
 * its next check instead of waiting a day.
 */
export const isBackupDue = (s: BackupSettings, lastStart: Date | null, now: Date) => {
  if (!s.enabled) return false;
  const [h, m] = s.time.split(':').map(Number);
  const slot = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), h, m);
  return now.getTime() >= slot && (!lastStart || lastStart.getTime() < slot);
};

/** The schedule's check: starts a backup when one is due (as startBackup; null when none started). */
export const runScheduledBackup = async (deps: BackupDeps, now = new Date()) => {
  const s = await backupSettings.get(deps.db);
  if (!isBackupDue(s, await lastScheduledStart(deps.db), now)) return null;
  return startBackup(deps, 'scheduled', now);
};
