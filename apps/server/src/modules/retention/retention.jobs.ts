import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { QUEUES, type Jobs } from '../../jobs/jobs.ts';
import { removeStaleUploads } from '../tickets/index.ts';
import { ensurePartitions } from './partitions.ts';
import { runRetention } from './retention.service.ts';

/**
 * Partitions ahead and retention, hourly, and ticket uploads never sent removed a day after they came
 * (docs/decisions/033-ticket-upload-limits.md); pg-boss runs a scheduled job once across processes. At start each process
 * also makes this period's partitions, so a database migrated long ago takes clicks in their own partition at once
 * (the DEFAULT partition would take them anyway).
 */
export const startRetentionJobs = async (jobs: Jobs, db: Db, log: FastifyBaseLogger) => {
  const report = (what: string, r: Awaited<ReturnType<typeof runRetention>>) => {
    if (r.created.length || r.dropped.length) log.info({ created: r.created, dropped: r.dropped }, what);
    // A lock not had in 3 s (a long report on the table, say): the next hourly run tries again.
    if (r.failed.length) log.warn({ failed: r.failed }, `${what}: some partitions were left for the next run`);
  };
  report('partitions at start', await ensurePartitions(db));
  await jobs.work<object>(QUEUES.partitions, async () => {
    report('partitions and retention', await runRetention(db));
    const uploads = await removeStaleUploads(db);
    if (uploads) log.info({ removed: uploads }, 'ticket uploads never sent, removed after a day');
  });
  await jobs.schedule(QUEUES.partitions, '17 * * * *');
};
