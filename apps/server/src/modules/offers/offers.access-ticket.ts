import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { offers, ticketMessages, tickets } from '../../db/schema.ts';

// An access request is also an offer access ticket (docs/product/tickets-and-mail.md): the affiliate's ask opens it
// and the decision, from the offer or from the ticket, is written into it. The rows are written here, beside the
// request, so the offers module does not depend on the tickets module (which depends on this one).

/** Opens the ticket with the affiliate's message; returns its id. */
export const openAccessTicket = async (
  db: Db,
  r: { requestId: string; offerId: string; affiliateId: string; message: string },
) => {
  const [offer] = await db
    .select({ number: offers.number, title: offers.title })
    .from(offers)
    .where(eq(offers.id, r.offerId));
  const [ticket] = await db
    .insert(tickets)
    .values({
      type: 'offer_access',
      subject: `Access to offer #${offer.number} ${offer.title}`.slice(0, 200),
      partnerId: r.affiliateId,
      offerId: r.offerId,
      accessRequestId: r.requestId,
      lastMessageBy: r.affiliateId,
    })
    .returning({ id: tickets.id });
  await db.insert(ticketMessages).values({
    ticketId: ticket.id,
    authorId: r.affiliateId,
    body: r.message.trim() || 'I would like access to this offer.',
  });
  return ticket.id;
};

/** A staff message with the decision; the ticket is answered. Returns the ticket and the text, or null without one. */
export const recordAccessDecision = async (
  db: Db,
  requestId: string,
  deciderId: string,
  decision: 'approved' | 'declined',
  reason: string,
) => {
  const [ticket] = await db.select({ id: tickets.id }).from(tickets).where(eq(tickets.accessRequestId, requestId));
  if (!ticket) return null;
  const body =
    decision === 'approved'
      ? `Access approved: you are now trusted on this offer.${reason ? `\n${reason}` : ''}`
      : `Access declined: ${reason}`;
  await db.insert(ticketMessages).values({ ticketId: ticket.id, authorId: deciderId, body });
  await db
    .update(tickets)
    .set({ status: 'answered', lastMessageAt: sql`now()`, lastMessageBy: deciderId, updatedAt: sql`now()` })
    .where(eq(tickets.id, ticket.id));
  return { ticketId: ticket.id, body };
};
