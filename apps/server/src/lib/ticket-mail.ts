import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/client.ts';
import { tickets, users } from '../db/schema.ts';
import type { Mailer } from './mailer.ts';
import { nameOf } from './people.ts';

const manager = alias(users, 'manager');
const author = alias(users, 'author');

/**
 * The other side of a ticket hears of every reply (docs/product/tickets-and-mail.md): a partner's message goes to
 * their manager, a staff message to the partner. A partner without a manager has nobody to mail; the ticket still
 * waits in the staff list. Shared by the tickets module and the offers module (access decisions).
 */
export const mailTicketReply = async (
  deps: { db: Db; mailer: Mailer; config: Config },
  ticketId: string,
  authorId: string,
  message: string,
) => {
  const [row] = await deps.db
    .select({
      subject: tickets.subject,
      partnerId: users.id,
      partnerEmail: users.email,
      managerEmail: manager.email,
      first: author.firstName,
      last: author.lastName,
      email: author.email,
    })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.partnerId))
    .leftJoin(manager, eq(manager.id, users.managerId))
    .innerJoin(author, eq(author.id, authorId))
    .where(eq(tickets.id, ticketId));
  if (!row) return;
  const to = row.partnerId === authorId ? row.managerEmail : row.partnerEmail;
  if (!to) return;
  const base = (deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT}`).replace(/\/$/, '');
  await deps.mailer.send({
    to,
    template: 'ticket_reply',
    vars: {
      ticket: row.subject,
      author: nameOf(row.first, row.last, row.email),
      message,
      link: `${base}/tickets/${ticketId}`,
    },
  });
};
