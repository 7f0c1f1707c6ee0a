import type { z } from 'zod';
import type { payoutBatchRowSchema } from '@pxl/contract/billing/index';
import { buildCsv, type CsvFile } from '@pxl/contract/csv/build-csv';
import { csvAmount, paymentSystemText } from './invoice-labels.tsx';

export type PayoutRow = z.infer<typeof payoutBatchRowSchema>;

const MAPPER = {
  number: 'Invoice',
  affiliate: 'Affiliate',
  email: 'Email',
  payment_system: 'Payment system',
  account_details: 'Account details',
  amount: 'Amount',
  currency: 'Currency',
};

/** Invoices with no payment system chosen go to a file of their own, to be sorted out by hand. */
const NONE = 'no-payment-system';

/**
 * The payout batch as one CSV per payment system (a bank or a wallet takes one file each): the open amount of every
 * invoice with the affiliate's account details. `day` (YYYY-MM-DD) names the files.
 */
export function payoutBatchFiles(rows: readonly PayoutRow[], day: string): CsvFile[] {
  const groups = new Map<string, PayoutRow[]>();
  for (const row of rows) {
    if (row.amount <= 0) continue;
    const key = row.payment_system ?? NONE;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([system, list]) =>
      buildCsv({
        filename: `payout-batch-${system.replace(/_/g, '-')}-${day}`,
        customMapper: MAPPER,
        rows: list.map((r) => ({
          number: r.number,
          affiliate: r.affiliate.name,
          email: r.affiliate.email,
          payment_system: paymentSystemText(r.payment_system),
          account_details: r.account_details ?? '',
          amount: csvAmount(r.amount),
          currency: r.currency,
        })),
      }),
    );
}
