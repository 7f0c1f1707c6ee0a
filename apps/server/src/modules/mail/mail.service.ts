import type { MailLogQuery, MailStatus, MailTemplate, SmtpTestResult } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import type { Mailer, MailVars } from '../../lib/mailer.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { generalSettings } from '../settings/index.ts';
import {
  claimMail,
  insertMail,
  listMailLog,
  markAttemptFailed,
  markSent,
  parkWithoutSmtp,
  queuedMailIds,
} from './mail.repository.ts';
import { SENSITIVE_TEMPLATES, renderMail } from './mail.templates.ts';
import { describeSmtpError, sendOverSmtp, type SmtpOptions } from './smtp-transport.ts';
import { readSmtpConfig } from './smtp-settings.store.ts';

/** Seconds before each retry after a failed attempt; one attempt more than delays, then the mail is failed. */
export const DEFAULT_MAIL_RETRY_DELAYS = [60, 300, 900, 3600, 4 * 3600];

export type MailDeps = { db: Db; secrets: Secrets; smtp: SmtpOptions; retryDelays: number[] };

const rendered = async <T extends MailTemplate>(db: Db, template: T, vars: Parameters<typeof renderMail<T>>[1]) =>
  renderMail(template, vars, (await generalSettings.get(db)).partner_title);

/** The app's mailer: each mail becomes an outbox row and a delivery job (docs/decisions/023-mail-delivery.md). */
export const createOutboxMailer = (db: Db): Mailer => ({
  send: async ({ to, template, vars, dedupeKey }) => {
    const body = await rendered(db, template, vars);
    await insertMail(db, { to, template, ...body, sensitive: SENSITIVE_TEMPLATES.includes(template), dedupeKey });
  },
});

/** One delivery attempt of one mail (the pg-boss job's body); a mail already sent or taken is left alone. */
export const deliverMail = async ({ db, secrets, smtp, retryDelays }: MailDeps, id: string) => {
  const config = await readSmtpConfig(db, secrets);
  if (!config) return void (await parkWithoutSmtp(db, id));
  const mail = await claimMail(db, id);
  if (!mail) return;
  try {
    await sendOverSmtp(
      config,
      { to: mail.to, subject: mail.subject, text: mail.text ?? '', html: mail.html ?? '' },
      smtp,
    );
    await markSent(db, id, mail.sensitive);
  } catch (err) {
    await markAttemptFailed(db, id, describeSmtpError(err, config), retryDelays[mail.attempts - 1]);
  }
};

/** Delivers every queued mail now, in order, one attempt each (the test harness's way to flush without pg-boss). */
export const deliverQueuedNow = async (deps: MailDeps) => {
  for (const id of await queuedMailIds(deps.db)) await deliverMail(deps, id);
};

/**
 * One mail sent on the spot with the saved settings, its answer or error in words (the settings screen's test, an
 * alert channel's test button). It is logged like any mail so the log shows what was tried.
 */
export const sendMailNow = async <T extends MailTemplate>(
  { db, secrets, smtp }: Omit<MailDeps, 'retryDelays'>,
  to: string,
  template: T,
  vars: MailVars[T],
): Promise<SmtpTestResult> => {
  const config = await readSmtpConfig(db, secrets);
  const body = await rendered(db, template, vars);
  const log = (status: MailStatus, lastError: string | null) =>
    insertMail(db, { to, template, ...body, sensitive: false, status, lastError, attempts: 1 });
  if (!config) {
    await log('no_smtp', null);
    return { ok: false, message: 'No SMTP server is configured: save the settings first' };
  }
  try {
    const answer = await sendOverSmtp(config, { to, ...body }, smtp);
    await log('sent', null);
    return { ok: true, message: `Delivered to the SMTP server, which answered: ${answer}` };
  } catch (err) {
    const message = describeSmtpError(err, config);
    await log('failed', message);
    return { ok: false, message };
  }
};

export const sendTestMail = (deps: MailDeps, to: string) => sendMailNow(deps, to, 'smtp_test', {});

export const readMailLog = async (db: Db, q: MailLogQuery) => {
  const { rows, count } = await listMailLog(db, q);
  return {
    count,
    list: rows.map((r) => ({
      uuid: r.id,
      to: r.to,
      subject: r.subject,
      template: r.template as MailTemplate,
      status: r.status as MailStatus,
      attempts: r.attempts,
      last_error: r.lastError,
      created_at: r.createdAt.toISOString(),
      sent_at: r.sentAt?.toISOString() ?? null,
    })),
  };
};
