import type { Db } from '../../db/client.ts';
import { QUEUES, type Jobs } from '../../jobs/jobs.ts';
import { approveDueConversions } from './hold-job.ts';

/** The every-minute approval of conversions whose hold days are over. */
export const startHoldJob = async (jobs: Jobs, db: Db) => {
  await jobs.work<object>(QUEUES.hold, async () => {
    await approveDueConversions(db);
  });
  await jobs.schedule(QUEUES.hold, '* * * * *');
};
