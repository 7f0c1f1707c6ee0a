import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notificationChannels, users } from '../../db/schema.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { isAdminLike } from '../../lib/people.ts';

export type ChannelRow = typeof notificationChannels.$inferSelect;
export type ChannelWithOwner = ChannelRow & {
  ownerFirst: string | null;
  ownerLast: string | null;
  ownerEmail: string | null;
};

/** Admin and head see the network's channels and their own; everyone else only their own. */
export const channelScope = (auth: AuthContext): SQL =>
  isAdminLike(auth)
    ? or(isNull(notificationChannels.ownerId), eq(notificationChannels.ownerId, auth.user.id))!
    : eq(notificationChannels.ownerId, auth.user.id);

const withOwner = (db: Db) =>
  db
    .select({
      channel: notificationChannels,
      ownerFirst: users.firstName,
      ownerLast: users.lastName,
      ownerEmail: users.email,
    })
    .from(notificationChannels)
    .leftJoin(users, eq(users.id, notificationChannels.ownerId));

const flat = (r: {
  channel: ChannelRow;
  ownerFirst: string | null;
  ownerLast: string | null;
  ownerEmail: string | null;
}) => ({
  ...r.channel,
  ownerFirst: r.ownerFirst,
  ownerLast: r.ownerLast,
  ownerEmail: r.ownerEmail,
});

export const listChannelRows = async (db: Db, auth: AuthContext): Promise<ChannelWithOwner[]> =>
  (await withOwner(db).where(channelScope(auth)).orderBy(desc(notificationChannels.createdAt))).map(flat);

/** One channel the caller may see; `lock` holds it for a change. */
export const findChannelRow = async (
  db: Db,
  auth: AuthContext,
  id: string,
  lock = false,
): Promise<ChannelWithOwner | null> => {
  const q = withOwner(db).where(and(eq(notificationChannels.id, id), channelScope(auth)));
  const [row] = lock ? await q.for('update', { of: notificationChannels }) : await q;
  return row ? flat(row) : null;
};

/**
 * The owner's channels counted under a transaction lock on the owner, so two creations at once cannot both pass the
 * limit. `null`: the network's.
 */
export const countOwnedLocked = async (tx: Db, ownerId: string | null) => {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`notification_channels:${ownerId ?? 'network'}`}))`);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(notificationChannels)
    .where(ownerId ? eq(notificationChannels.ownerId, ownerId) : isNull(notificationChannels.ownerId));
  return row.n;
};

export const insertChannel = async (db: Db, values: typeof notificationChannels.$inferInsert) =>
  (await db.insert(notificationChannels).values(values).returning({ id: notificationChannels.id }))[0].id;

export const updateChannelRow = (db: Db, id: string, values: Partial<typeof notificationChannels.$inferInsert>) =>
  db
    .update(notificationChannels)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(notificationChannels.id, id));

/** Its outbox rows go with it (on delete cascade): alerts not yet sent to a channel that is gone are dropped. */
export const deleteChannelRow = (db: Db, id: string) =>
  db.delete(notificationChannels).where(eq(notificationChannels.id, id));
