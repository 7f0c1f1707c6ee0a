import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ticket, accessRequestDecisionSchema, ticketCreateSchema, ticketReplySchema } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { ticketMessages, ticketReads, tickets } from '../../db/schema.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { mailTicketReply } from '../../lib/ticket-mail.ts';
import { decideAccessRequest } from '../offers/index.ts';
import { bindUploads } from './tickets.attachments.ts';
import { findAccessRequestState, findTicket, readMessages } from './tickets.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'mailer' | 'config'>;
type Meta = { ip: string };
const isPartner = (auth: AuthContext) => auth.user.role === 'affiliate' || auth.user.role === 'advertiser';

type TicketChange = 'create' | 'reply' | 'close' | 'reopen' | 'access_decision';
/**
 * Every ticket action is audited with its actor, the partner as subject, never the text of a message
 * (docs/product/tickets-and-mail.md); written in the transaction of the change.
 */
const auditTicket = (
  tx: Db,
  auth: AuthContext,
  meta: Meta,
  ticket: { id: string; partnerId: string },
  change: TicketChange,
  details: Record<string, unknown> = {},
) =>
  writeAudit(tx, {
    action: 'ticket_change',
    actorId: auth.user.id,
    subjectId: ticket.partnerId,
    ip: meta.ip,
    details: { ticket_uuid: ticket.id, change, ...details },
  });

const mustFind = async (db: Db, auth: AuthContext, id: string) => {
  const found = await findTicket(db, auth, id);
  if (!found) throw notFound('Ticket');
  return found;
};

/** The ticket with its thread; opening it marks it read for the caller. */
export const readTicket = async (db: Db, auth: AuthContext, id: string, markRead = true): Promise<Ticket> => {
  const { row, raw } = await mustFind(db, auth, id);
  if (markRead) {
    await db
      .insert(ticketReads)
      .values({ ticketId: id, userId: auth.user.id })
      .onConflictDoUpdate({ target: [ticketReads.userId, ticketReads.ticketId], set: { readAt: sql`now()` } });
  }
  return {
    ...row,
    unread: markRead ? false : row.unread,
    messages: await readMessages(db, id, raw.partnerId),
    access_request: await findAccessRequestState(db, raw.accessRequestId),
  };
};

const addMessage = async (tx: Db, auth: AuthContext, ticketId: string, body: string, files: string[]) => {
  const [m] = await tx
    .insert(ticketMessages)
    .values({ ticketId, authorId: auth.user.id, body })
    .returning({ id: ticketMessages.id });
  await bindUploads(tx, auth, m.id, files);
};

export const createTicket = async (
  deps: Deps,
  auth: AuthContext,
  input: z.output<typeof ticketCreateSchema>,
  meta: Meta,
) => {
  const id = await inTransaction(deps.db, async (tx) => {
    const [t] = await tx
      .insert(tickets)
      .values({ type: input.type, subject: input.subject, partnerId: auth.user.id, lastMessageBy: auth.user.id })
      .returning({ id: tickets.id });
    await addMessage(tx, auth, t.id, input.body, input.attachments);
    await auditTicket(tx, auth, meta, { id: t.id, partnerId: auth.user.id }, 'create', {
      type: input.type,
      subject: input.subject,
      attachments: input.attachments.length,
    });
    return t.id;
  });
  await mailTicketReply(deps, id, auth.user.id, input.body);
  return readTicket(deps.db, auth, id);
};

/**
 * A staff reply makes the ticket answered, the partner's reopens it (docs/product/tickets-and-mail.md); a reply to a
 * closed ticket reopens it the same way. The other side gets the mail.
 */
export const replyToTicket = async (
  deps: Deps,
  auth: AuthContext,
  id: string,
  input: z.output<typeof ticketReplySchema>,
  meta: Meta,
) => {
  const { row, raw } = await mustFind(deps.db, auth, id);
  const status = isPartner(auth) ? 'open' : 'answered';
  await inTransaction(deps.db, async (tx) => {
    await addMessage(tx, auth, id, input.body, input.attachments);
    await tx
      .update(tickets)
      .set({ status, lastMessageAt: sql`now()`, lastMessageBy: auth.user.id, updatedAt: sql`now()` })
      .where(eq(tickets.id, id));
    await auditTicket(tx, auth, meta, raw, 'reply', {
      status_from: row.status,
      status_to: status,
      attachments: input.attachments.length,
    });
  });
  await mailTicketReply(deps, id, auth.user.id, input.body);
  return readTicket(deps.db, auth, id);
};

export const setTicketClosed = async (db: Db, auth: AuthContext, id: string, closed: boolean, meta: Meta) => {
  const { row, raw } = await mustFind(db, auth, id);
  if (closed && row.status === 'closed') throw badRequest('status', 'This ticket is already closed');
  if (!closed && row.status !== 'closed') throw badRequest('status', 'This ticket is not closed');
  await inTransaction(db, async (tx) => {
    await tx
      .update(tickets)
      .set({ status: closed ? 'closed' : 'open', updatedAt: sql`now()` })
      .where(eq(tickets.id, id));
    await auditTicket(tx, auth, meta, raw, closed ? 'close' : 'reopen', {
      status_from: row.status,
      status_to: closed ? 'closed' : 'open',
    });
  });
  return readTicket(db, auth, id);
};

/** The same decision as on the offer (trusted or not), taken from its ticket; the ticket records it. */
export const decideFromTicket = async (
  deps: Deps,
  auth: AuthContext,
  id: string,
  input: z.output<typeof accessRequestDecisionSchema>,
  meta: { ip: string },
) => {
  const { raw } = await mustFind(deps.db, auth, id);
  if (raw.type !== 'offer_access' || !raw.accessRequestId)
    throw badRequest('decision', 'This ticket is not an offer access request');
  const { note } = await decideAccessRequest(deps.db, auth, raw.accessRequestId, input, meta);
  // The decision itself is audited by the offers module (offer_access); this row ties it to the ticket.
  await auditTicket(deps.db, auth, meta, raw, 'access_decision', { decision: input.decision });
  if (note) await mailTicketReply(deps, note.ticketId, auth.user.id, note.body);
  return readTicket(deps.db, auth, id);
};
