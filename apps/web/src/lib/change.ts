// The change of a figure against the previous period, shared by the dashboard and the statistics' "compare".

/** Change from the previous period in percent, one decimal; null when there is nothing to compare with. */
export function percentChange(current: number | null | undefined, previous: number | null | undefined): number | null {
  if (current === null || current === undefined || previous === null || previous === undefined) return null;
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}

/** "+12.5%", "−3%", "0%"; null reads "new" (nothing before). */
export function changeText(change: number | null): string {
  if (change === null) return 'new';
  if (change === 0) return '0%';
  return `${change > 0 ? '+' : '−'}${Math.abs(change)}%`;
}

export type MoneyChange = { currency: string; current: number; previous: number; change: number | null };

/** Money maps compared currency by currency (amounts of different currencies are never added). */
export function moneyChanges(
  current: Record<string, number> = {},
  previous: Record<string, number> = {},
): MoneyChange[] {
  const currencies = [...new Set([...Object.keys(current), ...Object.keys(previous)])].sort();
  return currencies.map((currency) => {
    const now = current[currency] ?? 0;
    const before = previous[currency] ?? 0;
    return { currency, current: now, previous: before, change: percentChange(now, before) };
  });
}
