import { z } from 'zod';
import { backupRunSchema } from '../backups/backups.schemas.ts';
import { MAIL_STATUSES } from '../mail/mail.schemas.ts';
import { rawDataRetentionSchema } from '../settings/settings.schemas.ts';

/**
 * Counts the system screen takes are stopped past this many rows, so a backlog never makes the screen slow; a count
 * above it reads "10,000+" (docs/product/system.md).
 */
export const SYSTEM_COUNT_CAP = 10_000;

/** A process is shown as gone once its heartbeat (every 15 s) has been silent this long. */
export const PROCESS_GONE_AFTER_SECONDS = 120;

export const serverProcessSchema = z.object({
  id: z.string(),
  host: z.string(),
  pid: z.number().int(),
  version: z.string(),
  started_at: z.string(),
  last_seen: z.string(),
  running: z.boolean(),
  /** The process that answered this request. */
  current: z.boolean(),
});
export type ServerProcess = z.infer<typeof serverProcessSchema>;

const relationSizeSchema = z.object({
  name: z.string(),
  bytes: z.number(),
  /** PostgreSQL's estimate of the rows (pg_class.reltuples); null before the table was first analyzed. */
  rows_about: z.number().nullable(),
});
export const tableSizeSchema = relationSizeSchema.extend({
  schema: z.string(),
  /** A partitioned table's partitions, largest first; its bytes and rows are their sum. */
  partitions: z.array(relationSizeSchema),
});
export type TableSize = z.infer<typeof tableSizeSchema>;

export const queueDepthSchema = z.object({
  name: z.string(),
  /** Waiting to run (pg-boss's created and retry states), capped at SYSTEM_COUNT_CAP + 1. */
  waiting: z.number().int(),
  active: z.number().int(),
  /** Failed jobs still in the job table (pg-boss archives them after 12 hours). */
  failed: z.number().int(),
});

export const scheduleRunSchema = z.object({
  name: z.string(),
  cron: z.string(),
  /** The newest job of the schedule's queue: pg-boss's state, when it started and ended. */
  last_run: z
    .object({
      state: z.string(),
      created_on: z.string(),
      started_on: z.string().nullable(),
      completed_on: z.string().nullable(),
    })
    .nullable(),
});

export const mailStatusCountSchema = z.object({ status: z.enum(MAIL_STATUSES), count: z.number().int() });

export const rejectedRowsSummarySchema = z.object({
  /** Capped at SYSTEM_COUNT_CAP + 1. */
  count: z.number().int(),
  newest: z.object({ created_at: z.string(), writer: z.string(), reason: z.string() }).nullable(),
});

export const systemOverviewSchema = z.object({
  /** The database's clock when the overview was read. */
  now: z.string(),
  processes: z.array(serverProcessSchema),
  database: z.object({ total_bytes: z.number(), tables: z.array(tableSizeSchema) }),
  retention: rawDataRetentionSchema,
  jobs: z.object({ queues: z.array(queueDepthSchema), schedules: z.array(scheduleRunSchema) }),
  mail: z.array(mailStatusCountSchema),
  rejected_rows: rejectedRowsSummarySchema,
  /** The newest successful backup (the backups card lists every run). */
  last_backup: backupRunSchema.nullable(),
});
export type SystemOverview = z.infer<typeof systemOverviewSchema>;
