import { sql } from 'drizzle-orm';
import type { ChannelKind } from '@pxl/contract';
import type { Db } from '../../db/client.ts';

/** Seconds before each next try after a failed attempt; the last repeats until the alert is a day old. */
export const RETRY_DELAYS = [10, 30, 60, 120, 300, 600, 900];
/** How long a claimed row is this worker's: far past a send's 10 s deadline, so only a dead process loses it. */
const LEASE = '2 minutes';
/** An alert still failing this long after it was queued is given up. */
const GIVE_UP = '24 hours';

export type Claimed = {
  id: string;
  event: string;
  title: string;
  text: string;
  data: Record<string, unknown>;
  /** The attempt this claim is: the outcome is written only while the row still carries it. */
  attempts: number;
  channel_id: string;
  kind: ChannelKind;
  config: Record<string, unknown>;
  secret_sealed: string | null;
};

/**
 * Takes up to `limit` due alerts of enabled channels: the rows are locked while claimed (other workers skip them), and
 * the claim moves the next try past the lease and counts the attempt, so no other worker takes them while they are sent.
 * A disabled channel's alerts are not due: they wait.
 */
export const claimDue = async (db: Db, limit: number) =>
  (
    await db.execute<Claimed>(sql`
      with due as (
        select o.id from notification_outbox o join notification_channels c on c.id = o.channel_id
        where o.status = 'pending' and o.next_attempt_at <= now() and c.enabled
        order by o.next_attempt_at limit ${limit}
        for update of o skip locked)
      update notification_outbox o
        set attempts = o.attempts + 1, next_attempt_at = now() + interval '${sql.raw(LEASE)}'
        from due, notification_channels c
        where o.id = due.id and c.id = o.channel_id
      returning o.id, o.event, o.title, o.text, o.data, o.attempts, c.id as channel_id, c.kind, c.config,
        c.secret_sealed`)
  ).rows;

/** Sent, if this claim is still the row's; the channel shows when it last delivered. */
export const markSent = (db: Db, c: Claimed) =>
  db.execute(sql`
    with done as (
      update notification_outbox set status = 'sent', sent_at = now(), last_error = null
      where id = ${c.id} and attempts = ${c.attempts} and status = 'pending' returning channel_id)
    update notification_channels ch set last_sent_at = now(), last_error = null
    from done where ch.id = done.channel_id`);

/** A failed attempt: tried again after the backoff, or failed for good once the alert is a day old. */
export const markFailed = (db: Db, c: Claimed, error: string) => {
  const delay = RETRY_DELAYS[Math.min(c.attempts, RETRY_DELAYS.length) - 1];
  return db.execute(sql`
    with done as (
      update notification_outbox
        set last_error = ${error},
          next_attempt_at = now() + make_interval(secs => ${delay}),
          status = case when created_at < now() - interval '${sql.raw(GIVE_UP)}' then 'failed' else 'pending' end
      where id = ${c.id} and attempts = ${c.attempts} and status = 'pending' returning channel_id)
    update notification_channels ch set last_error = ${error}
    from done where ch.id = done.channel_id`);
};

/** Sent alerts past 30 days, a batch at a time (the log shows a month). */
export const pruneSent = async (db: Db) =>
  (
    await db.execute(sql`
      delete from notification_outbox where id in (
        select id from notification_outbox
        where status in ('sent', 'failed') and created_at < now() - interval '30 days' limit 5000)`)
  ).rowCount ?? 0;
