import type { Db } from '../../db/client.ts';
import { QUEUES, type Jobs } from '../../jobs/jobs.ts';
import { approveDueConversions } from './hold-job.ts';
import { deliver, type DeliveryJob, type DeliverySettings } from './outbound.service.ts';

/** The workers of this module: outbound postback delivery and the every-minute hold approval. */
export const startPostbackJobs = async (jobs: Jobs, db: Db, settings: DeliverySettings) => {
  await jobs.work<DeliveryJob>(QUEUES.postback, (job) => deliver(db, job, settings));
  await jobs.work<object>(QUEUES.hold, async () => { await approveDueConversions(db); });
  await jobs.schedule(QUEUES.hold, '* * * * *');
};
