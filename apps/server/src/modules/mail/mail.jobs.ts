import { QUEUES, type Jobs } from '../../jobs/jobs.ts';
import { requeueStranded } from './mail.repository.ts';
import { createOutboxMailer, deliverMail, type MailDeps } from './mail.service.ts';
import { warnFillingCaps } from './cap-warnings.ts';

/**
 * The mail worker, and a sweep each minute (and at start) for mails nothing will wake: those parked while SMTP was
 * being saved, and those a dead process left mid-send. The sweep also warns of offer caps filling up.
 */
export const startMailJobs = async (jobs: Jobs, deps: MailDeps) => {
  await jobs.work<{ id: string }>(QUEUES.mail, (job) => deliverMail(deps, job.id));
  await jobs.work<object>(QUEUES.mailSweep, async () => {
    await requeueStranded(deps.db);
    await warnFillingCaps(deps.db, createOutboxMailer(deps.db));
  });
  await jobs.schedule(QUEUES.mailSweep, '* * * * *');
  await requeueStranded(deps.db);
};
