import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { pgOf } from '../../lib/plain-sql.ts';
import { money } from './invoice-history.ts';

type Picked = {
  id: string;
  affiliate_id: string;
  currency: string;
  status: string;
  flow: string;
  is_test: boolean;
  payout: string;
  invoice_number: string | null;
  affiliate_status: string;
};

const PICKED_SQL = `
select c.id, c.affiliate_id, c.currency, c.status, c.flow, c.is_test, c.payout, u.status as affiliate_status,
  (select v.number from invoice_items i join invoices v on v.id = i.invoice_id
    where i.conversion_id = c.id and i.live limit 1) as invoice_number
from conversions c join users u on u.id = c.affiliate_id
where c.id = any($1::uuid[])`;

const some = (rows: { id: string }[]) =>
  rows
    .slice(0, 3)
    .map((r) => r.id)
    .join(', ') + (rows.length > 3 ? ` and ${rows.length - 3} more` : '');

/**
 * Conversions picked by hand make one invoice: each must exist, be approved real money, be in no live invoice, and
 * all must be one affiliate's in one currency. The first broken rule is the 400's message.
 */
export const checkPicked = async (db: Db, ids: string[]) => {
  const unique = [...new Set(ids)];
  const { rows } = await pgOf(db).query<Picked>(PICKED_SQL, [unique]);
  const fail = (message: string) => badRequest('conversion_uuids', message);
  const found = new Set(rows.map((r) => r.id));
  const missing = unique.filter((id) => !found.has(id)).map((id) => ({ id }));
  if (missing.length) throw fail(`Unknown conversion: ${some(missing)}`);
  const notMoney = rows.filter((r) => r.is_test || r.flow !== 'accepted');
  if (notMoney.length) throw fail(`Test or trafficback conversions are never invoiced: ${some(notMoney)}`);
  const notApproved = rows.filter((r) => r.status !== 'approved');
  if (notApproved.length) throw fail(`Only approved conversions can be invoiced; not approved: ${some(notApproved)}`);
  const invoiced = rows.find((r) => r.invoice_number);
  if (invoiced) throw fail(`Conversion ${invoiced.id} is already in invoice ${invoiced.invoice_number}`);
  if (new Set(rows.map((r) => r.affiliate_id)).size > 1)
    throw fail('The conversions belong to more than one affiliate; one invoice pays one affiliate');
  if (new Set(rows.map((r) => r.currency)).size > 1)
    throw fail('The conversions are in more than one currency; one invoice has one currency');
  if (rows[0].affiliate_status === 'deleted') throw fail('The affiliate of these conversions is deleted');
  await checkTotal(db, rows, fail);
  return unique;
};

/**
 * The invoice takes the affiliate's pending adjustments of that currency too (docs/product/billing.md, "Adjustments
 * from reconciliation"); an invoice never owes money back, so a total of zero or less is refused.
 */
const checkTotal = async (db: Db, rows: Picked[], fail: (message: string) => Error) => {
  const { affiliate_id, currency } = rows[0];
  const { rows: adj } = await pgOf(db).query<{ n: string; amount: string }>(
    `select count(*) as n, coalesce(sum(amount), 0) as amount from billing_adjustments
      where invoice_id is null and affiliate_id = $1 and currency = $2`,
    [affiliate_id, currency],
  );
  const total = rows.reduce((s, r) => s + Number(r.payout), 0) + Number(adj[0].amount);
  if (total > 0) return;
  const pending = Number(adj[0].n)
    ? ` with the affiliate's pending adjustments of ${money(adj[0].amount, currency)}`
    : '';
  throw fail(`The invoice's total would be ${money(total, currency)}${pending}; an invoice's total must be above zero`);
};
