import { and, count, desc, eq, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { MailLogQuery, MailStatus, MailTemplate } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { mailOutbox, settings } from '../../db/schema.ts';
import { QUEUES, sendInTx } from '../../jobs/jobs.ts';
import { pageOf } from '../../lib/paging.ts';
import { SMTP_KEY } from './smtp-settings.store.ts';

export type NewMail = {
  to: string;
  subject: string;
  template: MailTemplate;
  text: string;
  html: string;
  sensitive: boolean;
  dedupeKey?: string;
  /** Only a test mail, sent on the spot, is logged with its outcome at once. */
  status?: MailStatus;
  lastError?: string | null;
  attempts?: number;
};

/** The row and the job that wakes its delivery commit together: a mail is never queued without its row. */
export const insertMail = (db: Db, mail: NewMail) =>
  db.transaction(async (tx) => {
    const [row] = await tx
      .insert(mailOutbox)
      .values({ ...mail, ...(mail.status === 'sent' && { sentAt: sql`now()` }) })
      .onConflictDoNothing({ target: mailOutbox.dedupeKey })
      .returning({ id: mailOutbox.id });
    if (row && (mail.status ?? 'queued') === 'queued') await sendInTx(tx, QUEUES.mail, { id: row.id });
    return row?.id ?? null;
  });

/** Takes a mail for one attempt; a claim older than the SMTP timeouts belongs to a process that died mid-send. */
export const claimMail = async (db: Db, id: string) => {
  const [row] = await db
    .update(mailOutbox)
    .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(mailOutbox.id, id),
        or(
          eq(mailOutbox.status, 'queued'),
          and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.updatedAt, sql`now() - interval '5 minutes'`)),
        ),
      ),
    )
    .returning();
  return row ?? null;
};

const smtpConfigured = sql`exists (select 1 from ${settings} where ${settings.key} = ${SMTP_KEY} and coalesce(${settings.value}->>'host', '') <> '')`;

/** Parks a queued mail until SMTP is saved, unless it was saved meanwhile (then the job at hand sends it). */
export const parkWithoutSmtp = (db: Db, id: string) =>
  db
    .update(mailOutbox)
    .set({ status: 'no_smtp', updatedAt: sql`now()` })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'queued'), sql`not ${smtpConfigured}`));

export const markSent = (db: Db, id: string, sensitive: boolean) =>
  db
    .update(mailOutbox)
    .set({
      status: 'sent',
      sentAt: sql`now()`,
      updatedAt: sql`now()`,
      lastError: null,
      ...(sensitive && { text: null, html: null }),
    })
    .where(eq(mailOutbox.id, id));

/** A failed attempt: queued again after `retryInSeconds` (the job commits with the row), or failed for good. */
export const markAttemptFailed = (db: Db, id: string, error: string, retryInSeconds: number | undefined) =>
  db.transaction(async (tx) => {
    const status = retryInSeconds === undefined ? 'failed' : 'queued';
    await tx
      .update(mailOutbox)
      .set({ status, lastError: error, updatedAt: sql`now()` })
      .where(eq(mailOutbox.id, id));
    if (status === 'queued') await sendInTx(tx, QUEUES.mail, { id }, { startAfterSeconds: retryInSeconds });
  });

/**
 * Queues again what waits for SMTP (once it is configured) and what a dead process left mid-send, each with a fresh
 * job. `failed` mails stay failed: they had their retries.
 */
export const requeueStranded = (db: Db) =>
  db.transaction(async (tx) => {
    const rows = await tx
      .update(mailOutbox)
      .set({ status: 'queued', updatedAt: sql`now()` })
      .where(
        or(
          and(eq(mailOutbox.status, 'no_smtp'), smtpConfigured),
          and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.updatedAt, sql`now() - interval '5 minutes'`)),
        ),
      )
      .returning({ id: mailOutbox.id });
    for (const { id } of rows) await sendInTx(tx, QUEUES.mail, { id });
    return rows.length;
  });

export const queuedMailIds = async (db: Db) =>
  (
    await db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(inArray(mailOutbox.status, ['queued']))
      .orderBy(mailOutbox.createdAt)
  ).map((r) => r.id);

export const listMailLog = async (db: Db, q: MailLogQuery) => {
  const where: SQL[] = [];
  if (q.status) where.push(eq(mailOutbox.status, q.status));
  if (q.template) where.push(eq(mailOutbox.template, q.template));
  if (q.search) where.push(ilike(mailOutbox.to, `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  const { limit, offset } = pageOf(q);
  const cols = {
    id: mailOutbox.id,
    to: mailOutbox.to,
    subject: mailOutbox.subject,
    template: mailOutbox.template,
    status: mailOutbox.status,
    attempts: mailOutbox.attempts,
    lastError: mailOutbox.lastError,
    createdAt: mailOutbox.createdAt,
    sentAt: mailOutbox.sentAt,
  };
  const [rows, [total]] = await Promise.all([
    db
      .select(cols)
      .from(mailOutbox)
      .where(and(...where))
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(mailOutbox)
      .where(and(...where)),
  ]);
  return { rows, count: total?.n ?? 0 };
};
