import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billingAdjustments } from '../../db/schema.ts';

export type PendingAdjustment = {
  affiliateId: string;
  currency: string;
  /** ± minor units, never 0. */
  amount: number;
  /** The invoice line's name, shown to the affiliate. */
  comment: string;
  source: 'reconciliation';
  sourceId: string;
  /** The conversion it corrects, summed by later imports of the same conversion; null for none. */
  conversionId: string | null;
  createdBy: string | null;
};

/**
 * Queues a correction for the affiliate's next invoice (docs/product/billing.md, "Adjustments from reconciliation").
 * The same source row twice stores one: applying again cannot pay a correction twice.
 */
export const addPendingAdjustment = async (tx: Db, a: PendingAdjustment): Promise<void> => {
  await tx
    .insert(billingAdjustments)
    .values(a)
    .onConflictDoNothing({
      target: [billingAdjustments.source, billingAdjustments.sourceId],
      where: sql`source_id is not null`,
    });
};

/** What reconciliation has already stored for each of these conversions, taken into an invoice or not, by id. */
export const storedAdjustments = async (db: Db, conversionIds: string[]): Promise<Map<string, number>> => {
  if (!conversionIds.length) return new Map();
  const { rows } = await db.execute<{ id: string; total: string }>(sql`
    select conversion_id as id, sum(amount)::text as total from billing_adjustments
    where source = 'reconciliation' and conversion_id = any(${sql.param(conversionIds)}::uuid[])
    group by conversion_id`);
  return new Map(rows.map((r) => [r.id, Number(r.total)]));
};

/**
 * Drops the reconciliation adjustments of these conversions that no invoice has taken yet: a direct status change
 * (staff, a postback, a later apply) supersedes them, and keeping both would take the payout back twice
 * (docs/decisions/059-reconciliation-apply.md).
 */
export const dropPendingAdjustments = async (db: Db, conversionIds: string[]): Promise<void> => {
  if (!conversionIds.length) return;
  await db.delete(billingAdjustments).where(
    and(
      eq(billingAdjustments.source, 'reconciliation'),
      // One array parameter: an apply passes up to all its conversions, more than a statement's parameters.
      sql`${billingAdjustments.conversionId} = any(${sql.param(conversionIds)}::uuid[])`,
      isNull(billingAdjustments.invoiceId),
    ),
  );
};
