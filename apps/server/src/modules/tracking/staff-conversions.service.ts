import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Conversion, conversionFraudOverrideSchema, conversionStatusChangeSchema } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { clicks, conversionHistory, conversions, offers, users } from '../../db/schema.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { refOf } from '../../lib/people.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { affiliatesInScope } from '../../lib/scope.ts';
import type { FraudActed } from './conversion-fraud.ts';
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
    fraud_action: c.fraudAction as Conversion['fraud_action'],
    history: history.map(({ h, first: f, last: l, email: e }) => ({
      from: h.fromStatus as Conversion['status'] | null,
      to: h.toStatus as Conversion['status'],
      source: h.source as Conversion['history'][number]['source'],
      actor: refOf(h.actorId, f, l, e),
      reason: h.reason,
      at: h.createdAt.toISOString(),
    })),
  };
};

type Row = typeof conversions.$inferSelect;

/** The conversion locked, so two staff members (or a postback) changing it at once each see the status the other left. */
const lockWithClick = async (tx: Db, id: string) => {
  const [current] = await tx.select().from(conversions).where(eq(conversions.id, id)).for('update');
  const [click] = current.clickId ? await tx.select().from(clicks).where(eq(clicks.id, current.clickId)).limit(1) : [];
  return { current, click: click ?? null };
};

/**
 * The fraud mark after staff set `to` (docs/decisions/055-conversion-fraud-actions.md): pending or approved releases
 * it; hold or rejected keeps the conversion marked, following the new status; unmarked conversions stay unmarked.
 */
const markAfter = (current: Row, to: string): FraudActed | null | undefined => {
  if (!current.fraudAction) return undefined;
  if (to === 'pending' || to === 'approved') return null;
  return to === 'hold' ? 'hold' : 'reject';
};

/** The audit row of a release: who, from and to, the action released and the reasons it was taken for. */
const overrideAudit = (current: Row, to: string, actorId: string, ip: string, note: string) => ({
  action: 'fraud_override' as const,
  actorId,
  subjectId: current.affiliateId,
  ip,
  details: {
    conversion_uuid: current.id,
    from: current.status,
    to,
    fraud_action: current.fraudAction,
    score: current.fraudScore,
    reasons: current.fraudReasons ?? [],
    note,
  },
});

/**
 * Staff set a conversion's status by hand (reason kept in its history), audited with the change; answers with the
 * conversion. Releasing a conversion a fraud action set is audited as a fraud override.
 */
export const changeConversionStatus = async (
  db: Db,
  auth: AuthContext,
  id: string,
  body: z.output<typeof conversionStatusChangeSchema>,
  ip: string,
) => {
  await findScoped(db, auth, id);
  await inTransaction(db, async (tx) => {
    const { current, click } = await lockWithClick(tx, id);
    const fraudAction = markAfter(current, body.status);
    const by = { source: 'staff' as const, actorId: auth.user.id, reason: body.reason, fraudAction };
    await setConversionStatus(tx, current, click, body.status, by);
    await writeAudit(
      tx,
      fraudAction === null
        ? overrideAudit(current, body.status, auth.user.id, ip, body.reason)
        : {
            action: 'status_change',
            actorId: auth.user.id,
            subjectId: current.affiliateId,
            ip,
            details: { conversion_uuid: current.id, from: current.status, to: body.status, reason: body.reason },
          },
    );
  });
  return loadConversion(db, auth, id);
};

/** Staff release a conversion held or rejected by a fraud action (docs/product/fraud.md, "Overrides"). */
export const overrideConversionFraud = async (
  db: Db,
  auth: AuthContext,
  id: string,
  body: z.output<typeof conversionFraudOverrideSchema>,
  ip: string,
) => {
  await findScoped(db, auth, id);
  await inTransaction(db, async (tx) => {
    const { current, click } = await lockWithClick(tx, id);
    if (!current.fraudAction)
      throw new AppError(409, { status: 'This conversion was not held or rejected for traffic quality' });
    const what = current.fraudAction === 'hold' ? 'hold' : 'rejection';
    await setConversionStatus(tx, current, click, body.status, {
      source: 'staff',
      actorId: auth.user.id,
      reason: `Released from the traffic-quality ${what}${body.note ? `: ${body.note}` : ''}`,
      fraudAction: null,
    });
    await writeAudit(tx, overrideAudit(current, body.status, auth.user.id, ip, body.note));
  });
  return loadConversion(db, auth, id);
};
