import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AccessRequest, Paged, accessRequestDecisionSchema, accessRequestListQuerySchema } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { offerAccessRequests, offerTrustedAffiliates, offers, users } from '../../db/schema.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { refOf, totalOf } from '../../lib/people.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { affiliatesInScope } from '../../lib/scope.ts';
import { takePage } from '../../lib/paging.ts';
import { openAccessTicket, recordAccessDecision } from './offers.access-ticket.ts';

const affiliate = alias(users, 'affiliate');
const decider = alias(users, 'decider');

const select = (db: Db) =>
  db
    .select({
      r: offerAccessRequests,
      offerNumber: offers.number,
      offerTitle: offers.title,
      affFirst: affiliate.firstName,
      affLast: affiliate.lastName,
      affEmail: affiliate.email,
      decFirst: decider.firstName,
      decLast: decider.lastName,
      decEmail: decider.email,
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(offerAccessRequests)
    .innerJoin(offers, eq(offers.id, offerAccessRequests.offerId))
    .innerJoin(affiliate, eq(affiliate.id, offerAccessRequests.affiliateId))
    .leftJoin(decider, eq(decider.id, offerAccessRequests.decidedBy));

type Row = Awaited<ReturnType<typeof select>>[number];
const toRequest = (x: Row): AccessRequest => ({
  uuid: x.r.id,
  offer: { uuid: x.r.offerId, id: x.offerNumber, title: x.offerTitle },
  affiliate: refOf(x.r.affiliateId, x.affFirst, x.affLast, x.affEmail)!,
  status: x.r.status as AccessRequest['status'],
  message: x.r.message,
  reason: x.r.reason,
  decided_by: refOf(x.r.decidedBy, x.decFirst, x.decLast, x.decEmail),
  decided_at: x.r.decidedAt?.toISOString() ?? null,
  created_at: x.r.createdAt.toISOString(),
});

const scoped = (db: Db, auth: AuthContext) => {
  const scope = affiliatesInScope(db, auth);
  return scope ? sql`${offerAccessRequests.affiliateId} in (${scope})` : undefined;
};

export const findRequest = async (db: Db, id: string) => {
  const [row] = await select(db).where(eq(offerAccessRequests.id, id)).limit(1);
  return row ? toRequest(row) : null;
};

/** Pending first, then newest: what needs a decision is on top. */
export const listAccessRequests = async (
  db: Db,
  auth: AuthContext,
  offerId: string,
  q: z.output<typeof accessRequestListQuerySchema>,
): Promise<Paged<AccessRequest>> => {
  const [offer] = await db.select({ id: offers.id }).from(offers).where(eq(offers.id, offerId)).limit(1);
  if (!offer) throw notFound('Offer');
  const where = and(
    eq(offerAccessRequests.offerId, offerId),
    q.status ? eq(offerAccessRequests.status, q.status) : undefined,
    scoped(db, auth),
  );
  const rows = await takePage(
    select(db)
      .where(where)
      .orderBy(sql`${offerAccessRequests.status} = 'pending' desc`, desc(offerAccessRequests.createdAt))
      .$dynamic(),
    q,
  );
  return { list: rows.map(toRequest), count: await totalOf(db, rows, q.page, where, offerAccessRequests) };
};

/**
 * Approving adds the affiliate to the trusted list; only a pending request can be decided, once. The decision is
 * written into the request's ticket (`note`, null for a request older than tickets).
 */
export const decideAccessRequest = async (
  db: Db,
  auth: AuthContext,
  id: string,
  input: z.output<typeof accessRequestDecisionSchema>,
  meta: { ip?: string },
) => {
  const [row] = await select(db)
    .where(and(eq(offerAccessRequests.id, id), scoped(db, auth)))
    .limit(1);
  if (!row) throw notFound('Access request');
  const status = input.decision === 'approve' ? 'approved' : 'declined';
  const note = await inTransaction(db, async (tx) => {
    const done = await tx
      .update(offerAccessRequests)
      .set({ status, reason: input.reason ?? '', decidedBy: auth.user.id, decidedAt: sql`now()` })
      .where(and(eq(offerAccessRequests.id, id), eq(offerAccessRequests.status, 'pending')))
      .returning({ id: offerAccessRequests.id });
    if (!done.length) throw badRequest('decision', 'This request has already been decided');
    if (status === 'approved') {
      await tx
        .insert(offerTrustedAffiliates)
        .values({ offerId: row.r.offerId, affiliateId: row.r.affiliateId, addedBy: auth.user.id })
        .onConflictDoNothing();
    }
    return recordAccessDecision(tx, id, auth.user.id, status, input.reason ?? '');
  });
  await writeAudit(db, {
    action: 'offer_access',
    actorId: auth.user.id,
    subjectId: row.r.affiliateId,
    ip: meta.ip,
    details: { offer_uuid: row.r.offerId, decision: status },
  });
  return { request: (await findRequest(db, id))!, note };
};

export const createAccessRequest = async (
  db: Db,
  offerId: string,
  affiliateId: string,
  message: string | undefined,
) => {
  try {
    const { id, ticketId } = await inTransaction(db, async (tx) => {
      const [row] = await tx
        .insert(offerAccessRequests)
        .values({ offerId, affiliateId, message: message ?? '' })
        .returning({ id: offerAccessRequests.id });
      const ticket = await openAccessTicket(tx, { requestId: row.id, offerId, affiliateId, message: message ?? '' });
      // The ticket it opens is audited like one opened from the form (docs/product/tickets-and-mail.md, "Audit").
      await writeAudit(tx, {
        action: 'ticket_change',
        actorId: affiliateId,
        subjectId: affiliateId,
        details: { ticket_uuid: ticket, change: 'create', type: 'offer_access', offer_uuid: offerId },
      });
      return { id: row.id, ticketId: ticket };
    });
    return { request: (await findRequest(db, id))!, ticketId };
  } catch (err) {
    // The partial unique index allows one pending request per affiliate and offer, also under double clicks.
    if (
      (err as { cause?: { code?: string }; code?: string }).cause?.code === '23505' ||
      (err as { code?: string }).code === '23505'
    ) {
      throw badRequest('offer', 'Your request is waiting for a decision');
    }
    throw err;
  }
};
