// Test-only: a referrer, the affiliates they referred, an offer, and conversions written straight into the table.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversions, invoiceItems, invoices, referralEarnings, users } from '../../db/schema.ts';
import { createTestWorld, type TestApp } from '#test/harness.ts';
import { createOfferWorld, insertConversion, makeOffer } from '../offers/offers.fixtures.ts';
import { putSettings } from '../managers/staff.fixtures.ts';

export const referralWorld = async (t: TestApp) => {
  const w = await createOfferWorld(t.db);
  const offer = await makeOffer(t.app, w);
  const referrer = w.affA;
  /** An affiliate referred by `referrer` (or by nobody), signed up `monthsAgo` months ago. */
  const referred = (o: { by?: string | null; monthsAgo?: number } = {}) =>
    w.member({
      role: 'affiliate',
      referrerId: o.by === undefined ? referrer.id : o.by,
      createdAt: new Date(Date.now() - (o.monthsAgo ?? 0) * 30.5 * 86_400_000),
    });
  const convert = async (affiliateId: string, over: Partial<typeof conversions.$inferInsert> = {}) => {
    const [row] = await insertConversion(t.db, offer.uuid, affiliateId, over).returning();
    return row;
  };
  const setStatus = (id: string, status: string) =>
    t.db.update(conversions).set({ status }).where(eq(conversions.id, id));
  const earningOf = async (conversionId: string) =>
    (await t.db.select().from(referralEarnings).where(eq(referralEarnings.conversionId, conversionId)))[0];
  return { ...w, offer, referrer, referred, convert, setStatus, earningOf };
};
export type ReferralWorld = Awaited<ReturnType<typeof referralWorld>>;

/** A test file's setup: a test app with a referral world on it. */
export const startReferralWorld = () => createTestWorld(referralWorld);

export const setReferralTerms = (db: Db, percent: number, months: number) =>
  putSettings(db, 'affiliates', { referral_percent: percent, referral_months: months });

/** An invoice of the referrer holding the earning, in the given status. */
export const invoiceEarning = async (db: Db, earningId: string, status: string) => {
  const [e] = await db.select().from(referralEarnings).where(eq(referralEarnings.id, earningId));
  const paid = status === 'approved' ? e.amount : 0;
  const [inv] = await db
    .insert(invoices)
    .values({ affiliateId: e.referrerId, currency: e.currency, status, total: e.amount, paid })
    .returning();
  await db.insert(invoiceItems).values({ invoiceId: inv.id, referralEarningId: e.id, amount: e.amount });
  return inv;
};

export const signupDayOf = async (db: Db, id: string) =>
  (await db.select({ at: users.createdAt }).from(users).where(eq(users.id, id)))[0].at;
