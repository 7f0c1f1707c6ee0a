import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Conversion, conversionStatusChangeSchema } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { clicks, conversionHistory, conversions, offers, users } from '../../db/schema.ts';
import { writeAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import { refOf } from '../../lib/people.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { affiliatesInScope } from '../../lib/scope.ts';
import { setConversionStatus } from './conversions.service.ts';

const affiliate = alias(users, 'affiliate');
const actor = alias(users, 'actor');

/** A conversion of an affiliate in the caller's scope, else 404 (decision 006). */
const findScoped = async (db: Db, auth: AuthContext, id: string) => {
  const scope = affiliatesInScope(db, auth);
  const [row] = await db
    .select({
      c: conversions,
      number: offers.number,
      title: offers.title,
      first: affiliate.firstName,
      last: affiliate.lastName,
      email: affiliate.email,
    })
    .from(conversions)
    .innerJoin(offers, eq(offers.id, conversions.offerId))
    .innerJoin(affiliate, eq(affiliate.id, conversions.affiliateId))
    .where(and(eq(conversions.id, id), scope ? sql`${conversions.affiliateId} in (${scope})` : undefined))
    .limit(1);
  if (!row) throw notFound('Conversion');
  return row;
};

export const loadConversion = async (db: Db, auth: AuthContext, id: string): Promise<Conversion> => {
  const { c, number, title, first, last, email } = await findScoped(db, auth, id);
  const history = await db
    .select({ h: conversionHistory, first: actor.firstName, last: actor.lastName, email: actor.email })
    .from(conversionHistory)
    .leftJoin(actor, eq(actor.id, conversionHistory.actorId))
    .where(eq(conversionHistory.conversionId, id))
    .orderBy(asc(conversionHistory.createdAt));
  return {
    uuid: c.id,
    click_id: c.clickId,
    offer: { uuid: c.offerId, id: number, title },
    affiliate: refOf(c.affiliateId, first, last, email)!,
    goal: c.goal,
    status: c.status as Conversion['status'],
    flow: c.flow as Conversion['flow'],
    paid: c.paid,
    payout: c.payout,
    revenue: c.revenue,
    currency: c.currency,
    country: c.country,
    txid: c.txid,
    hold_until: c.holdUntil?.toISOString() ?? null,
    created_at: c.createdAt.toISOString(),
    history: history.map(({ h, first: f, last: l, email: e }) => ({
      from: h.fromStatus as Conversion['status'] | null,
      to: h.toStatus as Conversion['status'],
      source: h.source as 'staff',
      actor: refOf(h.actorId, f, l, e),
      reason: h.reason,
      at: h.createdAt.toISOString(),
    })),
  };
};

/** Staff set a conversion's status by hand (reason kept in its history), audited; answers with the conversion. */
export const changeConversionStatus = async (
  db: Db,
  auth: AuthContext,
  id: string,
  body: z.output<typeof conversionStatusChangeSchema>,
  ip: string,
) => {
  const { c } = await findScoped(db, auth, id);
  await db.transaction(async (tx) => {
    // Locked, so two staff members (or a postback) changing it at once each see the status the other left.
    const [current] = await tx.select().from(conversions).where(eq(conversions.id, c.id)).for('update');
    const [click] = current.clickId
      ? await tx.select().from(clicks).where(eq(clicks.id, current.clickId)).limit(1)
      : [];
    await setConversionStatus(tx as unknown as Db, current, click ?? null, body.status, {
      source: 'staff',
      actorId: auth.user.id,
      reason: body.reason,
    });
  });
  await writeAudit(db, {
    action: 'status_change',
    actorId: auth.user.id,
    subjectId: c.affiliateId,
    ip,
    details: { conversion_uuid: c.id, from: c.status, to: body.status, reason: body.reason },
  });
  return loadConversion(db, auth, id);
};
