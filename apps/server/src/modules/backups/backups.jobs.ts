import type { FastifyBaseLogger } from 'fastify';
import { QUEUES, type Jobs } from '../../jobs/jobs.ts';
import { runScheduledBackup, type BackupDeps } from './backups.service.ts';

/**
 * Checks every minute whether the daily backup is due (pg-boss runs a schedule once across processes). The job ends
 * once the backup has started: a long backup must not outlive the job's expiry; the run's row tells how it ended.
 */
export const startBackupJobs = async (jobs: Jobs, deps: BackupDeps, log: FastifyBaseLogger) => {
  await jobs.work<object>(QUEUES.backupSchedule, async () => {
    const started = await runScheduledBackup(deps);
    void started?.done.catch((err: unknown) => log.error({ err }, 'scheduled backup'));
  });
  await jobs.schedule(QUEUES.backupSchedule, '* * * * *');
};
