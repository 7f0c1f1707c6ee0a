import type { FastifyBaseLogger } from 'fastify';

export type Mail = { to: string; subject: string; text: string };
export type Mailer = { send: (mail: Mail) => Promise<void> };

/** Until SMTP settings exist, mail is written to the server log so nothing is lost. */
export const logMailer = (log: FastifyBaseLogger): Mailer => ({
  send: async (mail) => {
    log.info({ mail }, `mail to ${mail.to}: ${mail.subject}`);
  },
});
