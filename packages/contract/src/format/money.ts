import type { Currency } from '../constants/constants.data.ts';

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Money is held as integer minor units (docs/architecture.md); 1234 EUR → "€12.34".
 * narrowSymbol so UAH shows "₴" rather than "UAH"; '' for a non-finite amount.
 */
export function formatMoney(minor: number, currency: Currency): string {
  if (!Number.isFinite(minor)) return '';
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(currency, formatter);
  }
  return formatter.format(Math.round(minor) / 100);
}
