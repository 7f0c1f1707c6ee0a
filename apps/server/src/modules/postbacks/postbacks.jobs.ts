import type { Db } from '../../db/client.ts';
import { QUEUES, type Jobs } from '../../jobs/jobs.ts';
import { deliver, type DeliveryJob, type DeliverySettings } from './outbound.service.ts';

/** The worker of this module: outbound postback delivery (the hold approval that fires postbacks is tracking's). */
export const startPostbackJobs = async (jobs: Jobs, db: Db, settings: DeliverySettings) => {
  await jobs.work<DeliveryJob>(QUEUES.postback, (job) => deliver(db, job, settings));
};
