import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { TicketRow, ticketListQuerySchema } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { offerAccessRequests, offers, ticketAttachments, ticketMessages, tickets, users } from '../../db/schema.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { nameForType } from '../../lib/file-type.ts';
import { takePage } from '../../lib/paging.ts';
import { containsPattern, refOf, userSearch } from '../../lib/people.ts';
import { partnerScope } from '../../lib/scope.ts';

type ListQuery = z.output<typeof ticketListQuerySchema>;
const manager = alias(users, 'manager');
const author = alias(users, 'author');

/**
 * Partners their own; staff the partners of their scope (docs/product/roles-and-scoping.md). `users` is the partner.
 */
export const ticketScope = (auth: AuthContext): SQL | undefined => {
  const role = auth.user.role;
  if (role === 'affiliate' || role === 'advertiser') return eq(tickets.partnerId, auth.user.id);
  return partnerScope(auth) ?? undefined;
};

/** Unread: the last message is someone else's and came after the caller's read mark (or there is none). */
export const unreadFor = (userId: string) =>
  sql<boolean>`(${tickets.lastMessageBy} is distinct from ${userId} and not exists (select 1 from ticket_reads r
    where r.ticket_id = ${tickets.id} and r.user_id = ${userId} and r.read_at >= ${tickets.lastMessageAt}))`;

const select = (db: Db, userId: string) =>
  db
    .select({
      t: tickets,
      pFirst: users.firstName,
      pLast: users.lastName,
      pEmail: users.email,
      pRole: users.role,
      mId: manager.id,
      mFirst: manager.firstName,
      mLast: manager.lastName,
      mEmail: manager.email,
      offerNumber: offers.number,
      offerTitle: offers.title,
      unread: unreadFor(userId),
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.partnerId))
    .leftJoin(manager, eq(manager.id, users.managerId))
    .leftJoin(offers, eq(offers.id, tickets.offerId));

type Row = Awaited<ReturnType<typeof select>>[number];
const toRow = (r: Row): TicketRow => ({
  uuid: r.t.id,
  type: r.t.type as TicketRow['type'],
  status: r.t.status as TicketRow['status'],
  subject: r.t.subject,
  partner: { ...refOf(r.t.partnerId, r.pFirst, r.pLast, r.pEmail)!, role: r.pRole },
  manager: refOf(r.mId, r.mFirst, r.mLast, r.mEmail),
  offer: r.t.offerId && r.offerNumber !== null ? { uuid: r.t.offerId, id: r.offerNumber, title: r.offerTitle! } : null,
  created_at: r.t.createdAt.toISOString(),
  updated_at: r.t.updatedAt.toISOString(),
  last_message_at: r.t.lastMessageAt.toISOString(),
  unread: r.unread,
});

const sortColumn = (sort: ListQuery['sort']) =>
  sort === 'subject' ? tickets.subject : sort === 'created_at' ? tickets.createdAt : tickets.lastMessageAt;

export const listTickets = async (db: Db, auth: AuthContext, q: ListQuery, timeZone: string) => {
  const where = and(
    ticketScope(auth),
    q.type ? eq(tickets.type, q.type) : undefined,
    q.status ? eq(tickets.status, q.status) : undefined,
    q.partner_uuid ? eq(tickets.partnerId, q.partner_uuid) : undefined,
    q.manager_uuid ? eq(users.managerId, q.manager_uuid) : undefined,
    q.search ? or(ilike(tickets.subject, containsPattern(q.search)), userSearch(q.search)) : undefined,
    q.created_from
      ? sql`${tickets.createdAt} >= (${q.created_from}::date)::timestamp at time zone ${timeZone}`
      : undefined,
    q.created_to
      ? sql`${tickets.createdAt} < (${q.created_to}::date + 1)::timestamp at time zone ${timeZone}`
      : undefined,
  );
  const dir = q.order === 'asc' ? asc : desc;
  const rows = await takePage(
    select(db, auth.user.id)
      .where(where)
      .orderBy(dir(sortColumn(q.sort)), asc(tickets.id))
      .$dynamic(),
    q,
  );
  let count = rows[0]?.total ?? 0;
  if (!rows.length && q.page > 1) {
    const [c] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(tickets)
      .innerJoin(users, eq(users.id, tickets.partnerId))
      .where(where);
    count = c.n;
  }
  return { list: rows.map(toRow), count };
};

/** One ticket the caller may read, or null: out of scope looks exactly like absent. */
export const findTicket = async (db: Db, auth: AuthContext, id: string) => {
  const [row] = await select(db, auth.user.id)
    .where(and(eq(tickets.id, id), ticketScope(auth)))
    .limit(1);
  return row ? { row: toRow(row), raw: row.t } : null;
};

export const countUnread = async (db: Db, auth: AuthContext) => {
  const [r] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.partnerId))
    .where(and(ticketScope(auth), sql`${tickets.status} <> 'closed'`, unreadFor(auth.user.id)));
  return r.n;
};

export const readMessages = async (db: Db, ticketId: string, partnerId: string) => {
  const messages = await db
    .select({ m: ticketMessages, first: author.firstName, last: author.lastName, email: author.email })
    .from(ticketMessages)
    .leftJoin(author, eq(author.id, ticketMessages.authorId))
    .where(eq(ticketMessages.ticketId, ticketId))
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
  const files = messages.length
    ? await db
        .select({
          uuid: ticketAttachments.id,
          messageId: ticketAttachments.messageId,
          name: ticketAttachments.name,
          mime: ticketAttachments.mime,
          size: ticketAttachments.size,
        })
        .from(ticketAttachments)
        .where(
          inArray(
            ticketAttachments.messageId,
            messages.map((x) => x.m.id),
          ),
        )
        .orderBy(asc(ticketAttachments.createdAt))
    : [];
  return messages.map((x) => ({
    uuid: x.m.id,
    author: refOf(x.m.authorId, x.first, x.last, x.email),
    from_partner: x.m.authorId === partnerId,
    body: x.m.body,
    attachments: files
      .filter((f) => f.messageId === x.m.id)
      .map((f) => ({ uuid: f.uuid, name: nameForType(f.name, f.mime), mime: f.mime, size: f.size })),
    created_at: x.m.createdAt.toISOString(),
  }));
};

export const findAccessRequestState = async (db: Db, id: string | null) => {
  if (!id) return null;
  const [r] = await db
    .select({ uuid: offerAccessRequests.id, status: offerAccessRequests.status })
    .from(offerAccessRequests)
    .where(eq(offerAccessRequests.id, id));
  return r ? { uuid: r.uuid, status: r.status as 'pending' | 'approved' | 'declined' } : null;
};
