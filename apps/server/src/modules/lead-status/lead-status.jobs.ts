import type { AppDeps } from '../../deps.ts';
import { QUEUES } from '../../jobs/jobs.ts';
import type { WithPushSlots } from '../integrations/index.ts';
import { enqueueDuePulls, runPull, type PullJob } from './pull-job.ts';

/** Pulls of different products run side by side in a process, so one slow buyer does not hold up the others. */
const PULL_WORKERS = 4;

/** The workers of this module: the every-minute pull scheduler and the per-product status pulls. */
export const startLeadStatusJobs = async (deps: AppDeps & WithPushSlots) => {
  for (let i = 0; i < PULL_WORKERS; i += 1)
    await deps.jobs.work<PullJob>(QUEUES.leadPull, async (job) => {
      await runPull(deps, job.productId);
    });
  await deps.jobs.work<object>(QUEUES.leadPullSchedule, async () => {
    await enqueueDuePulls(deps.db);
  });
  await deps.jobs.schedule(QUEUES.leadPullSchedule, '* * * * *');
};
