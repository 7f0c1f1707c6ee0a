export type CurrencyTotal = { currency: string; total: number; paid: number };

/**
 * Totals of the invoices on the page, one row per currency (never added across currencies): the total from the
 * response's `total` (the server's sums per currency), the paid part summed from the same rows.
 */
export function currencyTotals(
  total: Record<string, number> | undefined | null,
  rows: readonly { currency: string; paid: number }[],
): CurrencyTotal[] {
  return Object.entries(total ?? {})
    .filter(([, value]) => Number.isFinite(value))
    .map(([currency, value]) => ({
      currency,
      total: value,
      paid: rows.filter((r) => r.currency === currency).reduce((sum, r) => sum + r.paid, 0),
    }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
}
