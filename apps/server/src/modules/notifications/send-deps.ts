import type { Config } from '../../config/config.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { SendDeps } from './deliver.ts';

/** The mail module's send on the spot (its sendMailNow for the alert template), handed in by services.ts. */
export type MailNow = (to: string, vars: { title: string; text: string }) => Promise<{ ok: boolean; message: string }>;
type From = { config: Pick<Config, 'ALLOW_PRIVATE_POSTBACK_TARGETS' | 'TELEGRAM_API_BASE'>; mailer: Mailer };

const base = ({ config }: From) => ({
  allowPrivate: config.ALLOW_PRIVATE_POSTBACK_TARGETS,
  telegramApiBase: config.TELEGRAM_API_BASE,
});

/**
 * The outbox's senders: an e-mail alert is handed to the mail outbox, which retries SMTP on its own
 * (docs/decisions/023-mail-delivery.md); its key makes a hand-over repeated after a crash one mail, not two.
 */
export const outboxSendDeps = (deps: From): SendDeps => ({
  ...base(deps),
  email: async (addresses, a) => {
    for (const to of addresses) {
      const dedupeKey = `alert:${a.id}:${to.toLowerCase()}`;
      await deps.mailer.send({ to, template: 'alert', vars: { title: a.title, text: a.text }, dedupeKey });
    }
    return { delivered: true, detail: 'Queued for mail' };
  },
});

/** The test button's senders: e-mail goes over SMTP on the spot, so the answer says whether the server took it. */
export const directSendDeps = (deps: From, mailNow: MailNow): SendDeps => ({
  ...base(deps),
  email: async (addresses, a) => {
    for (const to of addresses) {
      const r = await mailNow(to, { title: a.title, text: a.text });
      if (!r.ok) return { delivered: false, detail: r.message };
    }
    return { delivered: true, detail: `Delivered to the SMTP server for ${addresses.join(', ')}` };
  },
});
