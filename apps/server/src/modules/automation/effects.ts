import { and, eq, inArray, sql, type AnyColumn } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { automationBlocks, offerCaps, offerProducts } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

// What the state-changing actions change, and how an undo puts it back (docs/product/automation.md, "Actions and
// undo"; docs/decisions/065-automation-actions-and-undo.md). Each runs inside the caller's transaction. The tables
// touched here notify pxl_cache (migrations 0005, 0011, 0045), so every process's click and lead caches drop their
// copies when the transaction commits: nothing else needs invalidating.

export type BlockScope = {
  offerId: string | null;
  affiliateId: string | null;
  subKey: string | null;
  subValue: string | null;
};
export type BlockRow = typeof automationBlocks.$inferSelect;
export type OfferProductRow = typeof offerProducts.$inferSelect;
export type CapState = { cap_id: string; offer_id: string; metric: string; period: string; limit: number };

export const conflict = (message: string) => new AppError(409, { undo: message });

/**
 * A pause or hold for the scope; null when one is already in force (the unique index, nulls not distinct, makes that
 * atomic), so a rule that stays true does not pile up blocks.
 */
export const insertBlock = async (tx: Db, actionId: string, kind: 'pause' | 'hold', s: BlockScope) =>
  (
    await tx
      .insert(automationBlocks)
      .values({ actionId, kind, ...s })
      .onConflictDoNothing()
      .returning()
  )[0] ?? null;

export const blockInForce = async (tx: Db, kind: 'pause' | 'hold', s: BlockScope) => {
  const same = (col: AnyColumn, v: string | null) => (v === null ? sql`${col} is null` : eq(col, v));
  const [row] = await tx
    .select({ id: automationBlocks.id })
    .from(automationBlocks)
    .where(
      and(
        eq(automationBlocks.kind, kind),
        same(automationBlocks.offerId, s.offerId),
        same(automationBlocks.affiliateId, s.affiliateId),
        same(automationBlocks.subKey, s.subKey),
        same(automationBlocks.subValue, s.subValue),
      ),
    )
    .limit(1);
  return !!row;
};

/** The undo of a pause or hold: the block the action made goes. Conversions it already held stay held. */
export const liftBlock = async (tx: Db, actionId: string, what: string) => {
  const gone = await tx.delete(automationBlocks).where(eq(automationBlocks.actionId, actionId)).returning();
  if (!gone.length) throw conflict(`The ${what} is no longer in force (its offer or affiliate was removed)`);
  return gone;
};

/** The product leaves every offer's waterfall; the rows are returned whole, for the log and the undo. */
export const removeProductRows = (tx: Db, productId: string) =>
  tx.delete(offerProducts).where(eq(offerProducts.productId, productId)).returning();

/**
 * Puts the rows back as they were. Refused when staff linked the product to one of those offers again since (their
 * row stands; a second would break the primary key and overwrite their settings).
 */
export const restoreProductRows = async (tx: Db, rows: OfferProductRow[]) => {
  if (!rows.length) return;
  const productId = rows[0].productId;
  const back = await tx
    .select({ offerId: offerProducts.offerId })
    .from(offerProducts)
    .where(
      and(
        eq(offerProducts.productId, productId),
        inArray(
          offerProducts.offerId,
          rows.map((r) => r.offerId),
        ),
      ),
    );
  if (back.length)
    throw conflict(
      `The product is in the waterfall of ${back.length === 1 ? 'an offer' : `${back.length} offers`} again (put back by hand since): change the offer's buyers instead`,
    );
  await tx.insert(offerProducts).values(rows);
};

export const readCap = async (tx: Db, capId: string, lock = false) => {
  const q = tx.select().from(offerCaps).where(eq(offerCaps.id, capId)).limit(1);
  const [cap] = lock ? await q.for('update') : await q;
  return cap ?? null;
};

export const capStateOf = (cap: typeof offerCaps.$inferSelect, limit = cap.limit): CapState => ({
  cap_id: cap.id,
  offer_id: cap.offerId,
  metric: cap.metric,
  period: cap.period,
  limit,
});

export const writeCapLimit = (tx: Db, capId: string, limit: number) =>
  tx.update(offerCaps).set({ limit }).where(eq(offerCaps.id, capId));

/** The undo of set_cap: the old limit, unless someone changed the cap since (or saved the caps, which renews them). */
export const restoreCapLimit = async (tx: Db, before: CapState, after: CapState) => {
  const cap = await readCap(tx, after.cap_id, true);
  if (!cap) throw conflict('The cap was removed or saved again since: its limit is no longer the one the rule set');
  if (cap.limit !== after.limit)
    throw conflict(`The cap's limit was changed since (${after.limit} → ${cap.limit}): set it by hand instead`);
  await writeCapLimit(tx, cap.id, before.limit);
};
