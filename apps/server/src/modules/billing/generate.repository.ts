import type { InvoiceLine, InvoicePreview } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { nameOf } from '../../lib/people.ts';
import { pgOf } from '../../lib/plain-sql.ts';
import { belowMinimumSql, generateSql, paramsOf, previewSql, type GenerateScope } from './generate-sql.ts';

export type { GenerateScope };

type GoalLine = { offer_uuid: string; offer_id: number; title: string; goal: string; count: number; amount: number };
type PreviewRow = {
  affiliate_id: string;
  first_name: string;
  last_name: string;
  email: string;
  currency: InvoicePreview['currency'];
  total: string;
  conversions: string;
  payment_system: InvoicePreview['payment_system'];
  lines: GoalLine[];
  referral: { count: number; amount: number };
  adjustments: { comment: string; amount: number }[];
  below_minimum: string;
};

const linesOf = (r: PreviewRow): InvoiceLine[] => [
  ...r.lines.map((l) => ({
    kind: 'offer_goal' as const,
    offer: { uuid: l.offer_uuid, id: l.offer_id, title: l.title },
    goal: l.goal,
    count: Number(l.count),
    amount: Number(l.amount),
    comment: '',
    source: null,
  })),
  ...(r.referral.count
    ? [
        {
          kind: 'referral' as const,
          offer: null,
          goal: null,
          count: r.referral.count,
          amount: Number(r.referral.amount),
          comment: '',
          source: null,
        },
      ]
    : []),
  ...r.adjustments.map((a) => ({
    kind: 'adjustment' as const,
    offer: null,
    goal: null,
    count: 0,
    amount: Number(a.amount),
    comment: a.comment,
    source: 'reconciliation' as const,
  })),
];

/** The invoices a generation would create now, and how many balances stay under the minimum payout; writes nothing. */
export const previewInvoices = async (db: Db, scope: GenerateScope) => {
  const client = pgOf(db);
  const { rows } = await client.query<PreviewRow>(previewSql(scope), paramsOf(scope));
  const below = rows.length
    ? Number(rows[0].below_minimum)
    : Number((await client.query<{ n: string }>(belowMinimumSql(scope), paramsOf(scope))).rows[0].n);
  const list: InvoicePreview[] = rows.map((r) => ({
    affiliate: { uuid: r.affiliate_id, name: nameOf(r.first_name, r.last_name, r.email), email: r.email },
    currency: r.currency,
    total: Number(r.total),
    conversions: Number(r.conversions),
    lines: linesOf(r),
    payment_system: r.payment_system,
  }));
  return { list, below_minimum: below };
};

export type CreatedInvoice = { id: string; affiliateId: string; number: string; currency: string; total: number };

/**
 * Another generation took a conversion first: the unique index refused this one's item, or, when the two took their
 * items in different orders, each waited for the other and PostgreSQL cancelled this one (deadlock_detected).
 */
const isLiveItemClash = (err: unknown) => {
  for (let e: any = err; e && typeof e === 'object'; e = e.cause)
    if ((e.code === '23505' && String(e.constraint).startsWith('invoice_items_live_')) || e.code === '40P01')
      return true;
  return false;
};

export const CLASH_MESSAGE =
  'Another generation took some of these conversions at the same moment; nothing was created. Preview again.';

/**
 * Creates the invoices of `scope` in one statement of its own transaction, with their lines, items and audit rows.
 * Picked conversions must all still be free when it runs, else nothing is written (409), as when another generation
 * wins the race for a conversion.
 */
export const generateInvoices = async (db: Db, scope: GenerateScope, actorId: string, ip: string) => {
  try {
    return await db.transaction(async (tx) => {
      // A month of a network is hundreds of thousands of rows to hash: in memory, not spilled to temporary files.
      await pgOf(tx).query(`set local work_mem = '64MB'`);
      const { rows } = await pgOf(tx).query<{
        id: string;
        affiliate_id: string;
        number: string;
        currency: string;
        total: string;
        picked: string;
        adjusted: string;
        taken: string;
      }>(generateSql(scope), [...paramsOf(scope), actorId, ip]);
      if (scope.kind === 'picked' && Number(rows[0]?.picked ?? 0) !== scope.conversionIds.length)
        throw new AppError(409, { conversion_uuids: CLASH_MESSAGE });
      // The row locks make a second generation re-read taken adjustments and leave them out; this is the guard in
      // case it ever did not (docs/decisions/060-pending-adjustments.md).
      if (rows.length && Number(rows[0].adjusted) !== Number(rows[0].taken))
        throw new AppError(409, { [scope.kind === 'picked' ? 'conversion_uuids' : 'date_from']: CLASH_MESSAGE });
      return rows.map((r): CreatedInvoice => ({
        id: r.id,
        affiliateId: r.affiliate_id,
        number: r.number,
        currency: r.currency,
        total: Number(r.total),
      }));
    });
  } catch (err) {
    if (isLiveItemClash(err))
      throw new AppError(409, { [scope.kind === 'picked' ? 'conversion_uuids' : 'date_from']: CLASH_MESSAGE });
    throw err;
  }
};
