import { and, desc, eq, sql } from 'drizzle-orm';
import type { BackupRun } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { backupRuns, users } from '../../db/schema.ts';

type Row = typeof backupRuns.$inferSelect;

export const toBackupRun = (r: Row): BackupRun => ({
  uuid: r.id,
  trigger: r.trigger,
  status: r.status,
  started_at: r.startedAt.toISOString(),
  finished_at: r.finishedAt?.toISOString() ?? null,
  file: r.file,
  size_bytes: r.sizeBytes,
  error: r.error,
});

export const findRecentRuns = (db: Db, limit = 20) =>
  db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt)).limit(limit);

/** The newest successful backup, or null: what the last-backup metric and the system screen show. */
export const lastBackup = async (db: Db): Promise<BackupRun | null> => {
  const [row] = await db
    .select()
    .from(backupRuns)
    .where(eq(backupRuns.status, 'ok'))
    .orderBy(desc(backupRuns.finishedAt))
    .limit(1);
  return row ? toBackupRun(row) : null;
};

export const lastScheduledStart = async (db: Db) =>
  (
    await db
      .select({ at: backupRuns.startedAt })
      .from(backupRuns)
      .where(eq(backupRuns.trigger, 'scheduled'))
      .orderBy(desc(backupRuns.startedAt))
      .limit(1)
  )[0]?.at ?? null;

export const insertRun = async (db: Db, trigger: Row['trigger'], startedAt: Date) =>
  (await db.insert(backupRuns).values({ trigger, status: 'running', startedAt }).returning())[0];

export const finishRun = async (db: Db, id: string, done: Pick<Row, 'status'> & Partial<Row>) =>
  (
    await db
      .update(backupRuns)
      .set({ ...done, finishedAt: sql`now()` })
      .where(eq(backupRuns.id, id))
      .returning()
  )[0];

/** Runs left `running` by a process that stopped; called only while holding the backup lock, so none is live. */
export const closeInterruptedRuns = (db: Db) =>
  db
    .update(backupRuns)
    .set({ status: 'failed', finishedAt: sql`now()`, error: 'Interrupted: the process running it stopped' })
    .where(eq(backupRuns.status, 'running'));

export const activeAdminEmails = async (db: Db) =>
  (
    await db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, 'active')))
  ).map((r) => r.email);
