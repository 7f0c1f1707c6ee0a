import type { Config } from '../../config/config.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { Secrets } from '../../lib/secrets.ts';
import type { SendDeps } from './deliver.ts';
import { createAlertWorker, type AlertWorker } from './outbox-worker.ts';
import { directSendDeps, outboxSendDeps, type MailNow } from './send-deps.ts';

/** The runtime service of alerts (services.ts): the outbox worker of this process and the test button's senders. */
export type Alerts = { worker: AlertWorker; direct: SendDeps };

/**
 * Made by services.ts, which hands in the mail module's send on the spot: the mail module reaches the tracking module
 * (through offers), and tracking queues alerts here, so this module does not import mail.
 */
export const createAlerts = (
  deps: { db: Db; config: Config; mailer: Mailer; secrets: Secrets },
  mailNow: MailNow,
  onError: (err: unknown) => void,
): Alerts => ({
  worker: createAlertWorker({ db: deps.db, secrets: deps.secrets, send: outboxSendDeps(deps) }, { onError }),
  direct: directSendDeps(deps, mailNow),
});
