import { sql, type SQL } from 'drizzle-orm';
import { AFFILIATE_ALERT_EVENTS, type AlertEvent } from '@pxl/contract';
import type { Db } from '../../db/client.ts';

/** The channel every process's alert worker listens on; NOTIFY is sent on commit, so a worker sees the rows. */
export const ALERTS_CHANNEL = 'pxl_alerts';

export type AlertInput = {
  event: AlertEvent;
  title: string;
  text: string;
  data?: Record<string, unknown>;
  /** These channels, when enabled and subscribed to the event. */
  channelIds?: string[];
  /** Each user's own enabled channels subscribed to the event. */
  toUsers?: string[];
  /** Every enabled network channel subscribed to the event. */
  network?: boolean;
  /** At most one alert per channel with this key, ever: a rule firing twice in a race or after a restart sends once. */
  dedupeKey?: string;
};

const TITLE_MAX = 300;
const TEXT_MAX = 3500;

/**
 * Whether channel `c` wants the event: listed, or the list is empty (every event its owner may get). An affiliate may
 * get only the events about its own traffic, so for the others the owner's role is read.
 */
export const subscribedSql = (event: AlertEvent): SQL => {
  const anyOwner = (AFFILIATE_ALERT_EVENTS as readonly string[]).includes(event);
  const owner = anyOwner
    ? sql`true`
    : sql`(c.owner_id is null or not exists (select 1 from users u where u.id = c.owner_id and u.role = 'affiliate'))`;
  return sql`(${event} = any(c.events) or (cardinality(c.events) = 0 and ${owner}))`;
};

/**
 * Rows for the channels `select` yields (columns channel_id, event, title, text, data, dedupe_key), inserted and
 * announced in one statement: nothing is sent before the caller's transaction commits, and a dedupe key already used
 * on a channel adds nothing. Answers how many rows were queued.
 */
export const insertAlerts = async (db: Db, select: SQL) => {
  const { rows } = await db.execute<{ n: number }>(sql`
    with ins as (
      insert into notification_outbox (channel_id, event, title, text, data, dedupe_key)
      ${select}
      on conflict (channel_id, dedupe_key) do nothing
      returning 1)
    select (select count(*) from ins)::int as n,
      (select pg_notify(${ALERTS_CHANNEL}, '') from ins limit 1)::text as woke`);
  return Number(rows[0]?.n ?? 0);
};

/**
 * Queues an alert for every channel it reaches (docs/product/automation.md, "Channels"); safe inside the caller's
 * transaction, one statement. Returns how many rows were queued.
 */
export const enqueueAlert = async (db: Db, a: AlertInput): Promise<number> => {
  const targets: SQL[] = [];
  if (a.channelIds?.length) targets.push(sql`c.id = any(${sql.param(a.channelIds)}::uuid[])`);
  if (a.toUsers?.length) targets.push(sql`c.owner_id = any(${sql.param(a.toUsers)}::uuid[])`);
  if (a.network) targets.push(sql`c.owner_id is null`);
  if (!targets.length) return 0;
  return insertAlerts(
    db,
    sql`select c.id, ${a.event}, ${a.title.slice(0, TITLE_MAX)}, ${a.text.slice(0, TEXT_MAX)},
        ${JSON.stringify(a.data ?? {})}::jsonb, ${a.dedupeKey ?? null}::text
      from notification_channels c
      where c.enabled and (${sql.join(targets, sql` or `)}) and ${subscribedSql(a.event)}`,
  );
};

/** An alert to an affiliate's own channels (offer paused, cap reached, conversion rejected). */
export const alertAffiliate = (
  db: Db,
  affiliateId: string,
  event: AlertEvent,
  title: string,
  text: string,
  data?: Record<string, unknown>,
  dedupeKey?: string,
) => enqueueAlert(db, { event, title, text, data, toUsers: [affiliateId], dedupeKey });
