import { createHash, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { SharedFigures } from '../../lib/metrics.ts';
import type { Readiness } from '../../lib/readiness.ts';
import { lastBackup } from '../backups/index.ts';

// At most this many unfinished jobs are read per scrape: a backlog past it shows as this figure, which already alarms.
const JOB_READ_LIMIT = 100_000;
const MAIL_STATUSES = ['queued', 'sending', 'no_smtp', 'failed'] as const;

/** Unfinished pg-boss jobs by queue and state (created, retry, active), bounded. */
const jobDepths = async (db: Db) => {
  const { rows } = await db.$client.query<{ queue: string; state: string; count: number }>(
    `select name as queue, state::text as state, count(*)::int as count
       from (select name, state from pgboss.job where state < 'completed' limit ${JOB_READ_LIMIT}) j
      group by 1, 2`,
  );
  return rows;
};

/** Mails by status other than sent (sent ones are history); each count uses the (status, created_at) index. */
const mailOutbox = async (db: Db) => {
  const { rows } = await db.$client.query<{ status: string; count: number }>(
    `select s.status, (select count(*)::int from mail_outbox m where m.status = s.status) as count
       from unnest($1::text[]) as s(status)`,
    [MAIL_STATUSES],
  );
  return rows;
};

/** The database-wide figures of one scrape, on the panel pool (its statement timeout bounds them). */
export const readSharedFigures = async (db: Db, readiness: Readiness): Promise<SharedFigures> => {
  const [jobs, outbox, backup, notReady] = await Promise.all([
    jobDepths(db),
    mailOutbox(db),
    lastBackup(db),
    readiness.check(),
  ]);
  const at = backup?.finished_at ?? backup?.started_at;
  const lastBackupAgeSeconds = at ? Math.max(0, (Date.now() - Date.parse(at)) / 1000) : null;
  return { jobs, mailOutbox: outbox, lastBackupAgeSeconds, ready: notReady === null };
};

const digest = (s: string) => createHash('sha256').update(s).digest();
/** The scrape's bearer token against METRICS_TOKEN, in constant time. */
export const tokenMatches = (header: string | undefined, token: string) => {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
};
