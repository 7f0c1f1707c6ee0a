import type { AppDeps } from '../../deps.ts';
import { QUEUES } from '../../jobs/jobs.ts';
import type { ColdServices } from './distribution-runner.ts';

/**
 * Every minute each process takes the active distributions whose lease ran out (a stopped process's, or ones made
 * while no runner was up); at start too. Called once the server listens (lib/background.ts), since the sandbox buyer
 * is this very server. Create and resume start a distribution at once without waiting for this.
 */
export const startColdDistributionJobs = async (deps: AppDeps & ColdServices) => {
  const runner = deps.services.coldRunner;
  await deps.jobs.work<object>(QUEUES.coldSchedule, () => runner.sweep());
  await deps.jobs.schedule(QUEUES.coldSchedule, '* * * * *');
  // A failed first sweep is only late: the minute schedule sweeps again.
  void runner.sweep().catch(() => {});
};
