import { and, desc, eq, sql } from 'drizzle-orm';
import type { AlertEvent, ChannelKind, OutboxItem, OutboxStatus, Paged } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { notificationChannels, notificationOutbox } from '../../db/schema.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { pageOf, type PageQuery } from '../../lib/paging.ts';
import { channelScope } from './channels.repository.ts';

export type OutboxQuery = PageQuery & { status?: OutboxStatus; channel_uuid?: string };

/** The outbox of the channels the caller sees, newest first (docs/product/automation.md, "Channels"). */
export const listOutbox = async (db: Db, auth: AuthContext, q: OutboxQuery): Promise<Paged<OutboxItem>> => {
  const where = and(
    channelScope(auth),
    q.status ? eq(notificationOutbox.status, q.status) : undefined,
    q.channel_uuid ? eq(notificationOutbox.channelId, q.channel_uuid) : undefined,
  );
  const { limit, offset } = pageOf(q);
  const rows = await db
    .select({ o: notificationOutbox, name: notificationChannels.name, kind: notificationChannels.kind })
    .from(notificationOutbox)
    .innerJoin(notificationChannels, eq(notificationChannels.id, notificationOutbox.channelId))
    .where(where)
    .orderBy(desc(notificationOutbox.createdAt), desc(notificationOutbox.id))
    .limit(limit)
    .offset(offset);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notificationOutbox)
    .innerJoin(notificationChannels, eq(notificationChannels.id, notificationOutbox.channelId))
    .where(where);
  return {
    count: n,
    list: rows.map(({ o, name, kind }) => ({
      uuid: o.id,
      channel: { uuid: o.channelId, name, kind: kind as ChannelKind },
      event: o.event as AlertEvent,
      title: o.title,
      text: o.text,
      status: o.status as OutboxStatus,
      attempts: o.attempts,
      next_attempt_at: o.status === 'pending' ? o.nextAttemptAt.toISOString() : null,
      last_error: o.lastError,
      created_at: o.createdAt.toISOString(),
      sent_at: o.sentAt?.toISOString() ?? null,
    })),
  };
};
