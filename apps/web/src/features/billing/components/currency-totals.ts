import { CURRENCIES } from '@pxl/contract/constants/constants.data';

export type CurrencyTotal = { currency: string; total: number; paid: number };

const CODE = new RegExp(`(^|[^A-Z])(${CURRENCIES.join('|')})([^A-Z]|$)`);

/**
 * The list's `total` (figures summed per currency by the server) as one row per currency. A key names its currency
 * ("USD", "total.USD", "paid_USD"); a key that names "paid" is the paid figure, any other the invoices' total.
 */
export function currencyTotals(total: Record<string, number> | undefined | null): CurrencyTotal[] {
  const rows = new Map<string, CurrencyTotal>();
  for (const [key, value] of Object.entries(total ?? {})) {
    const currency = CODE.exec(key)?.[2];
    if (!currency || !Number.isFinite(value)) continue;
    const row = rows.get(currency) ?? { currency, total: 0, paid: 0 };
    if (/paid/i.test(key)) row.paid += value;
    else row.total += value;
    rows.set(currency, row);
  }
  return [...rows.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}
