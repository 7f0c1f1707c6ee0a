import { and, asc, desc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invoiceItems, invoices, referralEarnings, users } from '../../db/schema.ts';

export const findReferralCode = async (db: Db, userId: string) =>
  (await db.select({ code: users.referralCode }).from(users).where(eq(users.id, userId)).limit(1))[0]?.code ?? null;

/** Sets the code only where none is set yet, so two first visits at once keep one code; null when another won. */
export const setReferralCode = async (db: Db, userId: string, code: string) =>
  (
    await db
      .update(users)
      .set({ referralCode: code })
      .where(and(eq(users.id, userId), isNull(users.referralCode)))
      .returning({ code: users.referralCode })
  )[0]?.code ?? null;

/** The affiliate whose link carries the code; a deleted or banned one refers nobody. */
export const findReferrerIdByCode = async (db: Db, code: string) =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(eq(users.referralCode, code), eq(users.role, 'affiliate'), notInArray(users.status, ['deleted', 'banned'])),
      )
      .limit(1)
  )[0]?.id ?? null;

/** Who signed up with the referrer's link: their ID and day only (days in `timeZone`), newest first. */
export const listReferred = (db: Db, referrerId: string, timeZone: string) =>
  db
    .select({
      uuid: users.id,
      joined_at: sql<string>`to_char(${users.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`,
    })
    .from(users)
    .where(and(eq(users.referrerId, referrerId), eq(users.role, 'affiliate')))
    .orderBy(desc(users.createdAt), asc(users.id));

/**
 * Per currency: earned = accrued earnings; paid = what approved invoices paid for the referrer's earnings (an earning
 * has one live invoice item at most, so nothing counts twice).
 */
export const sumEarnings = (db: Db, referrerId: string) =>
  db
    .select({
      currency: referralEarnings.currency,
      earned:
        sql<number>`coalesce(sum(${referralEarnings.amount}) filter (where ${referralEarnings.status} = 'accrued'), 0)`.mapWith(
          Number,
        ),
      paid: sql<number>`coalesce(sum(${invoiceItems.amount}) filter (where ${invoices.status} = 'approved'), 0)`.mapWith(
        Number,
      ),
    })
    .from(referralEarnings)
    .leftJoin(invoiceItems, and(eq(invoiceItems.referralEarningId, referralEarnings.id), eq(invoiceItems.live, true)))
    .leftJoin(invoices, eq(invoices.id, invoiceItems.invoiceId))
    .where(eq(referralEarnings.referrerId, referrerId))
    .groupBy(referralEarnings.currency)
    .orderBy(referralEarnings.currency);
