import { z } from 'zod';

/** How many backups the schedule keeps; older ones are deleted after each successful run. */
export const BACKUP_KEEP = { min: 1, max: 365, default: 7 } as const;

/**
 * Scheduled backups of the embedded database (docs/product/system.md). `time` is a time of day in UTC, so a change of
 * the network's time zone never moves or skips a backup (docs/decisions/047-backups.md).
 */
export const backupSettingsSchema = z.object({
  enabled: z.boolean().default(false),
  time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'A time of day as HH:MM (UTC)' })
    .default('03:00'),
  keep: z
    .number({ message: 'Enter a number of backups' })
    .int({ message: 'Enter a whole number' })
    .min(BACKUP_KEEP.min, { message: `At least ${BACKUP_KEEP.min}` })
    .max(BACKUP_KEEP.max, { message: `At most ${BACKUP_KEEP.max}` })
    .default(BACKUP_KEEP.default),
});
export type BackupSettings = z.infer<typeof backupSettingsSchema>;

export const DEFAULT_BACKUP_SETTINGS: BackupSettings = { enabled: false, time: '03:00', keep: BACKUP_KEEP.default };

export const BACKUP_STATUSES = ['running', 'ok', 'failed'] as const;
export type BackupStatus = (typeof BACKUP_STATUSES)[number];
export const BACKUP_TRIGGERS = ['scheduled', 'manual'] as const;

/** One backup run; `file` is the archive's name inside the backups directory. */
export const backupRunSchema = z.object({
  uuid: z.uuid(),
  trigger: z.enum(BACKUP_TRIGGERS),
  status: z.enum(BACKUP_STATUSES),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  file: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type BackupRun = z.infer<typeof backupRunSchema>;

/**
 * The last runs, newest first, with where backups are written. `embedded` is false when the panel runs on an external
 * database (DATABASE_URL): its backups are the provider's, and the panel takes none.
 */
export const backupRunsSchema = z.object({
  items: z.array(backupRunSchema),
  directory: z.string(),
  embedded: z.boolean(),
});
export type BackupRuns = z.infer<typeof backupRunsSchema>;
