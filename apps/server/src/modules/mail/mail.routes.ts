import type { FastifyInstance } from 'fastify';
import { mailApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { inTransaction } from '../../lib/audit.ts';
import { requeueStranded } from './mail.repository.ts';
import { DEFAULT_MAIL_RETRY_DELAYS, readMailLog, sendTestMail } from './mail.service.ts';
import { getSmtpSettings, saveSmtpSettings } from './smtp-settings.store.ts';

export const mailRoutes = async (app: FastifyInstance, { db, secrets, config }: AppDeps) => {
  const mailDeps = {
    db,
    secrets,
    smtp: { caFile: config.SMTP_CA_FILE, allowPrivate: config.ALLOW_PRIVATE_POSTBACK_TARGETS },
    retryDelays: DEFAULT_MAIL_RETRY_DELAYS,
  };
  registerEndpoint(app, mailApi.getSmtp, () => getSmtpSettings(db));
  // Saving SMTP releases the mails that waited for it, in the same transaction as the settings and their audit row.
  registerEndpoint(app, mailApi.putSmtp, ({ body, auth, ip }) =>
    inTransaction(db, async (tx) => {
      const saved = await saveSmtpSettings(tx, secrets, body, auth!.user.id, ip);
      await requeueStranded(tx);
      return saved;
    }),
  );
  registerEndpoint(app, mailApi.testSmtp, ({ body }) => sendTestMail(mailDeps, body.to));
  registerEndpoint(app, mailApi.log, ({ query }) => readMailLog(db, query));
};
